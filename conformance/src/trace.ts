/**
 * Portable traces. Every request a case makes, and every fixture call, is recorded as a step with
 * the expectations checked on it. Identifiers the implementation generated are bound to variables
 * (`{{v1}}`) so the trace replays against any base URL; credentials are never written: they are
 * placeholders (`{{admin_key}}`, `{{workspace_key}}`, `{{access_token:N}}`).
 */

export type Expectation =
  | { readonly kind: 'status'; readonly equals: number }
  | { readonly kind: 'status-class'; readonly equals: '2xx' | '4xx' }
  | { readonly kind: 'error-body' }
  /** The value at `pointer` holds `equals` as data (additional fields of objects allowed). */
  | { readonly kind: 'field'; readonly pointer: string; readonly equals: unknown }
  /**
   * The body matches the operation's contract; `vendor`: the vendor name the server was built for,
   * when not the published one (its derived names are read as the published ones).
   */
  | { readonly kind: 'schema'; readonly operation: string; readonly vendor?: string }
  /**
   * The same body as an earlier step's, as data; `ignore` lists pointers whose values may differ
   * (per-answer noise such as request ids), `unordered` compares arrays as multisets.
   */
  | {
      readonly kind: 'same-body-as';
      readonly step: number;
      readonly ignore?: readonly string[];
      readonly unordered?: boolean;
    };

export interface HttpRequestRecord {
  readonly method: string;
  /** Path under the base URL, or an absolute URL (both may hold `{{var}}`). */
  readonly target: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: unknown;
  /** A raw body sent as is (malformed JSON cases). */
  readonly rawBody?: string;
}

export interface HttpStep {
  readonly kind: 'http';
  readonly operation?: string;
  readonly request: HttpRequestRecord;
  readonly expect: Expectation[];
  /** Variables bound from this step's response: name -> JSON pointer into the body. */
  readonly bind: Record<string, string>;
  actual?: { status: number; body: unknown };
}

export interface FixtureStep {
  readonly kind: 'fixture';
  readonly call: string;
  readonly args: readonly unknown[];
  readonly bind: Record<string, string>;
  result?: unknown;
}

export type Step = HttpStep | FixtureStep;

export interface Trace {
  readonly format: 'vendor-api-conformance-trace';
  readonly version: 1;
  readonly caseId: string;
  readonly title: string;
  readonly requirements: readonly string[];
  readonly seed: number;
  readonly path?: string;
  readonly counterexample?: string;
  readonly failure: { readonly step: number | null; readonly message: string };
  readonly steps: readonly Step[];
}

/**
 * Generated identifiers (a lower-case prefix, `_`, then an opaque part of 8 or more characters with
 * a digit or capital in it) and absolute URLs; words like `memory_store` are not identifiers.
 */
const ID_LIKE = /^(?:[a-z]+_(?=[A-Za-z0-9_-]*[0-9A-Z])[A-Za-z0-9_-]{8,}|https?:\/\/\S+)$/;

/**
 * Members whose values are credentials wherever they appear (an exchange's answer, a fixture's new
 * workspace key, a control API's discovery): written as placeholders even before they are used.
 */
const SECRET_MEMBERS: ReadonlySet<string> = new Set([
  'access_token',
  'refresh_token',
  'id_token',
  'api_key',
  'apiKey',
  'admin_key',
  'adminKey',
  'workspace_key',
  'workspaceKey',
  'client_secret',
  'secret',
  'token',
]);

/** The placeholders of the target's own credentials: replay fills them, a trace never binds them. */
export const CREDENTIAL_PLACEHOLDERS: readonly string[] = ['admin_key', 'workspace_key', 'workspace_key_2'];

/** Records steps, binds generated identifiers to variables and hides secrets. */
export class Recorder {
  readonly steps: Step[] = [];
  private readonly vars = new Map<string, string>();
  private readonly secrets = new Map<string, string>();
  /**
   * The bodies of the answers as they came (by step index), never written to the trace: checks
   * that compare two answers compare the data itself. The portable form of an answer depends on
   * the variables and secrets known when it was taken, so two identical answers taken on either
   * side of a new binding would differ in their portable forms.
   */
  private readonly raw = new Map<number, unknown>();
  private counter = 0;
  /** The variables, longest identifier first (so none is replaced inside a longer one); reset on a new binding. */
  private longestFirst: [string, string][] | undefined;

  /** Registers a secret value and the placeholder written instead of it. */
  secret(value: string, placeholder: string): void {
    if (value) this.secrets.set(value, placeholder);
  }

  /** Binds identifier-like strings of a response body (up to two levels deep) to variables. */
  bindFrom(body: unknown, bind: Record<string, string>, pointer = '', depth = 0): void {
    if (depth > 2 || body === null || typeof body !== 'object') return;
    for (const [k, v] of Object.entries(body)) {
      const p = `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (typeof v === 'string' && ID_LIKE.test(v) && !this.vars.has(v) && !this.secrets.has(v)) {
        const name = `v${++this.counter}`;
        this.vars.set(v, name);
        this.longestFirst = undefined;
        bind[name] = p;
      } else if (typeof v === 'object') this.bindFrom(v, bind, p, depth + 1);
    }
  }

  /**
   * The value with bound identifiers and secrets replaced by placeholders; the value of a member
   * named as a credential (`SECRET_MEMBERS`) becomes a secret of its own (`{{secret:N}}`).
   */
  portable<T>(value: T): T {
    if (typeof value === 'string') {
      let s: string = value;
      for (const [secret, placeholder] of this.secrets)
        if (s.includes(secret)) s = s.split(secret).join(`{{${placeholder}}}`);
      this.longestFirst ??= [...this.vars].sort((a, b) => b[0].length - a[0].length);
      for (const [v, name] of this.longestFirst) if (s.includes(v)) s = s.split(v).join(`{{${name}}}`);
      return s as T;
    }
    if (Array.isArray(value)) return value.map((x) => this.portable(x)) as T;
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => {
          if (SECRET_MEMBERS.has(k) && typeof v === 'string' && v.length >= 8 && !this.secrets.has(v))
            this.secret(v, `secret:${++this.secretCounter}`);
          return [k, this.portable(v)];
        }),
      ) as T;
    }
    return value;
  }
  private secretCounter = 0;

  /** Keeps the body of the answer of step `index` as it came (see `raw`). */
  keepRaw(index: number, body: unknown): void {
    this.raw.set(index, body);
  }

  /** The body of the answer of step `index` as it came; its recorded form when none was kept. */
  rawBody(index: number): unknown {
    if (this.raw.has(index)) return this.raw.get(index);
    const step = this.steps[index];
    return step?.kind === 'http' ? step.actual?.body : undefined;
  }

  add<S extends Step>(step: S): S {
    this.steps.push(step);
    return step;
  }

  get requestCount(): number {
    return this.steps.filter((s) => s.kind === 'http').length;
  }
}

/** Resolves a JSON pointer in a value. */
export function at(value: unknown, pointer: string): unknown {
  if (pointer === '' || pointer === '/') return value;
  let cur: unknown = value;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/** Replaces `{{name}}` placeholders using a variable table; unknown names are left as they are. */
export function fill<T>(value: T, vars: ReadonlyMap<string, string>): T {
  if (typeof value === 'string') {
    return value.replace(/\{\{([a-z_0-9:]+)\}\}/g, (m, name: string) => vars.get(name) ?? m) as T;
  }
  if (Array.isArray(value)) return value.map((x) => fill(x, vars)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, vars)])) as T;
  }
  return value;
}

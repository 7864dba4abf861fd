/**
 * Judges one run of a client case: the driver's outcome lines against the expected outcome, what
 * the judging server saw against the wire expectations and the rules every request obeys, and the
 * files the client left behind. Returns the problems found (none: the case passed).
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { access, BETA_IDENTIFIERS, pathPattern, spec, type Vendor } from '@vendor-api/spec';
import type { WIRE_RULES } from './cases.js';
import type { JudgingServer, SeenExchange } from './judging-server.js';
import {
  type ClientCase,
  CONSTRUCT_ID,
  ERROR_KINDS,
  type FileExpectation,
  type OutcomeLine,
} from './protocol.js';

/** Parses the driver's output: one JSON object per line; other lines are the driver's own. */
export function parseOutcomes(stdout: string): { lines: Map<string, OutcomeLine>; problems: string[] } {
  const lines = new Map<string, OutcomeLine>();
  const problems: string[] = [];
  for (const raw of stdout.split('\n')) {
    const text = raw.trim();
    if (!text.startsWith('{')) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      problems.push(`the driver printed a line that is not JSON: ${text.slice(0, 120)}`);
      continue;
    }
    const o = parsed as Partial<OutcomeLine> & { error?: { kind?: unknown } };
    if (typeof o.id !== 'string' || typeof o.ok !== 'boolean') {
      problems.push(`an outcome line needs "id" (string) and "ok" (boolean): ${text.slice(0, 120)}`);
      continue;
    }
    if (!o.ok && !ERROR_KINDS.includes(o.error?.kind as never)) {
      problems.push(
        `outcome ${o.id}: error.kind must be one of ${ERROR_KINDS.join(', ')}: ${text.slice(0, 120)}`,
      );
      continue;
    }
    lines.set(o.id, o as OutcomeLine);
  }
  return { lines, problems };
}

const show = (o: OutcomeLine | undefined) => (o ? JSON.stringify(o) : 'no outcome line');

function judgeOutcome(c: ClientCase, lines: Map<string, OutcomeLine>, server: JudgingServer): string[] {
  const want = c.expect.outcome;
  const calls = c.calls.filter((x) => x.op !== 'wait');
  const construct = lines.get(CONSTRUCT_ID);
  if (want.ok) {
    const problems: string[] = [];
    if (!construct?.ok) problems.push(`constructing the client: expected success, got ${show(construct)}`);
    for (const call of calls) {
      const got = lines.get(call.id);
      if (!got?.ok) {
        problems.push(`call ${call.id} (${call.op}): expected success, got ${show(got)}`);
        continue;
      }
      const expected = want.results?.[call.id];
      if (expected !== undefined && !isDeepStrictEqual(got.result, expected))
        problems.push(
          `call ${call.id} (${call.op}): expected result ${JSON.stringify(expected)}, got ${JSON.stringify(got.result)}`,
        );
    }
    return problems;
  }
  // A failure is expected: the first failing line (construction, then the calls in order).
  let failed: OutcomeLine | undefined;
  let where = '';
  if (construct && !construct.ok) {
    if (want.at === 'call')
      return [
        `constructing the client failed (${show(construct)}); the documents put this failure at the call`,
      ];
    failed = construct;
    where = 'constructing the client';
  } else if (!construct) {
    return ['no outcome line for constructing the client'];
  } else {
    for (const call of calls) {
      const got = lines.get(call.id);
      if (!got) return [`call ${call.id} (${call.op}): no outcome line`];
      if (!got.ok) {
        failed = got;
        where = `call ${call.id} (${call.op})`;
        break;
      }
    }
  }
  if (!failed || failed.ok)
    return [`expected a failure of kind ${want.kind.join(' or ')}, but every call succeeded`];
  const problems: string[] = [];
  if (!want.kind.includes(failed.error.kind))
    problems.push(`${where}: expected a failure of kind ${want.kind.join(' or ')}, got ${show(failed)}`);
  if (want.from_exchange_answer) {
    const answer = [...server.exchanges].reverse().find((x) => x.status >= 400);
    if (!answer) problems.push('no exchange was refused, so the typed exchange error has nothing to carry');
    else {
      if (failed.error.status !== answer.status)
        problems.push(
          `${where}: the exchange error's status is ${failed.error.status}, the answer's ${answer.status}`,
        );
      // The documents do not say where the request id travels: any place the answer carried it
      // is good, and none only when the answer left out a place this client may be reading.
      const got = failed.error.request_id ?? null;
      if (got === null ? answer.requestIdEverywhere : !answer.requestIds.includes(got))
        problems.push(
          `${where}: the exchange error's request_id is ${JSON.stringify(got)}, the answer carried ${answer.requestIds.map((x) => JSON.stringify(x)).join(' and ') || 'none'}${answer.requestIdEverywhere ? ' in every place a client may read it' : ''}`,
        );
      if (answer.errorType !== null && failed.error.type !== answer.errorType)
        problems.push(
          `${where}: the exchange error's body type is ${JSON.stringify(failed.error.type)}, the answer's ${answer.errorType}`,
        );
    }
  }
  return problems;
}

/** A rule every request is held to (`WIRE_RULES`), broken by a request of the run. */
export interface WireBreak {
  readonly rule: (typeof WIRE_RULES)[number];
  /** What was wrong, without the request's own values (the same text on every case it breaks). */
  readonly problem: string;
}

/** The path template of the operation a request reached (its own path when none matches). */
function templateOf(method: string, path: string): string {
  const e = spec.endpoints.find((x) => x.method === method && x.path && pathPattern(x.path).test(path));
  return e?.path ?? path;
}

/**
 * The rules every request is held to: the version header, and beta identifiers (when sent)
 * comma-separated in one header. Each broken rule once per distinct problem.
 */
export function judgeWireRules(server: Pick<JudgingServer, 'requests'>, v: Vendor): WireBreak[] {
  const out = new Map<string, WireBreak>();
  const add = (b: WireBreak) => out.set(`${b.rule} ${b.problem}`, b);
  for (const r of server.requests) {
    const what = `${r.method} ${templateOf(r.method, r.path)}`;
    const version = r.headers[v.headers.version];
    if (version !== v.apiVersion)
      add({
        rule: 'VERSION-HEADER-EVERY-REQUEST',
        problem: `${what}: ${v.headers.version} is ${version === undefined ? 'missing' : JSON.stringify(version)}, not ${v.apiVersion}`,
      });
    const beta = r.headers[v.headers.beta];
    if (beta !== undefined) {
      const bad = beta
        .split(',')
        .map((b) => b.trim())
        .filter((b) => !(BETA_IDENTIFIERS as readonly string[]).includes(b));
      if (bad.length)
        add({
          rule: bad.some((b) => b.includes(' ') || b.includes(';'))
            ? 'BETA-HEADER-COMMA-SEPARATED'
            : 'BETA-IDENTIFIERS-ALLOWED',
          problem: `${what}: ${v.headers.beta} carries ${bad.map((b) => JSON.stringify(b)).join(', ')}`,
        });
    }
  }
  return [...out.values()];
}

function judgeWire(c: ClientCase, server: JudgingServer, dirs: SecretDirs): Promise<string[]> | string[] {
  const problems: string[] = [];
  const w = c.expect.wire ?? {};
  const api = server.requests.filter((r) => !r.exchange);
  if (w.no_requests && server.requests.length)
    problems.push(
      `expected no request at all, the client sent ${server.requests.map((r) => `${r.method} ${r.path}`).join(', ')}`,
    );
  const issued = new Set(server.exchanges.flatMap((x) => (x.accessToken ? [x.accessToken] : [])));
  const cred = w.credential;
  if (cred) {
    if (api.length === 0) problems.push('the client sent no API request');
    for (const r of api) {
      const key = r.headers[access.API_KEY_HEADER];
      const auth = r.headers[access.AUTHORIZATION_HEADER];
      const token = auth?.startsWith('Bearer ') ? auth.slice('Bearer '.length) : undefined;
      const where = `${r.method} ${r.path}`;
      if ('api_key' in cred) {
        if (key !== cred.api_key || auth !== undefined)
          problems.push(
            `${where}: expected the API key ${cred.api_key.slice(0, 12)}…, got ${describe(key, auth)}`,
          );
      } else if ('bearer' in cred) {
        if (token !== cred.bearer || key !== undefined)
          problems.push(
            `${where}: expected the bearer token ${cred.bearer.slice(0, 20)}…, got ${describe(key, auth)}`,
          );
      } else if (token === undefined || !issued.has(token) || key !== undefined) {
        problems.push(`${where}: expected a token this run's exchange issued, got ${describe(key, auth)}`);
      }
    }
  }
  const x = w.exchanges;
  if (x) {
    const n = server.exchanges.length;
    if (x.count !== undefined && n !== x.count)
      problems.push(`expected ${x.count} token exchanges, the client made ${n}`);
    if (x.min !== undefined && n < x.min)
      problems.push(`expected at least ${x.min} token exchanges, the client made ${n}`);
    x.assertions?.forEach((a, i) => {
      const got = server.exchanges[i]?.body.assertion;
      if (got !== undefined && got !== a)
        problems.push(`exchange ${i + 1} carried another identity token than the case's`);
    });
    for (const [i, e] of server.exchanges.entries()) {
      const fields = ['federation_rule_id', 'organization_id', 'service_account_id'] as const;
      for (const field of fields) {
        const want = x[field];
        if (want !== undefined && e.body[field] !== want)
          problems.push(
            `exchange ${i + 1}: ${field} is ${JSON.stringify(e.body[field])}, expected ${JSON.stringify(want)}`,
          );
      }
      if (x.workspace_id !== undefined) {
        const got = e.body.workspace_id;
        const absent = got === undefined || got === null;
        if (x.workspace_id === null ? !absent : got !== x.workspace_id)
          problems.push(
            `exchange ${i + 1}: workspace_id is ${JSON.stringify(got)}, expected ${x.workspace_id === null ? 'none' : JSON.stringify(x.workspace_id)}`,
          );
      }
    }
  }
  for (const secret of w.never_sent ?? [])
    for (const r of server.requests)
      if (
        `${r.headers[access.API_KEY_HEADER] ?? ''} ${r.headers[access.AUTHORIZATION_HEADER] ?? ''}`.includes(
          secret,
        )
      )
        problems.push(`${r.method} ${r.path} carried a credential the client must not send`);
  for (const s of w.sent ?? []) {
    const re = pathPattern(s.path);
    const n = server.requests.filter((r) => r.method === s.method && re.test(r.path)).length;
    if (n < s.min) problems.push(`expected at least ${s.min} × ${s.method} ${s.path}, the client sent ${n}`);
  }
  if (w.secrets_only_in !== undefined) return secretsOnlyIn(w.secrets_only_in, server, dirs, problems);
  return problems;
}

/** The directories a client case prepared (its home, its scratch directory). */
export interface SecretDirs {
  readonly home: string;
  readonly work: string;
}

/** Files under `dir` (bounded: a client writes a few), each at most `limit` bytes read. */
async function filesUnder(dir: string, out: string[] = [], depth = 0): Promise<string[]> {
  if (depth > 8 || out.length > 500) return out;
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) await filesUnder(path, out, depth + 1);
    else if (e.isFile()) out.push(path);
  }
  return out;
}

/** PROFILE-CREDENTIALS-PATH: an access token of this run is written only to `allowed`. */
async function secretsOnlyIn(
  allowed: string,
  server: JudgingServer,
  dirs: SecretDirs,
  problems: string[],
): Promise<string[]> {
  const issued = server.exchanges.flatMap((x) => (x.accessToken ? [x.accessToken] : []));
  if (issued.length === 0) return problems;
  // The configuration directory's layout is the documents' (configs/ non-secret, credentials/
  // secret); elsewhere a client may keep its own cache, if no one else can read it.
  const configDir = dirname(dirname(allowed));
  const files = [...(await filesUnder(dirs.home)), ...(await filesUnder(dirs.work))];
  for (const path of files) {
    if (path === allowed) continue;
    let text: string;
    let mode: number;
    try {
      const info = await stat(path);
      if (info.size > 1_000_000) continue;
      mode = info.mode & 0o777;
      text = await readFile(path, 'utf8');
    } catch {
      continue;
    }
    if (!issued.some((t) => text.includes(t))) continue;
    if (path.startsWith(`${configDir}${sep}`))
      problems.push(
        `${path}: holds an access token of this run; in the configuration directory the documents put it in ${allowed} only`,
      );
    else if (mode & 0o077)
      problems.push(
        `${path}: holds an access token of this run with mode ${mode.toString(8).padStart(4, '0')} (others may read it)`,
      );
  }
  return problems;
}

function describe(key: string | undefined, auth: string | undefined): string {
  if (key === undefined && auth === undefined) return 'no credential';
  const parts: string[] = [];
  if (key !== undefined) parts.push(`x-api-key ${key === '' ? '(empty)' : `${key.slice(0, 12)}…`}`);
  if (auth !== undefined) parts.push(`authorization ${auth.slice(0, 27)}…`);
  return parts.join(' and ');
}

/** An `expires_at` as epoch ms: an ISO 8601 string, or seconds or milliseconds since the epoch. */
export function expiresAtMs(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value < 1e11 ? value * 1000 : value;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? undefined : ms;
  }
  return undefined;
}

/** Leeway of `expires_at` against this machine's clock (rounding to seconds, a slow write). */
const EXPIRES_AT_LEEWAY_MS = 60_000;

async function judgeFile(
  f: FileExpectation,
  exchanges: readonly SeenExchange[],
  existedBefore: boolean,
): Promise<string[]> {
  const issued = new Set(exchanges.flatMap((x) => (x.accessToken ? [x.accessToken] : [])));
  let mode: number;
  try {
    mode = (await stat(f.path)).mode & 0o777;
  } catch {
    return f.if_exists || f.if_rewritten ? [] : [`${f.path}: the client did not write it`];
  }
  let json: Record<string, unknown> | undefined;
  let jsonError: string | undefined;
  try {
    json = JSON.parse(await readFile(f.path, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    jsonError = `${f.path}: not JSON (${(error as Error).message})`;
  }
  // A file the case wrote and the client left as it was is none of the client's doing.
  if (f.if_rewritten && (!existedBefore || !issued.has(json?.access_token as string))) return [];
  const problems: string[] = [];
  if (f.mode !== undefined && mode !== Number.parseInt(f.mode, 8))
    problems.push(
      `${f.path}: mode ${mode.toString(8).padStart(4, '0')}, expected ${f.mode}${existedBefore ? ' (the client rewrote a file of mode 0644)' : ''}`,
    );
  if (!f.access_token_from_exchange && !f.expires_at_from_exchange && !f.json_subset && !f.json_patterns)
    return problems;
  if (!json) return [...problems, jsonError ?? `${f.path}: not JSON`];
  if (f.access_token_from_exchange && !issued.has(json.access_token as string))
    problems.push(`${f.path}: access_token is not a token this run's exchange issued`);
  if (f.expires_at_from_exchange) {
    const x = exchanges.find((e) => e.accessToken !== null && e.accessToken === json.access_token);
    const at = expiresAtMs(json.expires_at);
    if (at === undefined)
      problems.push(
        `${f.path}: expires_at is ${JSON.stringify(json.expires_at)}, not an instant (an ISO 8601 timestamp or seconds since the epoch)`,
      );
    else if (x && x.expiresIn !== null) {
      const latest = x.answeredAt + x.expiresIn * 1000 + EXPIRES_AT_LEEWAY_MS;
      if (at > latest || at < x.askedAt - EXPIRES_AT_LEEWAY_MS)
        problems.push(
          `${f.path}: expires_at is ${JSON.stringify(json.expires_at)}; the token was answered with expires_in ${x.expiresIn} at ${new Date(x.answeredAt).toISOString()}`,
        );
    }
  }
  for (const [k, want] of Object.entries(f.json_subset ?? {}))
    if (!isDeepStrictEqual(json[k], want))
      problems.push(`${f.path}: ${k} is ${JSON.stringify(json[k])}, expected ${JSON.stringify(want)}`);
  for (const [k, pattern] of Object.entries(f.json_patterns ?? {}))
    if (typeof json[k] !== 'string' || !new RegExp(pattern).test(json[k] as string))
      problems.push(`${f.path}: ${k} is ${JSON.stringify(json[k])}, expected a string matching ${pattern}`);
  return problems;
}

/** The case's own problems, and the rules every request is held to that the run broke. */
export interface Judgement {
  readonly problems: readonly string[];
  readonly wire: readonly WireBreak[];
}

export async function judge(
  c: ClientCase,
  lines: Map<string, OutcomeLine>,
  server: JudgingServer,
  v: Vendor,
  dirs: SecretDirs,
): Promise<Judgement> {
  const before = new Set((c.setup.files ?? []).map((f) => f.path));
  const files = await Promise.all(
    (c.expect.files ?? []).map((f) => judgeFile(f, server.exchanges, before.has(f.path))),
  );
  return {
    problems: [...judgeOutcome(c, lines, server), ...(await judgeWire(c, server, dirs)), ...files.flat()],
    wire: judgeWireRules(server, v),
  };
}

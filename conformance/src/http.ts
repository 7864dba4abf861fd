/**
 * The suite's HTTP client: undici, one request at a time per case, every exchange recorded in the
 * case's trace, and every response checked against the contract form of the spec's schemas (what
 * the documents require, open where they are silent) unless a case says the body is not asserted.
 */
import {
  access,
  type BodyOf,
  spec as defaultSpec,
  encodePath,
  type Operation,
  type OperationId,
  operation,
  type PathParamsOf,
  vendor as publishedVendor,
  type QueryOf,
  type ResponseBodyOf,
  type VendorSpec,
} from '@vendor-api/spec';
import { Agent, request } from 'undici';
import type { Target } from './adapter.js';
import { check } from './expectations.js';
import type { Expectation, HttpStep, Recorder } from './trace.js';

export type Auth =
  | 'workspace'
  | 'admin'
  | 'none'
  | { readonly apiKey: string; readonly placeholder: string }
  | { readonly bearer: string; readonly placeholder: string };

/** What a request may carry beyond its path parameters, query and body. */
interface SendOptions {
  /** Sent as is instead of `body` (malformed JSON). */
  readonly rawBody?: string;
  /** Defaults to the workspace key (or none for operations that take no credential). */
  readonly auth?: Auth;
  /** Replaces the beta header value (default: the operation's required betas). `null` omits it. */
  readonly betas?: readonly string[] | null;
  /** Replaces the version header value; `null` omits it. */
  readonly version?: string | null;
  readonly headers?: Readonly<Record<string, string>>;
  /** Absolute URL (operations whose URL comes from a response field). */
  readonly url?: string;
}

/**
 * A request of any shape: what `callUnchecked` sends (negative inputs that break the documented
 * shape on purpose), and what a call naming any operation (`OperationId` itself, a loop over the
 * endpoint table) takes.
 */
export interface UncheckedCallOptions extends SendOptions {
  readonly path?: Readonly<Record<string, string>>;
  readonly query?: Readonly<Record<string, string | number | boolean | readonly string[]>>;
  readonly body?: unknown;
}

/** Readonly at every depth: a case may pass its frozen fixtures and `as const` data. */
type Deep<T> = T extends (infer E)[]
  ? readonly Deep<E>[]
  : T extends object
    ? { readonly [P in keyof T]: Deep<T[P]> }
    : T;

/** A request of one operation: its path parameters, query and body typed by the spec's schemas. */
export interface TypedCallOptions<K extends OperationId> extends SendOptions {
  readonly path?: Deep<PathParamsOf<K>>;
  readonly query?: Deep<QueryOf<K>>;
  readonly body?: Deep<BodyOf<K>>;
}

/**
 * The options of a call of operation `K`: typed by the operation when `K` names some operations,
 * of any shape when it is the whole `OperationId` (a loop over every endpoint).
 */
export type CallOptions<K extends OperationId = OperationId> = [OperationId] extends [K]
  ? UncheckedCallOptions
  : TypedCallOptions<K>;

/**
 * An answer. `B` is the operation's documented success body (`bodyOf` returns it once the answer
 * is a checked success); `body` itself is whatever came back, an error body included.
 */
export interface Response<B = unknown> {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
  readonly text: string;
  readonly step: HttpStep;
  readonly index: number;
  /** Whether the body was checked against the operation's documented contract. */
  readonly checked: boolean;
  /** Never set: carries the success body's type. */
  readonly success?: B;
}

export class CheckFailure extends Error {
  override readonly name = 'CheckFailure';
  constructor(
    message: string,
    readonly step: number | null,
  ) {
    super(message);
  }
}

const dispatcher = new Agent({ keepAliveTimeout: 10_000, connections: 8 });

/**
 * The most the suite reads of one answer. The documents bound no answer; the largest size the spec
 * writes is a batch's body (256 MB plus room, `access.BODY_LIMITS`), and a batch's results file,
 * which the documents call large, is read under the same bound. A larger answer fails its step
 * instead of growing the suite without end.
 */
export const MAX_ANSWER_BYTES = Math.max(...Object.values(access.BODY_LIMITS));

/** An answer that was not read whole: its deadline passed, or it grew past its byte cap. */
export class ReadError extends Error {
  override readonly name = 'ReadError';
  constructor(
    message: string,
    /** `deadline`: the whole answer did not come in time; `size`: it grew past the cap. */
    readonly kind: 'deadline' | 'size',
  ) {
    super(message);
  }
}

/** What bounds one exchange: a deadline for the whole of it (headers and body) and a byte cap. */
export interface ReadBounds {
  readonly timeoutMs: number;
  readonly maxBytes: number;
}

/**
 * One request, read whole within its bounds: undici's own timeouts are idle timers (a server that
 * drips a byte now and then never trips them), so a single deadline covers the headers and the
 * body, and the body is counted as it comes, never past `maxBytes`.
 */
export async function boundedRequest(
  url: string,
  options: {
    readonly method: string;
    readonly headers: Readonly<Record<string, string>>;
    readonly body?: string;
    readonly dispatcher?: Agent;
  },
  bounds: ReadBounds,
): Promise<{ status: number; headers: Record<string, string>; text: string }> {
  const controller = new AbortController();
  // Made when the deadline hits: an error's stack costs more than many a request.
  let expired: ReadError | undefined;
  const deadline = () =>
    (expired ??= new ReadError(`no whole answer within ${bounds.timeoutMs / 1000} s`, 'deadline'));
  const timer = setTimeout(() => controller.abort(deadline()), bounds.timeoutMs);
  try {
    const r = await request(url, {
      method: options.method as 'GET',
      headers: options.headers,
      ...(options.body !== undefined ? { body: options.body } : {}),
      ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
      signal: controller.signal,
      // Backstops only: the deadline above ends the exchange first.
      headersTimeout: bounds.timeoutMs + 1_000,
      bodyTimeout: bounds.timeoutMs + 1_000,
    });
    // Destroyed when the deadline or the cap ends it: that is no error of its own.
    r.body.on('error', () => undefined);
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of r.body as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > bounds.maxBytes) {
          r.body.destroy();
          throw new ReadError(`the answer exceeds ${bounds.maxBytes} bytes (status ${r.statusCode})`, 'size');
        }
        chunks.push(chunk);
      }
    } catch (error) {
      r.body.destroy();
      throw controller.signal.aborted ? deadline() : error;
    }
    const headers = Object.fromEntries(
      Object.entries(r.headers).map(([k, val]) => [
        k,
        Array.isArray(val) ? val.join(', ') : String(val ?? ''),
      ]),
    );
    return { status: r.statusCode, headers, text: Buffer.concat(chunks, size).toString('utf8') };
  } catch (error) {
    throw controller.signal.aborted ? deadline() : error;
  } finally {
    clearTimeout(timer);
  }
}

export class Http {
  readonly spec: VendorSpec;
  constructor(
    readonly target: Target,
    readonly recorder: Recorder,
    options: { spec?: VendorSpec; timeoutMs?: number; maxBytes?: number } = {},
  ) {
    this.spec = options.spec ?? defaultSpec;
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.maxBytes = options.maxBytes ?? MAX_ANSWER_BYTES;
    recorder.secret(target.adminKey, 'admin_key');
    recorder.secret(target.workspace.apiKey, 'workspace_key');
  }
  /** The deadline of one exchange, headers and body. */
  private readonly timeoutMs: number;
  private readonly maxBytes: number;

  endpoint(operationId: OperationId): Operation {
    return operation(this.spec, operationId);
  }

  /** Calls a documented operation. The response is checked against the contract unless `expectSchema: false`. */
  async call<K extends OperationId>(
    operationId: K,
    options: CallOptions<K> = {},
    expectSchema = true,
  ): Promise<Response<ResponseBodyOf<K>>> {
    return this.callUnchecked(operationId, options as UncheckedCallOptions, expectSchema);
  }

  /** `call` with a request of any shape (path, query and body not typed by the operation). */
  async callUnchecked<K extends OperationId>(
    operationId: K,
    options: UncheckedCallOptions = {},
    expectSchema = true,
  ): Promise<Response<ResponseBodyOf<K>>> {
    const e = this.endpoint(operationId);
    const path = encodePath(e.path ?? '', options.path ?? {});
    const auth =
      options.auth ??
      (e.auth.length === 0 ? 'none' : e.auth.includes('workspace_key') ? 'workspace' : 'admin');
    const betas = options.betas === undefined ? e.betas : options.betas;
    const res = await this.send(
      e.method,
      options.url ?? path + query(options.query),
      { auth, betas, version: options.version, headers: options.headers ?? {} },
      options,
      operationId,
    );
    if (expectSchema) {
      const { name } = this.spec.vendor;
      this.expect(res, [
        {
          kind: 'schema',
          operation: operationId,
          ...(name === publishedVendor.name ? {} : { vendor: name }),
        },
      ]);
    }
    return { ...res, checked: expectSchema } as Response<ResponseBodyOf<K>>;
  }

  /** Sends any request (unknown paths, raw bodies). */
  async raw(
    method: string,
    target: string,
    options: Omit<UncheckedCallOptions, 'path' | 'query' | 'url'> = {},
  ): Promise<Response> {
    return this.send(
      method,
      target,
      {
        auth: options.auth ?? 'workspace',
        betas: options.betas ?? null,
        version: options.version,
        headers: options.headers ?? {},
      },
      options,
    );
  }

  private async send(
    method: string,
    target: string,
    h: {
      auth: Auth;
      betas: readonly string[] | null;
      version: string | null | undefined;
      headers: Readonly<Record<string, string>>;
    },
    options: Pick<UncheckedCallOptions, 'body' | 'rawBody'>,
    operation?: OperationId,
  ): Promise<Response> {
    const v = this.spec.vendor;
    const headers: Record<string, string> = {};
    if (h.version !== null) headers[v.headers.version] = h.version ?? v.apiVersion;
    if (h.betas?.length) headers[v.headers.beta] = h.betas.join(',');
    const send = (kind: 'workspace_key' | 'admin_key' | 'access_token', secret: string) => {
      const { name, value } = access.credentialHeader(kind, secret);
      headers[name] = value;
    };
    if (h.auth === 'workspace') send('workspace_key', this.target.workspace.apiKey);
    else if (h.auth === 'admin') send('admin_key', this.target.adminKey);
    else if (h.auth !== 'none' && 'apiKey' in h.auth) {
      send('workspace_key', h.auth.apiKey);
      this.recorder.secret(h.auth.apiKey, h.auth.placeholder);
    } else if (h.auth !== 'none' && 'bearer' in h.auth) {
      send('access_token', h.auth.bearer);
      this.recorder.secret(h.auth.bearer, h.auth.placeholder);
    }
    Object.assign(headers, h.headers);
    let payload: string | undefined;
    if (options.rawBody !== undefined) payload = options.rawBody;
    else if (options.body !== undefined) payload = JSON.stringify(options.body);
    if (payload !== undefined && !Object.keys(headers).some((k) => k.toLowerCase() === 'content-type')) {
      headers['content-type'] = 'application/json';
    }
    const step = this.recorder.add<HttpStep>({
      kind: 'http',
      ...(operation ? { operation } : {}),
      request: this.recorder.portable({
        method,
        target,
        headers,
        ...(options.rawBody !== undefined
          ? { rawBody: options.rawBody }
          : options.body !== undefined
            ? { body: options.body }
            : {}),
      }),
      expect: [],
      bind: {},
    });
    const index = this.recorder.steps.length - 1;
    const url = /^https?:\/\//.test(target) ? target : this.target.baseUrl.replace(/\/$/, '') + target;
    let status: number;
    let text: string;
    let resHeaders: Record<string, string>;
    try {
      ({
        status,
        text,
        headers: resHeaders,
      } = await boundedRequest(
        url,
        { method, headers, ...(payload !== undefined ? { body: payload } : {}), dispatcher },
        { timeoutMs: this.timeoutMs, maxBytes: this.maxBytes },
      ));
    } catch (error) {
      const why = error instanceof ReadError ? error.message : `no response (${(error as Error).message})`;
      throw new CheckFailure(`${method} ${target}: ${why}`, index);
    }
    let body: unknown = text;
    const ct = resHeaders['content-type'] ?? '';
    // One JSON document: `application/json` or a `+json` type; JSON lines (ndjson, jsonl) and
    // anything else stay text.
    if (/^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i.test(ct) && text) {
      try {
        body = JSON.parse(text);
      } catch {
        throw new CheckFailure(
          `${method} ${target}: status ${status} with a body that is not JSON: ${this.recorder.portable(text.slice(0, 200))}`,
          index,
        );
      }
    }
    step.actual = { status, body: this.recorder.portable(body) };
    this.recorder.keepRaw(index, body);
    if (status >= 500)
      throw new CheckFailure(
        `${method} ${target}: server error ${status}: ${this.recorder.portable(text.slice(0, 300))}`,
        index,
      );
    this.recorder.bindFrom(body, step.bind);
    return { status, headers: resHeaders, body, text, step, index, checked: false };
  }

  /** Checks expectations on a response, records them in the trace, throws on the first that fails. */
  expect(res: Response, expectations: readonly Expectation[]): void {
    for (const e of expectations) {
      res.step.expect.push(e);
      // Answers are compared as they came (`same-body-as`), never in their portable forms: those
      // depend on the variables bound when each answer was taken.
      const problem = check(e, { status: res.status, body: res.body }, this.recorder.steps, (i) =>
        this.recorder.rawBody(i),
      );
      if (problem)
        throw new CheckFailure(
          `${res.step.request.method} ${res.step.request.target}: ${this.recorder.portable(problem)}`,
          res.index,
        );
    }
  }
}

function query(q: UncheckedCallOptions['query']): string {
  if (!q) return '';
  const parts: string[] = [];
  for (const [k, v] of Object.entries(q)) {
    const values = Array.isArray(v) ? v : [v];
    for (const value of values) parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(String(value))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

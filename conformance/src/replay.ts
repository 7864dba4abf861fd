/**
 * Replays a portable trace against any base URL: fixture steps through the adapter, requests with
 * the recorded variables re-bound from the new responses, every recorded expectation checked
 * again. Says whether the failure is fixed or still there.
 *
 * A trace is a file from anywhere, so it is data, never authority: its requests go to the base URL
 * the user gives and nowhere else (the credentials filled in go with them), its fixture steps call
 * only the adapter's own fixture methods, and it cannot bind the placeholders of credentials.
 */
import { readFile } from 'node:fs/promises';
import type { Adapter, Target } from './adapter.js';
import { check } from './expectations.js';
import { boundedRequest, MAX_ANSWER_BYTES } from './http.js';
import { at, CREDENTIAL_PLACEHOLDERS, fill, type Step, type Trace } from './trace.js';

/** A trace that asks replay for what a trace may not do; nothing of it is sent. */
export class UnsafeTraceError extends Error {
  override readonly name = 'UnsafeTraceError';
}

/** Adapter members a fixture step may not call: the run's hooks. */
const NOT_FIXTURES: ReadonlySet<string> = new Set(['setup', 'teardown']);

/** Whether `url` lies under the base URL: its origin, and its path at or below the base path. */
export function underBase(url: string, baseUrl: string): boolean {
  let u: URL;
  let b: URL;
  try {
    u = new URL(url);
    b = new URL(baseUrl);
  } catch {
    return false;
  }
  const basePath = b.pathname.endsWith('/') ? b.pathname : `${b.pathname}/`;
  return (
    u.origin === b.origin &&
    u.username === '' &&
    u.password === '' &&
    (u.pathname === b.pathname || u.pathname.startsWith(basePath))
  );
}

/** The URL a request of the trace goes to: a path under the base URL, or an absolute URL. */
function urlOf(target: string, baseUrl: string): string {
  return /^https?:\/\//i.test(target) ? target : baseUrl.replace(/\/$/, '') + target;
}

/**
 * Refuses, before anything is sent, a trace whose requests name another place than the base URL,
 * whose fixture steps call what is no fixture, or that binds a credential's placeholder.
 */
export function checkTrace(trace: Trace, target: Target, adapter: Adapter): void {
  for (const [i, step] of trace.steps.entries()) {
    for (const name of Object.keys(step.bind ?? {}))
      if (CREDENTIAL_PLACEHOLDERS.includes(name))
        throw new UnsafeTraceError(`step ${i} binds {{${name}}}: a trace never sets a credential`);
    if (step.kind === 'fixture') {
      if (
        NOT_FIXTURES.has(step.call) ||
        !Object.hasOwn(adapter, step.call) ||
        typeof (adapter as unknown as Record<string, unknown>)[step.call] !== 'function'
      )
        throw new UnsafeTraceError(
          `step ${i} calls ${JSON.stringify(step.call)}, which is no fixture of the adapter`,
        );
      continue;
    }
    const url = urlOf(step.request.target, target.baseUrl);
    if (!url.includes('{{') && !underBase(url, target.baseUrl))
      throw new UnsafeTraceError(
        `step ${i} sends ${step.request.method} ${url}, outside the base URL ${target.baseUrl}: replay sends requests to the base URL only`,
      );
  }
}

export interface ReplayResult {
  readonly fixed: boolean;
  readonly step: number | null;
  readonly message: string;
  readonly steps: number;
}

export async function loadTrace(path: string): Promise<Trace> {
  const trace = JSON.parse(await readFile(path, 'utf8')) as Trace;
  if (trace.format !== 'vendor-api-conformance-trace' || trace.version !== 1) {
    throw new Error(`${path} is not a conformance trace (format/version)`);
  }
  if (!Array.isArray(trace.steps)) throw new Error(`${path} has no "steps" array`);
  return trace;
}

export async function replay(
  trace: Trace,
  target: Target,
  adapter: Adapter,
  options: { readonly timeoutMs?: number } = {},
): Promise<ReplayResult> {
  checkTrace(trace, target, adapter);
  const vars = new Map<string, string>([
    ['admin_key', target.adminKey],
    ['workspace_key', target.workspace.apiKey],
  ]);
  const replayed: Step[] = [];
  const bindAll = (bind: Record<string, string>, body: unknown) => {
    for (const [name, pointer] of Object.entries(bind)) {
      const value = at(body, pointer);
      if (typeof value === 'string') vars.set(name, value);
    }
  };
  for (const [i, step] of trace.steps.entries()) {
    if (step.kind === 'fixture') {
      const fn = (adapter as unknown as Record<string, unknown>)[step.call];
      if (typeof fn !== 'function') {
        return {
          fixed: false,
          step: i,
          message: `the adapter has no ${step.call}: cannot replay this trace here`,
          steps: i,
        };
      }
      const result = await (fn as (...a: unknown[]) => Promise<unknown>).apply(
        adapter,
        fill([...step.args], vars),
      );
      if (result && typeof result === 'object' && 'apiKey' in result)
        vars.set('workspace_key_2', String((result as { apiKey: unknown }).apiKey));
      bindAll(step.bind, result);
      replayed.push({ ...step, result });
      continue;
    }
    const req = fill(step.request, vars);
    const url = urlOf(req.target, target.baseUrl);
    // A variable bound from an answer may name another place: still the base URL only.
    if (!underBase(url, target.baseUrl))
      throw new UnsafeTraceError(
        `step ${i} would send ${req.method} ${url}, outside the base URL ${target.baseUrl}: replay sends requests to the base URL only`,
      );
    let status: number;
    let body: unknown;
    try {
      const payload = req.rawBody ?? (req.body !== undefined ? JSON.stringify(req.body) : undefined);
      const r = await boundedRequest(
        url,
        { method: req.method, headers: req.headers, ...(payload !== undefined ? { body: payload } : {}) },
        { timeoutMs: options.timeoutMs ?? 15_000, maxBytes: MAX_ANSWER_BYTES },
      );
      status = r.status;
      const text = r.text;
      const ct = r.headers['content-type'] ?? '';
      body = text;
      if (ct.includes('json') && !ct.includes('ndjson') && text) {
        try {
          body = JSON.parse(text);
        } catch {
          /* not JSON: keep the text */
        }
      }
    } catch (error) {
      return {
        fixed: false,
        step: i,
        message: `${req.method} ${req.target}: no response (${(error as Error).message})`,
        steps: i,
      };
    }
    const live = { ...step, actual: { status, body } };
    replayed.push(live);
    if (status >= 500)
      return {
        fixed: false,
        step: i,
        message: `${req.method} ${req.target}: server error ${status}`,
        steps: i + 1,
      };
    for (const e of step.expect) {
      const problem = check(e, { status, body }, replayed);
      if (problem)
        return { fixed: false, step: i, message: `${req.method} ${req.target}: ${problem}`, steps: i + 1 };
    }
    bindAll(step.bind, body);
  }
  return {
    fixed: true,
    step: null,
    message: 'every recorded expectation holds now',
    steps: trace.steps.length,
  };
}

/**
 * Replays a portable trace against any base URL: fixture steps through the adapter, requests with
 * the recorded variables re-bound from the new responses, every recorded expectation checked
 * again. Says whether the failure is fixed or still there.
 */
import { readFile } from 'node:fs/promises';
import { request } from 'undici';
import type { Adapter, Target } from './adapter.js';
import { check } from './expectations.js';
import { at, fill, type Step, type Trace } from './trace.js';

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
  return trace;
}

export async function replay(trace: Trace, target: Target, adapter: Adapter): Promise<ReplayResult> {
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
    const url = /^https?:\/\//.test(req.target) ? req.target : target.baseUrl.replace(/\/$/, '') + req.target;
    let status: number;
    let body: unknown;
    try {
      const payload = req.rawBody ?? (req.body !== undefined ? JSON.stringify(req.body) : undefined);
      const r = await request(url, {
        method: req.method as 'GET',
        headers: req.headers,
        ...(payload !== undefined ? { body: payload } : {}),
      });
      status = r.statusCode;
      const text = await r.body.text();
      const ct = String(r.headers['content-type'] ?? '');
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

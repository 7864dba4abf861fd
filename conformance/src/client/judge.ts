/**
 * Judges one run of a client case: the driver's outcome lines against the expected outcome, what
 * the judging server saw against the wire expectations and the rules every request obeys, and the
 * files the client left behind. Returns the problems found (none: the case passed).
 */
import { readFile, stat } from 'node:fs/promises';
import { isDeepStrictEqual } from 'node:util';
import { access, BETA_IDENTIFIERS, pathPattern, type Vendor } from '@vendor-api/spec';
import type { JudgingServer } from './judging-server.js';
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
      if (answer.requestId !== null && failed.error.request_id !== answer.requestId)
        problems.push(
          `${where}: the exchange error's request_id is ${JSON.stringify(failed.error.request_id)}, the answer's ${answer.requestId}`,
        );
      if (answer.errorType !== null && failed.error.type !== answer.errorType)
        problems.push(
          `${where}: the exchange error's body type is ${JSON.stringify(failed.error.type)}, the answer's ${answer.errorType}`,
        );
    }
  }
  return problems;
}

function judgeWire(c: ClientCase, server: JudgingServer, v: Vendor): string[] {
  const problems: string[] = [];
  const w = c.expect.wire ?? {};
  const api = server.requests.filter((r) => !r.exchange);
  // Every request: the version header, and beta identifiers comma-separated (WIRE_RULES).
  for (const r of server.requests) {
    const version = r.headers[v.headers.version];
    if (version !== v.apiVersion)
      problems.push(
        `${r.method} ${r.path}: ${v.headers.version} is ${JSON.stringify(version)}, not ${v.apiVersion}`,
      );
    const beta = r.headers[v.headers.beta];
    if (beta !== undefined) {
      const bad = beta
        .split(',')
        .map((b) => b.trim())
        .filter((b) => !(BETA_IDENTIFIERS as readonly string[]).includes(b));
      if (bad.length)
        problems.push(
          `${r.method} ${r.path}: ${v.headers.beta} carries ${bad.map((b) => JSON.stringify(b)).join(', ')}`,
        );
    }
  }
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
  return problems;
}

function describe(key: string | undefined, auth: string | undefined): string {
  if (key === undefined && auth === undefined) return 'no credential';
  const parts: string[] = [];
  if (key !== undefined) parts.push(`x-api-key ${key === '' ? '(empty)' : `${key.slice(0, 12)}…`}`);
  if (auth !== undefined) parts.push(`authorization ${auth.slice(0, 27)}…`);
  return parts.join(' and ');
}

async function judgeFile(f: FileExpectation, issued: ReadonlySet<string>): Promise<string[]> {
  let mode: number;
  try {
    mode = (await stat(f.path)).mode & 0o777;
  } catch {
    return f.if_exists ? [] : [`${f.path}: the client did not write it`];
  }
  const problems: string[] = [];
  if (f.mode !== undefined && mode !== Number.parseInt(f.mode, 8))
    problems.push(`${f.path}: mode ${mode.toString(8).padStart(4, '0')}, expected ${f.mode}`);
  if (!f.access_token_from_exchange && !f.json_subset && !f.json_patterns) return problems;
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(await readFile(f.path, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    return [...problems, `${f.path}: not JSON (${(error as Error).message})`];
  }
  if (f.access_token_from_exchange && !issued.has(json.access_token as string))
    problems.push(`${f.path}: access_token is not a token this run's exchange issued`);
  for (const [k, want] of Object.entries(f.json_subset ?? {}))
    if (!isDeepStrictEqual(json[k], want))
      problems.push(`${f.path}: ${k} is ${JSON.stringify(json[k])}, expected ${JSON.stringify(want)}`);
  for (const [k, pattern] of Object.entries(f.json_patterns ?? {}))
    if (typeof json[k] !== 'string' || !new RegExp(pattern).test(json[k] as string))
      problems.push(`${f.path}: ${k} is ${JSON.stringify(json[k])}, expected a string matching ${pattern}`);
  return problems;
}

export async function judge(
  c: ClientCase,
  lines: Map<string, OutcomeLine>,
  server: JudgingServer,
  v: Vendor,
): Promise<string[]> {
  const issued = new Set(server.exchanges.flatMap((x) => (x.accessToken ? [x.accessToken] : [])));
  const files = await Promise.all((c.expect.files ?? []).map((f) => judgeFile(f, issued)));
  return [...judgeOutcome(c, lines, server), ...judgeWire(c, server, v), ...files.flat()];
}

/**
 * The judging server of a client case: a recording front of the reference server on 127.0.0.1.
 * It records every request the client sends (method, path, headers, exchange bodies) and every
 * token exchange's answer, and plays the case's server script: an exchange lifetime, a file
 * rewritten after the nth exchange, a dream that moves on each poll, a rate-limit list served in
 * pages (a behaviour the documents describe but the reference server never shows).
 *
 * A request that breaks a wire rule (no version header, an unknown beta identifier) is recorded as
 * sent and forwarded repaired, so that one rule broken on every request does not hide how the
 * client behaves otherwise: the judge reports the rule once and still judges the case.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { BETA_IDENTIFIERS, errors, fillPath, operation, spec, type Vendor } from '@vendor-api/spec';
import { request } from 'undici';
import type { DreamDrive } from '../adapter.js';
import { RATE_LIMIT_PAGE_SIZE } from './cases.js';
import type { FileSetup, ServerScript } from './protocol.js';

export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: Readonly<Record<string, string>>;
  readonly exchange: boolean;
}

export interface SeenExchange {
  readonly body: Readonly<Record<string, unknown>>;
  readonly status: number;
  readonly requestId: string | null;
  /** Every request id the answer carried: `request-id`, `x-request-id`, the body's `request_id`. */
  readonly requestIds: readonly string[];
  /** Whether the answer carried its request id in each of those places. */
  readonly requestIdEverywhere: boolean;
  /** When the exchange was asked for and answered (this machine's clock, epoch ms). */
  readonly askedAt: number;
  readonly answeredAt: number;
  /** The `expires_in` the client was answered. */
  readonly expiresIn: number | null;
  readonly errorType: string | null;
  readonly accessToken: string | null;
}

export interface JudgingServer {
  readonly url: string;
  readonly requests: SeenRequest[];
  readonly exchanges: SeenExchange[];
  /** What went wrong inside the judging server itself (never the client's fault). */
  readonly problems: string[];
  close(): Promise<void>;
}

export interface ScriptHooks {
  readonly dreamId: string;
  readonly driveDream: (id: string, drive: DreamDrive) => Promise<void>;
  /** Cancels the dream through the API (`dreams.cancel`). */
  readonly cancelDream?: (id: string) => Promise<void>;
  /** The vendor whose wire rules a request is repaired to before it is forwarded. */
  readonly vendor?: Vendor;
  /**
   * An exchange's error answer carries its request id in every place a client may read it (the
   * `request-id` and `x-request-id` headers, the body's `request_id`): a legal server's choice
   * where the documents do not say where the id travels.
   */
  readonly requestIdEverywhere?: boolean;
}

/** The places an answer may carry its request id (the documents name none). */
const REQUEST_ID_HEADERS = ['request-id', 'x-request-id'] as const;

function requestIdsOf(
  headers: Readonly<Record<string, string>>,
  body: Record<string, unknown> | null,
): { ids: string[]; everywhere: boolean } {
  const inBody = [body?.request_id, (body?.error as { request_id?: unknown } | undefined)?.request_id].find(
    (x): x is string => typeof x === 'string',
  );
  const found = [...REQUEST_ID_HEADERS.map((h) => headers[h]), inBody];
  const ids = [...new Set(found.filter((x): x is string => typeof x === 'string' && x !== ''))];
  return { ids, everywhere: ids.length > 0 && found.every((x) => typeof x === 'string' && x !== '') };
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'host',
  'upgrade',
]);

const pathOf = (id: Parameters<typeof operation>[1]) => operation(spec, id).path ?? '';

/** Writes a file of a case (creating its folder), with its mode. */
export async function writeCaseFile(file: FileSetup): Promise<void> {
  await mkdir(dirname(file.path), { recursive: true });
  const content = file.text ?? `${JSON.stringify(file.json, null, 2)}\n`;
  const mode = Number.parseInt(file.mode ?? '0644', 8);
  await writeFile(file.path, content, { mode });
  await chmod(file.path, mode);
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function parseForm(text: string, type: string): Record<string, unknown> {
  if (type.includes('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(text));
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function flatHeaders(h: IncomingMessage['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

export async function startJudgingServer(
  upstream: string,
  script: ServerScript,
  hooks: ScriptHooks,
): Promise<JudgingServer> {
  const requests: SeenRequest[] = [];
  const exchanges: SeenExchange[] = [];
  const problems: string[] = [];
  const exchangePath = pathOf('oauth.token');
  const rateLimitPath = pathOf('organizations.rate_limits.list');
  const dreamPath = hooks.dreamId ? fillPath(pathOf('dreams.retrieve'), () => hooks.dreamId) : null;
  const cursors = Array.from({ length: Math.max(0, (script.rate_limit_pages ?? 1) - 1) }, () =>
    randomBytes(12).toString('base64url'),
  );
  let dreamPolls = 0;
  let selfUrl = '';
  const self = () => selfUrl;

  const forward = async (req: IncomingMessage, url: URL, body: Buffer) => {
    const headers: Record<string, string> = {};
    for (const [k, value] of Object.entries(flatHeaders(req.headers)))
      if (!HOP_BY_HOP.has(k)) headers[k] = value;
    // The wire rules, repaired: the judge has recorded what the client sent.
    const v = hooks.vendor;
    if (v) {
      headers[v.headers.version] = v.apiVersion;
      const beta = headers[v.headers.beta];
      if (beta !== undefined) {
        const allowed = beta
          .split(',')
          .map((b) => b.trim())
          .filter((b) => (BETA_IDENTIFIERS as readonly string[]).includes(b));
        if (allowed.length) headers[v.headers.beta] = allowed.join(',');
        else delete headers[v.headers.beta];
      }
    }
    const res = await request(new URL(url.pathname + url.search, upstream), {
      method: req.method as 'GET',
      headers,
      ...(body.length ? { body } : {}),
    });
    // Absolute URLs of the upstream (a batch's `results_url`) name the judging server instead.
    const text = (await res.body.text()).replaceAll(upstream.replace(/\/$/, ''), self());
    const out: Record<string, string> = {};
    for (const [k, value] of Object.entries(res.headers))
      if (value !== undefined && !HOP_BY_HOP.has(k)) out[k] = Array.isArray(value) ? value.join(', ') : value;
    return { status: res.statusCode, headers: out, text };
  };

  const send = (
    res: ServerResponse,
    a: { status: number; headers: Record<string, string>; text: string },
  ) => {
    res.writeHead(a.status, { ...a.headers, 'content-length': Buffer.byteLength(a.text) });
    res.end(a.text);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    const target = new URL(req.url ?? '/', 'http://127.0.0.1');
    const headers = flatHeaders(req.headers);
    const isExchange = req.method === 'POST' && target.pathname === exchangePath;
    requests.push({
      method: req.method ?? '',
      path: target.pathname,
      query: target.searchParams,
      headers,
      exchange: isExchange,
    });

    if (isExchange) {
      const askedAt = Date.now();
      const answer = await forward(req, target, body);
      let parsed: Record<string, unknown> | null = null;
      try {
        parsed = JSON.parse(answer.text) as Record<string, unknown>;
      } catch {
        parsed = null;
      }
      const ok = answer.status >= 200 && answer.status < 300;
      const error = parsed?.error as { type?: unknown } | undefined;
      let carried = requestIdsOf(answer.headers, parsed);
      const id = carried.ids[0];
      if (!ok && hooks.requestIdEverywhere && id !== undefined) {
        for (const h of REQUEST_ID_HEADERS) answer.headers[h] = id;
        if (parsed) {
          parsed = { ...parsed, request_id: id };
          answer.text = JSON.stringify(parsed);
        }
        carried = requestIdsOf(answer.headers, parsed);
      }
      if (ok && parsed && script.exchange_expires_in !== undefined) {
        parsed = { ...parsed, expires_in: script.exchange_expires_in };
        answer.text = JSON.stringify(parsed);
      }
      exchanges.push({
        body: parseForm(body.toString('utf8'), headers['content-type'] ?? ''),
        status: answer.status,
        requestId: id ?? null,
        requestIds: carried.ids,
        requestIdEverywhere: carried.everywhere,
        askedAt,
        answeredAt: Date.now(),
        expiresIn: ok && typeof parsed?.expires_in === 'number' ? parsed.expires_in : null,
        errorType: typeof error?.type === 'string' ? error.type : null,
        accessToken: ok && typeof parsed?.access_token === 'string' ? parsed.access_token : null,
      });
      const after = script.after_exchange;
      if (ok && after && exchanges.filter((x) => x.accessToken).length === after.nth) {
        if (after.write_file) await writeCaseFile(after.write_file);
        if (after.remove_file) await rm(after.remove_file, { force: true });
      }
      return send(res, answer);
    }

    if (
      dreamPath &&
      req.method === 'GET' &&
      target.pathname === dreamPath &&
      script.dream_settles_after_polls
    ) {
      dreamPolls++;
      const settle = script.dream_settles_after_polls;
      if (dreamPolls === 2 && settle > 2) await hooks.driveDream(hooks.dreamId, { action: 'start' });
      else if (dreamPolls > 2 && dreamPolls < settle)
        await hooks.driveDream(hooks.dreamId, { action: 'progress' });
      else if (dreamPolls === settle && script.dream_canceled) {
        if (!hooks.cancelDream) throw new Error('the runner cannot cancel a dream');
        await hooks.cancelDream(hooks.dreamId);
      } else if (dreamPolls === settle) {
        if (settle <= 2) await hooks.driveDream(hooks.dreamId, { action: 'start' });
        await hooks.driveDream(
          hooks.dreamId,
          script.dream_fails_with
            ? { action: 'fail', error_type: script.dream_fails_with }
            : { action: 'succeed' },
        );
      }
    }

    if (req.method === 'GET' && target.pathname === rateLimitPath && script.rate_limit_pages) {
      // The real first page decides the authentication and the entries; the pages are ours.
      const page = target.searchParams.get('page');
      const first = new URL(target);
      first.searchParams.delete('page');
      const answer = await forward(req, first, body);
      if (answer.status !== 200) return send(res, answer);
      const data = (JSON.parse(answer.text) as { data?: unknown[] }).data ?? [];
      if (data.length === 0) problems.push('the reference server lists no rate limits to page through');
      const index = page === null ? 0 : cursors.indexOf(page) + 1;
      if (page !== null && index === 0)
        return send(res, {
          status: 400,
          headers: { 'content-type': 'application/json' },
          text: JSON.stringify({
            type: 'error',
            error: { type: errors.errorTypeOfStatus(400), message: 'page: unknown cursor' },
          }),
        });
      const entries = Array.from(
        { length: RATE_LIMIT_PAGE_SIZE },
        (_, i) => data[i % Math.max(1, data.length)],
      );
      return send(res, {
        status: 200,
        headers: { ...answer.headers, 'content-type': 'application/json' },
        text: JSON.stringify({ data: entries, next_page: cursors[index] ?? null }),
      });
    }

    return send(res, await forward(req, target, body));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      problems.push(`judging server: ${(error as Error).message}`);
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          type: 'error',
          error: { type: errors.errorTypeOfStatus(502), message: 'judging server failure' },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  selfUrl = `http://127.0.0.1:${port}`;
  return {
    url: selfUrl,
    requests,
    exchanges,
    problems,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * `vendor-conformance init`: the control starter lists every endpoint of the protocol table with
 * what its capability unlocks; the adapter starter is a module that loads and declares nothing;
 * an existing file is kept without --force.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  batchRules,
  CAPABILITY_NAMES,
  CONTROL_ENDPOINTS,
  CONTROL_WIRE_RULES,
  type ControlEndpoint,
  type MessageBatch,
  spec,
} from '@vendor-api/spec';
import { validateSchema } from '@vendor-api/validators';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Adapter, Target } from '../src/adapter.js';
import { ADAPTER_METHODS } from '../src/adapter.js';
import { controlAdapter } from '../src/adapters/control.js';
import { allCases } from '../src/cases/index.js';
import { recordProblems } from '../src/cases/message-batches/checks.js';
import { CLOCK_STEPS } from '../src/cases/message-batches/commands/clock.js';
import { main } from '../src/cli.js';
import { startEmbedded } from '../src/embedded.js';
import { runCases } from '../src/runner.js';
import { pinSettings } from './helpers.js';

let dir: string;
afterEach(() => {
  vi.restoreAllMocks();
  if (dir) rmSync(dir, { recursive: true, force: true });
});
const quiet = () => {
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(a.join(' ')));
  return err;
};

describe('vendor-conformance init', () => {
  it('writes the control endpoints to implement, every one of the protocol table', async () => {
    dir = mkdtempSync(join(tmpdir(), 'init-'));
    quiet();
    const out = join(dir, 'control.md');
    expect(await main(['init', '--out', out])).toBe(0);
    const text = readFileSync(out, 'utf8');
    for (const e of CONTROL_ENDPOINTS) expect(text, e.id).toContain(`\`${e.method} ${e.path}\``);
    expect(text).toMatch(/## `sessions`: unlocks \d+ cases, \d+ requirements/);
  });

  it('writes an adapter module that loads, declares no capability and stubs every method', async () => {
    dir = mkdtempSync(join(tmpdir(), 'init-'));
    quiet();
    const out = join(dir, 'adapter.mjs');
    expect(await main(['init', '--kind', 'adapter', '--out', out])).toBe(0);
    const mod = (await import(pathToFileURL(out).href)) as { default: (t: unknown) => Adapter };
    const adapter = mod.default({});
    expect([...adapter.capabilities]).toEqual([]);
    const methods = new Set(Object.values(ADAPTER_METHODS).flat());
    for (const m of methods)
      expect(typeof (adapter as unknown as Record<string, unknown>)[m], m).toBe('function');
  });

  it('keeps an existing file without --force, and an unknown kind is a usage error', async () => {
    dir = mkdtempSync(join(tmpdir(), 'init-'));
    const out = join(dir, 'control.md');
    writeFileSync(out, 'mine');
    let err = quiet();
    expect(await main(['init', '--out', out])).toBe(2);
    expect(err.join('\n')).toMatch(/exists; --force overwrites it/);
    expect(readFileSync(out, 'utf8')).toBe('mine');
    vi.restoreAllMocks();
    quiet();
    expect(await main(['init', '--out', out, '--force'])).toBe(0);
    expect(readFileSync(out, 'utf8')).not.toBe('mine');
    vi.restoreAllMocks();
    err = quiet();
    expect(await main(['init', '--kind', 'rust'])).toBe(2);
    expect(err.join('\n')).toMatch(/--kind takes control or adapter/);
  });
});

describe("init's counts hold to the code", () => {
  it('the cases it says run with keys only are the cases that run with keys only, one more with another tenant', async () => {
    dir = mkdtempSync(join(tmpdir(), 'init-'));
    const out = join(dir, 'control.md');
    quiet();
    expect(await main(['init', '--out', out])).toBe(0);
    const said = /keys only, (\d+) of (\d+) cases run; (\d+) more with another tenant/.exec(
      readFileSync(out, 'utf8'),
    );
    expect(said, 'the keys-only line').not.toBeNull();
    const embedded = await startEmbedded({ seed: 7 });
    try {
      const keysOnly: Adapter = { name: 'none', capabilities: new Set() } as Adapter;
      const ran = async (target: Target) =>
        (
          await runCases(allCases, {
            target,
            adapter: keysOnly,
            spec,
            // The embedded server moves batches and dreams only when driven: waits end fast, failed or not.
            settings: { ...pinSettings(), numRuns: 2, maxWaitMs: 1_000 },
            concurrency: 4,
          })
        ).filter((r) => r.outcome !== 'skipped').length;
      expect(await ran(embedded.target)).toBe(Number(said![1]));
      const other = await embedded.adapter.createTenant!();
      expect(await ran({ ...embedded.target, otherTenant: other })).toBe(Number(said![1]) + Number(said![3]));
      expect(Number(said![2])).toBe(allCases.length);
    } finally {
      await embedded.close();
    }
  }, 300_000);
});

/** Every `type: number` field of a schema, by its path. */
function numberFields(schema: unknown, at: string): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const s = schema as Record<string, unknown>;
  const here = s.type === 'number' ? [at] : [];
  const props = Object.entries((s.properties ?? {}) as Record<string, unknown>).flatMap(([k, v]) =>
    numberFields(v, `${at}.${k}`),
  );
  const items = s.items === undefined ? [] : numberFields(s.items, `${at}[]`);
  const alternatives = [...((s.anyOf ?? []) as unknown[]), ...((s.oneOf ?? []) as unknown[])].flatMap((v) =>
    numberFields(v, at),
  );
  return [...here, ...props, ...items, ...alternatives];
}

describe('the typing questions of a server in a typed language, answered in the control document', () => {
  it('the starter and the OpenAPI document answer each one: numbers, null or absent, times, bodies, success, drives, ids', async () => {
    dir = mkdtempSync(join(tmpdir(), 'init-'));
    quiet();
    const out = join(dir, 'control.md');
    expect(await main(['init', '--out', out])).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(text).toContain('## Types on the wire');
    const openapi = JSON.parse(
      readFileSync(new URL('../../packages/openapi/control.openapi.json', import.meta.url), 'utf8'),
    ) as { info: { description: string } };
    const topics = CONTROL_WIRE_RULES.map((r) => r.topic);
    expect(topics).toEqual([
      'Numbers',
      'Null or absent',
      'Times',
      'Bodies',
      'Success',
      'Drives and refusals',
      'Ids and keys',
    ]);
    for (const r of CONTROL_WIRE_RULES) {
      expect(text, r.topic).toContain(`- **${r.topic}**: ${r.rule}`);
      expect(openapi.info.description, r.topic).toContain(`- ${r.topic}: ${r.rule}`);
    }
  });

  it('numbers: every number the suite sends is an integer but the open rate-limit value, and ms passes 32 bits', () => {
    const open = CONTROL_ENDPOINTS.flatMap((e: ControlEndpoint) =>
      e.body ? numberFields(e.body, e.id) : [],
    );
    expect(open).toEqual(['workspaces.rate-limits.overrides[].limits[].value']);
    const advance = CONTROL_ENDPOINTS.find((e) => e.id === 'clock.advance')!;
    expect((advance.body as { properties: { ms: { type: string } } }).properties.ms.type).toBe('integer');
    const longest = Math.max(...Object.values(CLOCK_STEPS));
    expect(Number.isSafeInteger(longest) && longest > 2 ** 31 - 1, String(longest)).toBe(true);
  });

  it('bodies: the adapter sends a JSON object with its content type, or no body at all (run hooks, archive and delete)', async () => {
    const seen: { method: string; path: string; type: string | undefined; body: string }[] = [];
    const server = createHttpServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString();
        seen.push({ method: req.method!, path: req.url!, type: req.headers['content-type'], body });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const adapter = controlAdapter({
        controlUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        token: 't',
        capabilities: new Set(CAPABILITY_NAMES),
        organizationId: 'org',
        runHooks: true,
      });
      await adapter.setup!();
      await adapter.advanceClock!(Math.max(...Object.values(CLOCK_STEPS)));
      await adapter.driveBatch!('b', { action: 'process' });
      await adapter.driveBatch!('b', { action: 'process', customIds: ['x'], internalErrors: ['x'] });
      await adapter.changeSession!('s', 'archive');
      await adapter.changeMemoryStore!('m', 'delete');
      await adapter.teardown!();
      const empty = seen.filter((s) => s.body === '').map((s) => s.path);
      expect(empty).toEqual(['/run/start', '/sessions/s/archive', '/memory_stores/m/delete', '/run/end']);
      for (const s of seen.filter((s) => s.body !== '')) {
        expect(s.type, s.path).toBe('application/json');
        expect(typeof JSON.parse(s.body), s.path).toBe('object');
      }
      const { ms } = JSON.parse(seen.find((s) => s.path === '/clock/advance')!.body) as { ms: unknown };
      expect(JSON.stringify(ms)).toMatch(/^\d+$/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('times: a batch record reads the same in any RFC 3339 form (Z or an offset, whole seconds to nanoseconds)', () => {
    const forms = [
      (ms: number) => new Date(ms).toISOString(),
      (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, '.000000001Z'),
      (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z'),
      (ms: number) => new Date(ms + 3_600_000).toISOString().replace(/Z$/, '+01:00'),
    ];
    const created = Date.parse('2026-01-01T00:00:00Z');
    for (const at of forms) {
      const batch = {
        id: 'msgbatch_1',
        type: 'message_batch',
        processing_status: 'ended',
        request_counts: { processing: 0, succeeded: 1, errored: 0, canceled: 0, expired: 0 },
        created_at: at(created),
        expires_at: at(created + batchRules.PROCESSING_DEADLINE_MS),
        ended_at: at(created + 1_000),
        cancel_initiated_at: null,
        results_url: 'http://127.0.0.1:1/v1/messages/batches/msgbatch_1/results',
      } satisfies MessageBatch;
      expect(validateSchema('MessageBatch', batch).ok, batch.created_at).toBe(true);
      expect(recordProblems(batch, 1, false), batch.created_at).toEqual([]);
    }
  });
});

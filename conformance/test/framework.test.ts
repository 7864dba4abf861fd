/**
 * The suite's own machinery against small local servers: a failing case writes a trace that
 * replays as still failing against the broken server and as fixed against a correct one; shards,
 * expected failures, skips, reports and exit codes.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spec } from '@vendor-api/spec';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Adapter, Target } from '../src/adapter.js';
import { defineCase } from '../src/case.js';
import { main } from '../src/cli.js';
import { loadTrace, replay } from '../src/replay.js';
import { jsonReport } from '../src/report/json.js';
import { junitXml } from '../src/report/junit.js';
import { conformant, parseShard, runCases, selectCases } from '../src/runner.js';

/** A tiny count_tokens server: counts characters; `broken` answers 500 for texts containing "x"... no: a wrong count. */
function tokenServer(broken: boolean): Promise<{ server: Server; url: string }> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let data = '';
    req.on('data', (c) => {
      data += c;
    });
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.url !== '/v1/messages/count_tokens') {
        res.statusCode = 404;
        res.end(JSON.stringify({ type: 'error', error: { type: 'not_found_error', message: 'no' } }));
        return;
      }
      const body = JSON.parse(data) as { messages: { content: string }[] };
      const text = body.messages.map((m) => m.content).join('');
      // The broken server gives a negative count for texts with an "x" in them.
      const n = broken && text.includes('x') ? -1 : text.length;
      res.end(JSON.stringify({ input_tokens: n }));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

const targetOf = (url: string): Target => ({
  baseUrl: url,
  adminKey: 'sk-test-admin-secret',
  workspace: { id: 'wrkspc_test', apiKey: 'sk-test-workspace-secret' },
  organizationId: '00000000-0000-4000-8000-000000000000',
});
const noAdapter: Adapter = { name: 'none', capabilities: new Set() };
const settings = { seed: 42, numRuns: 40, timeoutMs: 5000 };

const countCase = defineCase({
  id: 'fixture.count-is-non-negative',
  family: 'fixture',
  title: 'count_tokens answers a schema-valid count',
  requirements: ['TOKENS-RESPONSE'],
  async run(ctx) {
    await ctx.property(fc.string({ minLength: 1, maxLength: 8 }), async (content) => {
      const r = await ctx.call('messages.count_tokens', {
        body: { model: ctx.vendor.models.sonnet, messages: [{ role: 'user', content }] },
      });
      ctx.status(r, 200);
    });
  },
});

describe('conformance framework', () => {
  let broken: { server: Server; url: string };
  let correct: { server: Server; url: string };
  let dir: string;
  beforeAll(async () => {
    broken = await tokenServer(true);
    correct = await tokenServer(false);
    dir = await mkdtemp(join(tmpdir(), 'conformance-'));
  });
  afterAll(async () => {
    broken.server.close();
    correct.server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('fails a deviating server with seed, path, a shrunk counterexample and a portable trace', async () => {
    const [r] = await runCases([countCase], {
      target: targetOf(broken.url),
      adapter: noAdapter,
      spec,
      settings,
      traceDir: dir,
    });
    expect(r!.outcome).toBe('failed');
    expect(r!.failure!.seed).toBe(42);
    expect(r!.failure!.path).toBeTruthy();
    // Shrunk to a short string that still holds the offending character.
    expect(r!.failure!.counterexample).toMatch(/^".{0,3}"$/);
    expect(r!.failure!.counterexample).toContain('x');
    expect(r!.failure!.message).toContain('does not match the documented contract');
    const trace = await loadTrace(r!.tracePath!);
    const text = JSON.stringify(trace);
    expect(text).not.toContain('sk-test-workspace-secret');
    expect(text).toContain('{{workspace_key}}');
    expect(trace.steps.length).toBe(1);
  });

  it('replays a trace: still failing against the broken server, fixed against a correct one', async () => {
    const [r] = await runCases([countCase], {
      target: targetOf(broken.url),
      adapter: noAdapter,
      spec,
      settings,
      traceDir: dir,
    });
    const trace = await loadTrace(r!.tracePath!);
    expect((await replay(trace, targetOf(broken.url), noAdapter)).fixed).toBe(false);
    expect((await replay(trace, targetOf(correct.url), noAdapter)).fixed).toBe(true);
  });

  it('passes a correct server', async () => {
    const results = await runCases([countCase], {
      target: targetOf(correct.url),
      adapter: noAdapter,
      spec,
      settings,
    });
    expect(results.map((r) => r.outcome)).toEqual(['passed']);
    expect(conformant(results)).toBe(true);
  });

  it('skips a case needing a capability the adapter lacks, with the reason, never passes it', async () => {
    const needy = defineCase({ ...countCase, id: 'fixture.needs-clock', needs: ['clock'] });
    const [r] = await runCases([needy], {
      target: targetOf(correct.url),
      adapter: noAdapter,
      spec,
      settings,
    });
    expect(r!.outcome).toBe('skipped');
    expect(r!.reason).toContain('clock');
  });

  it('runs a case of an opt-in capability only when the run asks for it', async () => {
    const large = defineCase({ ...countCase, id: 'fixture.needs-large', needs: ['large-requests'] });
    const run = (optIn?: ReadonlySet<'large-requests'>) =>
      runCases([large], {
        target: targetOf(correct.url),
        adapter: noAdapter,
        spec,
        settings,
        ...(optIn ? { optIn } : {}),
      });
    expect((await run())[0]!.outcome).toBe('skipped');
    expect((await run(new Set(['large-requests'])))[0]!.outcome).toBe('passed');
  });

  it('honours expected failures: a listed failure does not fail the run, a listed pass does', async () => {
    const expectedFailures = { [countCase.id]: 'known: negative counts' };
    const onBroken = await runCases([countCase], {
      target: targetOf(broken.url),
      adapter: noAdapter,
      spec,
      settings,
      expectedFailures,
    });
    expect(onBroken[0]!.outcome).toBe('expected-failure');
    expect(conformant(onBroken)).toBe(true);
    const onCorrect = await runCases([countCase], {
      target: targetOf(correct.url),
      adapter: noAdapter,
      spec,
      settings,
      expectedFailures,
    });
    expect(onCorrect[0]!.outcome).toBe('unexpected-pass');
    expect(conformant(onCorrect)).toBe(false);
  });

  it('splits cases into stable, disjoint shards that cover every case', () => {
    const cases = Array.from({ length: 23 }, (_, i) =>
      defineCase({ ...countCase, id: `fixture.case-${String(i).padStart(2, '0')}` }),
    );
    const shards = [1, 2, 3].map((i) =>
      selectCases(cases, { shard: { index: i, count: 3 } }).map((c) => c.id),
    );
    expect(shards.flat().sort()).toEqual(cases.map((c) => c.id).sort());
    expect(new Set(shards.flat()).size).toBe(23);
    expect(selectCases([...cases].reverse(), { shard: { index: 2, count: 3 } }).map((c) => c.id)).toEqual(
      shards[1],
    );
    expect(() => parseShard('4/3')).toThrow();
    expect(() => parseShard('x')).toThrow();
  });

  it('writes JUnit XML and JSON reports', async () => {
    const results = await runCases(
      [countCase, defineCase({ ...countCase, id: 'fixture.skip', needs: ['clock'] })],
      {
        target: targetOf(broken.url),
        adapter: noAdapter,
        spec,
        settings,
      },
    );
    const xml = junitXml(results);
    expect(xml).toContain('<testsuite name="fixture" tests="2" failures="1" errors="0" skipped="1"');
    expect(xml).toContain('seed: 42');
    const json = jsonReport(results, {
      baseUrl: broken.url,
      adapter: 'none',
      seed: 42,
      numRuns: 40,
      elapsedMs: 1,
    });
    expect(json.totals).toMatchObject({ cases: 2, failed: 1, skipped: 1 });
  });

  it('CLI: --help exits 0, a bad option 2, an unreachable base URL 2, a bad expected-failures file 2', async () => {
    expect(await main(['--help'])).toBe(0);
    expect(await main(['run', '--nope'])).toBe(2);
    expect(
      await main([
        'run',
        '--base-url',
        'http://127.0.0.1:1',
        '--admin-key',
        'a',
        '--workspace-key',
        'b',
        '--workspace-id',
        'c',
        '--organization-id',
        'd',
      ]),
    ).toBe(2);
    expect(await main(['run', '--base-url', correct.url])).toBe(2);
    const bad = join(dir, 'expected.json');
    await writeFile(bad, JSON.stringify({ expectedFailures: { 'no.such-case': 'x' } }));
    expect(await main(['run', '--expected-failures', bad])).toBe(2);
    expect(await main(['frobnicate'])).toBe(2);
    // Only the opt-in capabilities can be asked for on the command line.
    expect(await main(['run', '--opt-in', 'clock', '--case', 'none'])).toBe(2);
    expect(await readFile(bad, 'utf8')).toContain('no.such-case');
  });
});

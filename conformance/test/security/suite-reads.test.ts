/**
 * The suite against servers that answer without end: every read has a deadline for the whole
 * answer and a byte cap, `--max-time` bounds the whole run, and the process ends after its verdict
 * even while a server holds a socket open.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { access } from '@vendor-api/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCases } from '../../src/cases/index.js';
import { CheckFailure, Http, MAX_ANSWER_BYTES } from '../../src/http.js';
import { requiredCapabilities } from '../../src/needs.js';
import { Recorder } from '../../src/trace.js';
import { drip, goodRootThenDrip, type Hostile, hostileServer } from './hostile-servers.js';

const keys = ['--admin-key', 'a', '--workspace-key', 'b', '--workspace-id', 'c', '--organization-id', 'd'];
const target = (baseUrl: string) => ({
  baseUrl,
  adminKey: 'a',
  workspace: { id: 'c', apiKey: 'b' },
  organizationId: 'd',
});
/** A case the documented API alone runs (no control capability). */
const plain = allCases.find((c) => requiredCapabilities(c.needs).length === 0)!;

let dripping: Hostile;
let rootThenDrip: Hostile;
let eightMegabytes: Hostile;
beforeAll(async () => {
  dripping = await hostileServer(drip());
  rootThenDrip = await hostileServer(goodRootThenDrip);
  // A body eight times the cap the test gives, then its end.
  eightMegabytes = await hostileServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(`"${'x'.repeat(8 * 1024 * 1024)}"`);
  });
});
afterAll(async () => {
  await Promise.all([dripping, rootThenDrip, eightMegabytes].map((s) => s.close()));
});

describe('the suite reads every answer within bounds', () => {
  it('an answer that drips after its headers fails its step at the deadline', async () => {
    const http = new Http(target(dripping.url), new Recorder(), { timeoutMs: 1_000 });
    const failure = await http.raw('GET', '/v1/models').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(CheckFailure);
    expect((failure as Error).message).toBe('GET /v1/models: no whole answer within 1 s');
  });

  it('an answer larger than the cap fails its step without being read whole', async () => {
    const http = new Http(target(eightMegabytes.url), new Recorder(), { maxBytes: 1024 * 1024 });
    const failure = await http.raw('GET', '/v1/models').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(CheckFailure);
    expect((failure as Error).message).toBe('GET /v1/models: the answer exceeds 1048576 bytes (status 200)');
  });

  it('the default cap is above every size the spec documents (a batch of 256 MB and its results)', () => {
    for (const limit of Object.values(access.BODY_LIMITS))
      expect(MAX_ANSWER_BYTES).toBeGreaterThanOrEqual(limit);
  });
});

describe('--max-time and the end of the process', () => {
  const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
  const cli = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));

  // Requests would each wait ten minutes; the run's own bound is 5 s. The process must end soon
  // after it with one line, although a request still holds a dripping socket open. 60 s is a bound
  // for a hang (a tsx start on a loaded machine), no speed target.
  it('a run with --max-time 5s against a dripping server ends with one line, well within 60 s', async () => {
    const child = spawn(
      tsx,
      [
        '--conditions=@vendor-api/source',
        cli,
        'run',
        '--base-url',
        rootThenDrip.url,
        ...keys,
        '--case',
        plain.id,
        '--timeout',
        '600000',
        '--max-time',
        '5s',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString('utf8');
    });
    const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    clearTimeout(killer);
    expect({ code, stderr: stderr.trim() }).toEqual({
      code: 2,
      stderr: expect.stringMatching(
        /^error: the run did not end within --max-time 5 s \(0 of the cases ended\); no verdict$/,
      ),
    });
  }, 90_000);
});

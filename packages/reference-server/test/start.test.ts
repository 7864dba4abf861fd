/**
 * Start-up as a new user meets it: the commands of the READMEs run as written (`pnpm start --
 * --vendor acme` at the root, the package README's `pnpm --filter ... start -- --test-control`),
 * and the banner teaches a first call: its `curl` command works as printed, and with only what it
 * prints a batch ends and its results download and a dream completes, no call moving time or
 * driving a job (processing times of 0 s: nothing here waits on the wall clock).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_CONTROL_TOKEN_HEADER } from '../src/request-guards.js';
import { field, runToEnd, start, stopStarted } from './processes.js';

const run = promisify(execFile);

afterEach(stopStarted);

/** The banner's first-message lines, run by a POSIX shell as printed. */
async function firstMessage(banner: string): Promise<Record<string, unknown>> {
  const script = banner.split('A first message:\n')[1]?.split('\n').slice(0, 2).join('\n') ?? '';
  const { stdout } = await run('sh', ['-c', script]);
  return JSON.parse(stdout) as Record<string, unknown>;
}

describe('start-up', () => {
  it('pnpm start -- --vendor acme: a banner whose curl works as printed; batches and dreams finish on their own', async () => {
    const banner = await start([
      'start',
      '--',
      '--vendor',
      'acme',
      '--batch-seconds',
      '0',
      '--dream-start-seconds',
      '0',
      '--dream-run-seconds',
      '0',
    ]);
    expect(banner).toMatch(/^models:\s+acme-opus-4-7, acme-sonnet-4-6/m);
    expect(banner).toMatch(/^clock:\s+the wall clock.*a batch ends 0 s after creation/m);
    expect(banner).toContain('export ACME_API_KEY=');
    const message = await firstMessage(banner);
    expect(message).toMatchObject({ type: 'message', model: 'acme-sonnet-4-6' });

    const base = field(banner, 'base URL');
    const headers = {
      'content-type': 'application/json',
      'acme-version': '2023-06-01',
      'x-api-key': field(banner, 'workspace key'),
    };
    const call = async (method: string, path: string, body?: unknown, beta?: string) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { ...headers, ...(beta ? { 'acme-beta': beta } : {}) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      expect(res.status, text).toBe(200);
      return text;
    };
    const params = { model: 'acme-sonnet-4-6', max_tokens: 16, messages: [{ role: 'user', content: 'Hi' }] };
    const batch = JSON.parse(
      await call('POST', '/v1/messages/batches', { requests: [{ custom_id: 'a', params }] }),
    );
    const ended = JSON.parse(await call('GET', `/v1/messages/batches/${batch.id}`));
    expect(ended.processing_status).toBe('ended');
    const results = await call('GET', new URL(ended.results_url).pathname);
    expect(JSON.parse(results.trim()).result.type).toBe('succeeded');

    const betas = /dreams: (\S+)\.$/m.exec(banner)?.[1] ?? '';
    const store = await fetch(`${base}/_test/memory_stores`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [TEST_CONTROL_TOKEN_HEADER]: field(banner, 'control token'),
      },
      body: '{}',
    });
    const storeId = ((await store.json()) as { id: string }).id;
    const session = JSON.parse(
      await call(
        'POST',
        '/v1/sessions',
        { agent: 'a', environment_id: 'e', resources: [{ type: 'memory_store', memory_store_id: storeId }] },
        betas,
      ),
    );
    const dreamBody = {
      model: 'acme-opus-4-7',
      inputs: [
        { type: 'memory_store', memory_store_id: storeId },
        { type: 'sessions', session_ids: [session.id] },
      ],
    };
    const dream = JSON.parse(await call('POST', '/v1/dreams', dreamBody, betas));
    expect(JSON.parse(await call('GET', `/v1/dreams/${dream.id}`, undefined, betas)).status).toBe(
      'completed',
    );
  }, 300_000);

  it("the package README's command runs as written: pnpm --filter @vendor-api/reference-server start -- --test-control", async () => {
    const banner = await start(['--filter', '@vendor-api/reference-server', 'start', '--', '--test-control']);
    expect(banner).toMatch(/^models:\s+vendor-opus-4-7, vendor-sonnet-4-6/m);
    expect(await firstMessage(banner)).toMatchObject({ type: 'message', model: 'vendor-sonnet-4-6' });
    const state = await fetch(`${field(banner, 'base URL')}/_test/state`, {
      headers: { [TEST_CONTROL_TOKEN_HEADER]: field(banner, 'control token') },
    });
    expect(await state.json()).toMatchObject({ clock: 'wall' });
  }, 300_000);

  it('a bad time option exits 2 and says why', async () => {
    const failed = await runToEnd('corepack', ['pnpm', 'start', '--', '--batch-seconds', 'soon']);
    expect(failed.code).toBe(2);
    expect(failed.stderr).toContain('--batch-seconds must be');
  }, 300_000);
});

/**
 * A stop ends whatever a client is sending: once the server stops listening, Node no longer times
 * requests out, so a client sending its body slowly held a stop (SIGTERM) forever. The server
 * under test gets a grace period of a fraction of a second; the test waits many times longer
 * before it calls the stop held.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vendor } from '@vendor-api/spec';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { keepState, readStateFile } from '../../src/persistence.js';
import { shutDown } from '../../src/shutdown.js';
import { rawConversation, setup } from '../helpers.js';
import { field, server, startWithBanner, stop, stopStarted } from '../processes.js';

const dir = mkdtempSync(join(tmpdir(), 'reference-server-shutdown-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(stopStarted);

/** A message request whose body starts and then comes a byte every 50 ms, never whole. */
function slowRequest(port: number, key: string) {
  const head = [
    'POST /v1/messages HTTP/1.1',
    'host: 127.0.0.1',
    'content-type: application/json',
    'content-length: 100000',
    `${vendor.headers.version}: ${vendor.apiVersion}`,
    `x-api-key: ${key}`,
  ].join('\r\n');
  return rawConversation(port, `${head}\r\n\r\n{"model": "`, { drip: 'a', dripEveryMs: 50, waitMs: 60_000 });
}

describe('a stop', () => {
  it('ends while a client sends its body slowly: its connection is closed after the grace period, the state saved', async () => {
    const t = setup();
    const path = join(dir, 'state.json');
    keepState(t.app, path);
    const port = Number(new URL(await t.app.reference.listenLocal(0)).port);
    const store = await t.call('POST', '/_test/memory_stores', { body: { name: 'kept' } });
    expect(store.status).toBe(200);

    const seen = new Promise((resolve) => t.app.server.once('request', resolve));
    const conversation = slowRequest(port, t.demo.workspaceKey);
    await seen;
    await shutDown(t.app, 200);
    expect((await conversation).closed).toBe(true);
    const saved = readStateFile(path, t.app.reference.state.vendor.name);
    expect(saved?.store.memoryStores.map((s) => (s as { id: string }).id)).toContain(store.json?.id);
  }, 60_000);

  it('SIGTERM ends the server with exit code 0 while a client sends its body slowly', async () => {
    const path = join(dir, 'signal.json');
    const { banner, child } = await startWithBanner(...server('--port', '0', '--state', path), {
      group: false,
    });
    const conversation = slowRequest(
      Number(new URL(field(banner, 'base URL')).port),
      field(banner, 'workspace key'),
    );
    expect(await stop(child)).toBe(0);
    expect((await conversation).closed).toBe(true);
  }, 90_000);
});

/**
 * The conformance control API: the reference server implements every endpoint of the spec's
 * protocol table; the built-in control adapter discovers what a server offers, refuses what is not
 * the protocol, and a case needing a capability the server does not offer is skipped with the
 * reason in the run's terms; the command line takes --control-url and --require.
 */
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer, ManualClock } from '@vendor-api/reference-server';
import {
  CAPABILITY_NAMES,
  CONTROL_ENDPOINTS,
  CONTROL_PROTOCOL,
  CONTROL_TOKEN_HEADER,
  controlPath,
  OPT_IN_CAPABILITIES,
  pathParams,
  spec,
} from '@vendor-api/spec';
import { request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ControlError, connectControl, controlAdapter, discover } from '../src/adapters/control.js';
import { referenceControlUrl } from '../src/adapters/reference.js';
import { allCases } from '../src/cases/index.js';
import { main } from '../src/cli.js';
import { requiredCapabilities } from '../src/needs.js';
import { runOne } from '../src/runner.js';
import { pinSettings } from './helpers.js';

let app: ReturnType<typeof createServer>;
let baseUrl: string;
let token: string;
beforeAll(async () => {
  app = createServer({
    testControl: true,
    seed: 1,
    clock: new ManualClock(Date.parse('2026-01-01T00:00:00Z')),
    timings: { batchProcessingMs: null, dreamStartMs: null, dreamRunMs: null },
  });
  baseUrl = await app.reference.listenLocal(0);
  token = app.reference.testControlToken ?? '';
});
afterAll(() => app.close());
afterEach(() => vi.restoreAllMocks());

/** A server answering every request with one JSON body (a control API of another protocol, say). */
async function answering(status: number, body: unknown): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createHttpServer((_req, res) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The generated OpenAPI document of the protocol (`@vendor-api/openapi`). */
const controlDocument = JSON.parse(
  readFileSync(new URL('../../packages/openapi/control.openapi.json', import.meta.url), 'utf8'),
) as { paths: Record<string, Record<string, { operationId: string }>> };

describe('the conformance control API', () => {
  it('has an OpenAPI document with one operation per endpoint of the table', () => {
    const ops = Object.values(controlDocument.paths).flatMap((p) =>
      Object.values(p).map((o) => o.operationId),
    );
    expect(ops.sort()).toEqual(CONTROL_ENDPOINTS.map((e) => `control.${e.id}`).sort());
  });

  it('the reference server routes every endpoint of the table (none answers "no route")', async () => {
    const send = (method: string, path: string) =>
      request(`${referenceControlUrl(baseUrl)}${path}`, {
        method,
        headers: { [CONTROL_TOKEN_HEADER]: token, 'content-type': 'application/json' },
        ...(method === 'POST' ? { body: '{}' } : {}),
      }).then(async (r) => ({ status: r.statusCode, text: await r.body.text() }));
    // What a path the server does not route answers (so that the check below can fail).
    const unrouted = (a: { status: number; text: string }) => a.status === 404 && /no route for/.test(a.text);
    expect(unrouted(await send('POST', '/no/such/endpoint'))).toBe(true);
    for (const e of CONTROL_ENDPOINTS) {
      const params = Object.fromEntries(pathParams(e.path).map((name) => [name, 'unknown-id']));
      // A routed endpoint answers, or refuses by its own checks (400, a record's 404, 409).
      expect([e.id, unrouted(await send(e.method, controlPath(e.id, params)))]).toEqual([e.id, false]);
    }
  });

  it('discovery names the protocol, every capability the reference server can offer and its target', async () => {
    const d = await discover({ controlUrl: referenceControlUrl(baseUrl), token });
    expect(d.discovery.protocol).toBe(CONTROL_PROTOCOL);
    expect([...d.capabilities].sort()).toEqual(
      CAPABILITY_NAMES.filter((c) => !OPT_IN_CAPABILITIES.includes(c)).sort(),
    );
    expect(d.discovery.target?.organization_id).toBe(app.reference.state.demo.organizationId);
  });

  it('refuses a wrong token, a URL without a control API and another protocol version', async () => {
    await expect(discover({ controlUrl: referenceControlUrl(baseUrl), token: 'wrong' })).rejects.toThrow(
      /401.*--control-token/,
    );
    await expect(discover({ controlUrl: `${baseUrl}/elsewhere`, token })).rejects.toThrow(ControlError);
    const v2 = await answering(200, { protocol: CONTROL_PROTOCOL, version: 2, capabilities: [] });
    try {
      await expect(discover({ controlUrl: v2.url })).rejects.toThrow(/version 2/);
    } finally {
      await v2.close();
    }
    const noTarget = await answering(200, {
      protocol: CONTROL_PROTOCOL,
      version: 1,
      capabilities: ['clock', 'time-travel'],
    });
    try {
      const d = await discover({ controlUrl: noTarget.url });
      expect([...d.capabilities]).toEqual(['clock']);
      expect(d.unknown).toEqual(['time-travel']);
      await expect(connectControl({ baseUrl: noTarget.url, controlUrl: noTarget.url })).rejects.toThrow(
        /names no target/,
      );
    } finally {
      await noTarget.close();
    }
  });

  it("a case needing a capability the server does not offer is skipped, with the reason in the run's terms", async () => {
    const { target } = await connectControl({ baseUrl, controlUrl: referenceControlUrl(baseUrl), token });
    const withheld = controlAdapter({
      controlUrl: referenceControlUrl(baseUrl),
      token,
      capabilities: new Set(['memory-stores']),
      organizationId: target.organizationId,
    });
    const c = allCases.find((x) => requiredCapabilities(x.needs).includes('drive-dreams'))!;
    const r = await runOne(c, {
      target,
      adapter: withheld,
      spec,
      settings: pinSettings(),
      missingReason: (m) => `the control API offers no ${m.join(', ')}`,
    });
    expect(r.outcome).toBe('skipped');
    expect(r.reason).toMatch(/the control API offers no drive-dreams/);
    expect(r.missing).toContain('drive-dreams');
  });
});

describe('vendor-conformance run with a control API', () => {
  const capture = () => {
    const out: string[] = [];
    const err: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
    vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(a.join(' ')));
    return { out, err };
  };

  it('runs a case through --control-url alone and names the verdict first in the summary', async () => {
    const { out } = capture();
    const code = await main([
      'run',
      '--control-url',
      referenceControlUrl(baseUrl),
      '--control-token',
      token,
      '--case',
      'message-batches.max-tokens-zero-errored',
      '--seed',
      '3',
    ]);
    const text = out.join('\n');
    expect(code, text).toBe(0);
    expect(text).toMatch(/control API .*\/_test · \d+ of \d+ capabilities/);
    expect(text).toMatch(/\nVerdict: conformant — \d+ of \d+ requirements checked/);
  });

  it('--require a capability the server does not offer is exit 2 before any case runs', async () => {
    const offersLittle = await answering(200, {
      protocol: CONTROL_PROTOCOL,
      version: 1,
      capabilities: ['clock'],
      target: { admin_key: 'a', workspace_key: 'b', workspace_id: 'c', organization_id: 'd' },
    });
    try {
      const { out, err } = capture();
      const code = await main(['run', '--control-url', offersLittle.url, '--require', 'drive-batches']);
      expect(code).toBe(2);
      expect(err.join('\n')).toMatch(/does not offer the required capability drive-batches/);
      expect(out.join('\n')).not.toMatch(/\[ *1\//);
    } finally {
      await offersLittle.close();
    }
  });

  it('usage errors: --adapter control without --control-url, an unknown --require, a bad URL', async () => {
    for (const args of [
      ['run', '--adapter', 'control', '--base-url', baseUrl],
      [
        'run',
        '--control-url',
        referenceControlUrl(baseUrl),
        '--control-token',
        token,
        '--require',
        'telepathy',
      ],
      ['run', '--control-url', 'not a url'],
      ['run', '--control-url', referenceControlUrl(baseUrl), '--adapter', './my-adapter.mjs'],
    ]) {
      const { err } = capture();
      expect([args.join(' '), await main(args)]).toEqual([args.join(' '), 2]);
      expect(err.join('\n')).toMatch(/^error: /);
      expect(err.join('\n')).not.toMatch(/\n\s+at /);
      vi.restoreAllMocks();
    }
  });
});

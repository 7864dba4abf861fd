/**
 * An identity provider that drip-feeds its key set, one byte a second, from a real server on
 * 127.0.0.1. An idle timeout never trips on it; the fetch's deadline does. The exchange fails
 * with `invalid_grant` (EXCH-ERR-KEYSET-FETCH-FAILED) once the deadline passes, the exchanges
 * that waited on the same fetch are answered with it, the next one fetches anew, and the real
 * network drops its connection to the provider. The server under test gets a short deadline
 * (`timeLimits.keySetFetchMs`); the bounds asserted are many times longer, and many times
 * shorter than the drip would take.
 */
import { createServer as createHttpServer, get, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { FETCH_DEADLINE_MS, type FederationNetwork, realNetwork } from '../../src/federation/network.js';
import { expectInvalidGrant, IDP, PUBLIC, setupFederation, sign } from '../federation/helpers.js';
import { hasOpenssl, selfSignedCertificate } from '../federation/tls.js';

const KEYS_HOST = 'keys.acme-corp.com';
const JWKS_URL = `https://${KEYS_HOST}/jwks.json`;
/** The server's deadline in these tests. */
const DEADLINE_MS = 1_000;
/** Longest a test waits for an answer the deadline must bring: far above it, far below the drip. */
const PATIENCE_MS = 30_000;

/** A provider on 127.0.0.1 sending `body` one byte a second while `drip` is on, at once otherwise. */
interface DripProvider {
  body: string;
  drip: boolean;
  readonly port: number;
  /** Requests it was sent. */
  readonly requests: number;
  /** Connections still open. */
  readonly open: number;
  close(): Promise<void>;
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function dripProvider(tls?: { key: string; cert: string }): Promise<DripProvider> {
  let requests = 0;
  const sockets = new Set<Socket>();
  const provider = {
    body: '',
    drip: true,
    port: 0,
    get requests() {
      return requests;
    },
    get open() {
      return sockets.size;
    },
    close: async () => {},
  };
  const answer = (_req: IncomingMessage, res: ServerResponse) => {
    requests++;
    const body = Buffer.from(provider.body);
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    if (!provider.drip) {
      res.end(body);
      return;
    }
    let sent = 0;
    const timer = setInterval(() => {
      res.write(body.subarray(sent, sent + 1));
      if (++sent === body.length) {
        clearInterval(timer);
        res.end();
      }
    }, 1_000);
    res.on('close', () => clearInterval(timer));
  };
  const server = tls ? createHttpsServer(tls, answer) : createHttpServer(answer);
  server.on(tls ? 'secureConnection' : 'connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  provider.port = (server.address() as AddressInfo).port;
  provider.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  closers.push(provider.close);
  return provider;
}

/** `promise`, or a failure naming `what` when it is still pending after `ms`. */
function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: still waiting after ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Polls `condition` every 50 ms until it holds, failing after `ms`. */
async function eventually(ms: number, what: string, condition: () => boolean): Promise<void> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`${what}: not after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A federation server whose explicit-URL issuer's key set comes through `network`. */
async function exchangeThrough(network: FederationNetwork) {
  const f = await setupFederation({ federationNetwork: network, timeLimits: { keySetFetchMs: DEADLINE_MS } });
  const issuer = await f.controlOk('/_test/federation/issuers', {
    name: 'dripping',
    issuer_url: IDP,
    jwks: { type: 'explicit_url', url: JWKS_URL },
  });
  const rule = await f.controlOk('/_test/federation/rules', {
    issuer_id: issuer.id,
    name: 'dripping-rule',
    match: { subject_prefix: 'repo:*' },
    workspace_id: f.demo.workspaceId,
  });
  const exchange = async () =>
    f.exchange({
      federation_rule_id: rule.id,
      assertion: await sign(f.es256, f.nowSeconds(), { claims: { iss: IDP } }),
    });
  return { ...f, exchange };
}

describe('an identity provider that drip-feeds its key set', () => {
  it('fails the exchange by the deadline even through a network that ignores the abort; the next exchange fetches anew', async () => {
    const provider = await dripProvider();
    // Plain HTTP to the provider, the abort signal ignored: only the key-set cache's deadline ends it.
    const careless: FederationNetwork = {
      resolve: () => PUBLIC,
      get: (url) =>
        new Promise((resolve, reject) => {
          get({ host: '127.0.0.1', port: provider.port, path: new URL(url).pathname }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
            );
            res.on('error', reject);
          }).on('error', reject);
        }),
    };
    const f = await exchangeThrough(careless);
    provider.body = JSON.stringify({ keys: [f.es256.jwk] });
    expect(provider.body.length * 1_000).toBeGreaterThan(2 * PATIENCE_MS);

    // Two exchanges at once, waiting on one fetch: both answered.
    const [first, second] = await within(
      PATIENCE_MS,
      'two exchanges on a dripping key set',
      Promise.all([f.exchange(), f.exchange()]),
    );
    expectInvalidGrant(first);
    expectInvalidGrant(second);
    const fetched = provider.requests;
    expect(fetched).toBeGreaterThanOrEqual(1);

    // The failed fetch is not waited on again: the next exchange starts its own, and fails the same way.
    expectInvalidGrant(await within(PATIENCE_MS, 'a later exchange', f.exchange()));
    expect(provider.requests).toBe(fetched + 1);

    // A provider that answers again is used at once.
    provider.drip = false;
    const res = await within(PATIENCE_MS, 'an exchange once the provider answers', f.exchange());
    expect(res.status, res.text).toBe(200);
  }, 120_000);
});

describe.skipIf(!hasOpenssl())('the real network against a drip-feeding provider over TLS', () => {
  const pair = hasOpenssl() ? selfSignedCertificate(KEYS_HOST) : { key: '', cert: '' };

  it("stops at the caller's deadline and closes its connection", async () => {
    const provider = await dripProvider(pair);
    provider.body = JSON.stringify({ keys: [] });
    const fetching = realNetwork.get(`https://${KEYS_HOST}:${provider.port}/jwks.json`, {
      addresses: ['127.0.0.1'],
      caCertPem: pair.cert,
      signal: AbortSignal.timeout(DEADLINE_MS),
    });
    await expect(within(PATIENCE_MS, 'a dripping GET', fetching)).rejects.toThrow(/abort/i);
    expect(provider.requests).toBe(1);
    await eventually(PATIENCE_MS, 'the connection to the provider closed', () => provider.open === 0);
  }, 120_000);

  it('stops at its own deadline (FETCH_DEADLINE_MS) when the caller gives none', async () => {
    const provider = await dripProvider(pair);
    provider.body = JSON.stringify({ keys: [] });
    expect(provider.body.length * 1_000).toBeGreaterThan(2 * FETCH_DEADLINE_MS);
    const fetching = realNetwork.get(`https://${KEYS_HOST}:${provider.port}/jwks.json`, {
      addresses: ['127.0.0.1'],
      caCertPem: pair.cert,
    });
    await expect(within(FETCH_DEADLINE_MS + PATIENCE_MS, 'a dripping GET', fetching)).rejects.toThrow();
    await eventually(PATIENCE_MS, 'the connection to the provider closed', () => provider.open === 0);
  }, 120_000);

  it('ends the exchange at the deadline and leaves no connection to the provider', async () => {
    const provider = await dripProvider(pair);
    // The real network, its host pinned to the provider's port on 127.0.0.1.
    const pinned: FederationNetwork = {
      resolve: () => PUBLIC,
      get: (url, options) => {
        const local = new URL(url);
        local.port = String(provider.port);
        return realNetwork.get(local.href, { ...options, addresses: ['127.0.0.1'], caCertPem: pair.cert });
      },
    };
    const f = await exchangeThrough(pinned);
    provider.body = JSON.stringify({ keys: [f.es256.jwk] });
    expectInvalidGrant(await within(PATIENCE_MS, 'an exchange on a dripping key set', f.exchange()));
    await eventually(PATIENCE_MS, 'the connection to the provider closed', () => provider.open === 0);
    provider.drip = false;
    const res = await within(PATIENCE_MS, 'an exchange once the provider answers', f.exchange());
    expect(res.status, res.text).toBe(200);
  }, 120_000);
});

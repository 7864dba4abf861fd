/**
 * Token exchange throughput as a ratio to raw jose ES256 verification, measured in the same run
 * (target >= 0.5).
 *
 * - Baseline: `jwtVerify` of the same pre-signed ES256 JWTs against a local key set, in this
 *   process, with the same concurrency.
 * - Exchange: `POST /v1/oauth/token` of the reference server (listening on 127.0.0.1), sent by the
 *   load generator in a second process. The issuer (inline ES256 key), the service account and
 *   the rule are registered through the test-control API over HTTP, as a client would.
 *
 * Each side is measured twice, alternating, and its better run counts. Every JWT is distinct (a `jti` per request), so nothing can be answered from a cache of
 * assertions. Bounded: a fixed number of requests per phase and a time limit.
 */
import { vendor } from '@vendor-api/spec';
import { createLocalJWKSet, exportJWK, generateKeyPair, type JWK, jwtVerify, SignJWT } from 'jose';
import { createServer } from '../src/index.js';
import { fmt, Loader, reportPhase, reportRatio } from './harness.js';

const TARGET = 0.5;
const COUNT = Number(process.env.BENCH_EXCHANGE_COUNT ?? 8000);
const WARMUP = 1000;
const CONCURRENCY = 16;
/** Each side is measured this many times, alternating; its best run counts. */
const ROUNDS = 2;
const TIME_LIMIT_MS = 30_000;
const ISSUER_URL = 'https://idp.bench.test/';
const SUBJECT = 'repo:acme/app:ref:refs/heads/main';
const AUDIENCE = 'bench-audience';
const GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

async function postJson(base: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [vendor.headers.version]: vendor.apiVersion },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Runs `fn` over `items` with at most `concurrency` in flight; resolves to the elapsed ms. */
async function pool<T>(items: readonly T[], concurrency: number, fn: (item: T) => Promise<unknown>) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await fn(items[next++] as T);
    }),
  );
  return performance.now() - started;
}

export async function run(): Promise<boolean> {
  console.log('token exchange vs raw jose ES256 verification');
  const app = createServer({ seed: 'bench', testControl: true });
  const base = await app.reference.listenLocal(0);
  const loader = new Loader();
  try {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'bench-1', alg: 'ES256', use: 'sig' };

    const issuer = await postJson(base, '/_test/federation/issuers', {
      name: 'bench-issuer',
      issuer_url: ISSUER_URL,
      jwks: { type: 'inline', keys: [jwk] },
    });
    const account = await postJson(base, '/_test/federation/service_accounts', {
      name: 'bench-deployer',
      workspace_ids: [app.reference.state.demo.workspaceId],
    });
    const rule = await postJson(base, '/_test/federation/rules', {
      issuer_id: issuer.id,
      name: 'bench-rule',
      match: { subject_prefix: SUBJECT },
      oauth_scope: 'workspace:developer',
      workspace_id: app.reference.state.demo.workspaceId,
    });

    const now = Math.floor(Date.now() / 1000);
    const sign = (i: number) =>
      new SignJWT({ repository: 'acme/app', jti: `bench-${i}` })
        .setProtectedHeader({ alg: 'ES256', kid: 'bench-1' })
        .setIssuer(ISSUER_URL)
        .setSubject(SUBJECT)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + 900)
        .sign(privateKey);
    const total = WARMUP + ROUNDS * COUNT;
    const tokens: string[] = [];
    for (let i = 0; i < total; i += 500) {
      tokens.push(
        ...(await Promise.all(Array.from({ length: Math.min(500, total - i) }, (_, j) => sign(i + j)))),
      );
    }
    const bodies = tokens.map((assertion) =>
      JSON.stringify({
        grant_type: GRANT_TYPE,
        assertion,
        federation_rule_id: rule.id,
        organization_id: app.reference.state.demo.organizationId,
        service_account_id: account.id,
      }),
    );

    // Baseline: raw jose verification of the same JWTs.
    const keySet = createLocalJWKSet({ keys: [jwk] });
    const verify = (token: string) => jwtVerify(token, keySet, { issuer: ISSUER_URL, algorithms: ['ES256'] });
    const job = {
      url: `${base}/v1/oauth/token`,
      method: 'POST' as const,
      headers: { 'content-type': 'application/json', [vendor.headers.version]: vendor.apiVersion },
      concurrency: CONCURRENCY,
      timeLimitMs: TIME_LIMIT_MS,
    };
    await pool(tokens.slice(0, WARMUP), CONCURRENCY, verify);
    reportPhase(
      'exchange warm-up',
      await loader.run({ ...job, bodies: bodies.slice(0, WARMUP), count: WARMUP }),
    );

    let joseBest = 0;
    let exchangeBest = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const from = WARMUP + round * COUNT;
      const measured = tokens.slice(from, from + COUNT);
      const joseMs = await pool(measured, CONCURRENCY, verify);
      const joseRps = (measured.length / joseMs) * 1000;
      console.log(
        `  ${`raw jose jwtVerify ES256 (${round + 1})`.padEnd(34)} ${fmt(joseRps).padStart(8)} req/s  (${measured.length} in ${Math.round(joseMs)} ms)`,
      );
      const exchange = await loader.run({ ...job, bodies: bodies.slice(from, from + COUNT), count: COUNT });
      reportPhase(`POST /v1/oauth/token (${round + 1})`, exchange);
      joseBest = Math.max(joseBest, joseRps);
      exchangeBest = Math.max(exchangeBest, exchange.rps);
    }
    return reportRatio('exchange / jose', exchangeBest / joseBest, TARGET);
  } finally {
    loader.close();
    await app.close();
  }
}

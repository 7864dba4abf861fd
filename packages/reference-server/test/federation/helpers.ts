/**
 * Federation fixtures for tests: key pairs, an inline issuer, a service account and a rule set up
 * through test control, a JWT signer, and the exchange and bearer calls.
 */
import { jwt, vendor } from '@vendor-api/spec';
import { type CryptoKey, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { expect } from 'vitest';
import { type ServerOptions, TEST_CONTROL_TOKEN_HEADER } from '../../src/index.js';
import { setup } from '../helpers.js';

export const GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
export const ISSUER_URL = 'https://idp.internal.test:8443/realm/';
export const SUBJECT = 'repo:acme/app:ref:refs/heads/main';

export interface KeyPair {
  readonly alg: string;
  readonly kid: string;
  readonly privateKey: CryptoKey;
  readonly jwk: JWK;
}

const keyCache = new Map<string, Promise<KeyPair>>();

/** A key pair for an algorithm (cached per alg and kid: RSA generation is slow). */
export function keyPair(alg: string, kid = `${alg.toLowerCase()}-1`): Promise<KeyPair> {
  const cacheKey = `${alg}/${kid}`;
  let pending = keyCache.get(cacheKey);
  if (!pending) {
    pending = (async () => {
      const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
      const jwk = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' };
      return { alg, kid, privateKey: privateKey as CryptoKey, jwk };
    })();
    keyCache.set(cacheKey, pending);
  }
  return pending;
}

export interface SignOptions {
  readonly claims?: Record<string, unknown>;
  /** Claims removed from the defaults. */
  readonly omit?: readonly string[];
  readonly header?: Record<string, unknown>;
  /** Drop `kid` from the header. */
  readonly noKid?: boolean;
  /** Seconds since the epoch (defaults to the server clock). */
  readonly now?: number;
}

export async function sign(key: KeyPair, nowSeconds: number, options: SignOptions = {}): Promise<string> {
  const now = options.now ?? nowSeconds;
  const claims: Record<string, unknown> = {
    iss: ISSUER_URL,
    sub: SUBJECT,
    aud: 'vendor-api',
    iat: now,
    exp: now + 600,
    repository: 'acme/app',
    ...options.claims,
  };
  for (const name of options.omit ?? []) delete claims[name];
  const header = { alg: key.alg, ...(options.noKid ? {} : { kid: key.kid }), ...options.header };
  return new SignJWT(claims).setProtectedHeader(header as { alg: string }).sign(key.privateKey);
}

export interface FederationSetupOptions extends ServerOptions {
  readonly match?: Record<string, unknown>;
  readonly oauthScope?: string;
  readonly tokenLifetime?: number;
  readonly maxLifetime?: number;
  readonly keys?: readonly KeyPair[];
  readonly issuerUrl?: string;
}

/** A server with an inline issuer (ES256 key), a service account in the demo workspace and a rule. */
export async function setupFederation(options: FederationSetupOptions = {}) {
  const base = setup(options);
  const { app, demo, clock } = base;
  const es256 = await keyPair('ES256');
  const keys = options.keys ?? [es256];

  async function control(method: 'GET' | 'POST', url: string, body?: unknown) {
    const token = { [TEST_CONTROL_TOKEN_HEADER]: app.reference.testControlToken ?? '' };
    const res = await app.inject({
      method,
      url,
      headers: body === undefined ? token : { ...token, 'content-type': 'application/json' },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    return { status: res.statusCode, json: res.json() as Record<string, unknown> };
  }

  async function controlOk(url: string, body?: unknown) {
    const res = await control('POST', url, body);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json;
  }

  const issuer = await controlOk('/_test/federation/issuers', {
    name: 'ci-issuer',
    issuer_url: options.issuerUrl ?? ISSUER_URL,
    jwks: { type: 'inline', keys: keys.map((k) => k.jwk) },
    ...(options.maxLifetime !== undefined ? { max_token_lifetime_seconds: options.maxLifetime } : {}),
  });
  const account = await controlOk('/_test/federation/service_accounts', {
    name: 'deployer',
    workspace_ids: [demo.workspaceId, 'default'],
  });
  const rule = await controlOk('/_test/federation/rules', {
    issuer_id: issuer.id,
    name: 'main-branch',
    match: options.match ?? { subject_prefix: SUBJECT },
    oauth_scope: options.oauthScope ?? 'workspace:developer',
    workspace_id: demo.workspaceId,
    ...(options.tokenLifetime !== undefined ? { token_lifetime_seconds: options.tokenLifetime } : {}),
  });

  const nowSeconds = () => Math.floor(clock.now() / 1000);

  async function exchange(body: Record<string, unknown>, raw?: string) {
    const payload =
      raw ??
      JSON.stringify({
        grant_type: GRANT_TYPE,
        federation_rule_id: rule.id,
        organization_id: demo.organizationId,
        service_account_id: account.id,
        ...body,
      });
    const res = await app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      headers: { 'content-type': 'application/json', [vendor.headers.version]: vendor.apiVersion },
      payload,
    });
    return {
      status: res.statusCode,
      headers: res.headers,
      text: res.body,
      json: res.json() as Record<string, unknown>,
    };
  }

  /** Exchanges a JWT signed with `key` (default ES256) with the given sign options. */
  async function exchangeSigned(
    signOptions: SignOptions = {},
    body: Record<string, unknown> = {},
    key = es256,
  ) {
    return exchange({ assertion: await sign(key, nowSeconds(), signOptions), ...body });
  }

  /** A successful exchange's access token. */
  async function token(body: Record<string, unknown> = {}, signOptions: SignOptions = {}): Promise<string> {
    const res = await exchangeSigned(signOptions, body);
    expect(res.status, res.text).toBe(200);
    return String(res.json.access_token);
  }

  async function bearer(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    accessToken: string,
    opts: { body?: unknown; betas?: string } = {},
  ) {
    const headers: Record<string, string> = {
      [vendor.headers.version]: vendor.apiVersion,
      authorization: `Bearer ${accessToken}`,
    };
    if (opts.betas !== undefined) headers[vendor.headers.beta] = opts.betas;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const res = await app.inject({
      method,
      url,
      headers,
      ...(opts.body !== undefined ? { payload: JSON.stringify(opts.body) } : {}),
    });
    return { status: res.statusCode, text: res.body, headers: res.headers };
  }

  return {
    ...base,
    es256,
    issuer,
    account,
    rule,
    control,
    controlOk,
    nowSeconds,
    exchange,
    exchangeSigned,
    token,
    bearer,
  };
}

/** The one invalid_grant body of the spec. */
export const INVALID_GRANT = jwt.invalidGrantBody();

/** Asserts the exchange answered the spec's one `invalid_grant` body, byte for byte. */
export function expectInvalidGrant(res: { status: number; text: string }) {
  expect(res.status).toBe(400);
  expect(res.text).toBe(JSON.stringify(INVALID_GRANT));
}

/** Public addresses of the virtual hosts, and the fetched issuer's URL. */
export const PUBLIC = ['93.184.215.14'];
export const IDP = 'https://idp.acme-corp.com';

/** A server plus a fetched-mode issuer, rule and service account (the host registered through test control). */
export async function fetched(
  jwks: Record<string, unknown>,
  options: { issuerUrl?: string; host?: Record<string, unknown>; server?: ServerOptions } = {},
) {
  const f = await setupFederation(options.server);
  await f.controlOk('/_test/federation/hosts', {
    hostname: 'idp.acme-corp.com',
    addresses: PUBLIC,
    ...options.host,
  });
  await f.controlOk('/_test/federation/hosts', { hostname: 'keys.acme-corp.com', addresses: PUBLIC });
  await f.controlOk('/_test/federation/hosts/documents', {
    url: `${IDP}/.well-known/openid-configuration`,
    body: { issuer: IDP, jwks_uri: 'https://keys.acme-corp.com/jwks.json' },
  });
  const publish = (keys: unknown[]) =>
    f.controlOk('/_test/federation/hosts/documents', {
      url: 'https://keys.acme-corp.com/jwks.json',
      body: { keys },
    });
  await publish([f.es256.jwk]);
  const issuerUrl = options.issuerUrl ?? IDP;
  const issuer = await f.control('POST', '/_test/federation/issuers', {
    name: 'fetched',
    issuer_url: issuerUrl,
    jwks,
  });
  expect(issuer.status, JSON.stringify(issuer.json)).toBe(200);
  const rule = await f.controlOk('/_test/federation/rules', {
    issuer_id: issuer.json.id,
    name: 'fetched-rule',
    match: { subject_prefix: 'repo:*' },
    workspace_id: f.demo.workspaceId,
  });
  const exchange = async (key = f.es256) =>
    f.exchange({
      federation_rule_id: rule.id,
      assertion: await sign(key, f.nowSeconds(), { claims: { iss: issuerUrl } }),
    });
  const fetches = async () =>
    (
      (await f.control('GET', '/_test/federation/fetches')).json.fetches as { url: string; ok: boolean }[]
    ).map((e) => e.url);
  return { ...f, fetchedRule: rule, publish, exchange, fetches };
}

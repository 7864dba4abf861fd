import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { vendor } from '@vendor-api/spec';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { VendorClient } from '../../src/client.js';
import {
  AuthenticationError,
  IdentityTokenFileNotFoundError,
  TokenExchangeError,
} from '../../src/core/errors.js';
import { JWT_BEARER_GRANT } from '../../src/core/federation.js';
import { tempDir } from '../helpers/client.js';
import { json, type Recorded, startServer, type TestServer } from '../helpers/server.js';

const E = vendor.env;
const JWT_1 = 'eyJhbGciOiJSUzI1NiIsImtpZCI6IjEifQ.eyJzdWIiOiJ3b3JrbG9hZC0xIn0.c2lnbmF0dXJlLW9uZQ';
const JWT_2 = 'eyJhbGciOiJSUzI1NiIsImtpZCI6IjEifQ.eyJzdWIiOiJ3b3JrbG9hZC0yIn0.c2lnbmF0dXJlLXR3bw';
const ORG = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';

let server: TestServer;
let exchanges: Recorded[];
let tokenSeq: number;
/** Tokens the API accepts; `revoke` empties it to force 401s. */
let valid: Set<string>;
/** Whether the API cannot read a token: requests carrying it are 431 (headers too large). */
let unreadable: (token: string) => boolean;
let exchangeDelay: number;
let expiresIn: number;
let exchangeFails: boolean;
/** The rule covers more than one workspace: an exchange without `workspace_id` is refused. */
let requireWorkspace: boolean;

beforeAll(async () => {
  server = await startServer(async (req, res) => {
    if (req.path === '/v1/oauth/token') {
      exchanges.push(req);
      if (exchangeDelay) await new Promise((r) => setTimeout(r, exchangeDelay));
      if (requireWorkspace && !(req.json as Record<string, unknown>).workspace_id) {
        return json(
          res,
          400,
          {
            type: 'error',
            error: {
              type: 'invalid_request',
              message: 'workspace_id required',
              detail: 'workspace_id_required',
            },
          },
          { 'request-id': 'req_ws1' },
        );
      }
      if (exchangeFails) {
        return json(
          res,
          400,
          { type: 'error', error: { type: 'invalid_grant', message: 'invalid grant' } },
          { 'request-id': 'req_x1' },
        );
      }
      const token = `${vendor.prefixes.accessToken}T${++tokenSeq}-abcdefgh`;
      valid.add(token);
      return json(res, 200, {
        access_token: token,
        token_type: 'Bearer',
        expires_in: expiresIn,
        scope: 'workspace:developer',
      });
    }
    const auth = String(req.headers.authorization ?? '');
    if (unreadable(auth.replace(/^Bearer /, ''))) {
      return json(res, 431, {
        type: 'error',
        error: { type: 'invalid_request_error', message: 'too large' },
      });
    }
    if (!valid.has(auth.replace(/^Bearer /, ''))) {
      return json(res, 401, { type: 'error', error: { type: 'authentication_error', message: 'bad token' } });
    }
    return json(res, 200, { type: 'dream', id: 'drm_1', status: 'completed', auth });
  });
});
afterAll(() => server.close());
beforeEach(() => {
  exchanges = [];
  tokenSeq = 0;
  valid = new Set();
  unreadable = () => false;
  exchangeDelay = 0;
  expiresIn = 3600;
  exchangeFails = false;
  requireWorkspace = false;
});

function federationEnv(tokenFile: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    [E.federationRuleId]: 'fdrl_rule1',
    [E.organizationId]: ORG,
    [E.serviceAccountId]: 'svac_sa1',
    [E.identityTokenFile]: tokenFile,
    ...extra,
  };
}

const get = (client: VendorClient) => client.request({ method: 'GET', path: '/v1/dreams/drm_1' });

/** A client federating from the environment, its identity token file (holding JWT_1) in a fresh config dir. */
function federatedClient(
  options: Omit<ConstructorParameters<typeof VendorClient>[0], 'env' | 'configDir'> = {},
) {
  const dir = tempDir();
  const file = join(dir, 'jwt');
  writeFileSync(file, JWT_1);
  const client = new VendorClient({
    baseURL: server.url,
    env: federationEnv(file),
    configDir: dir,
    ...options,
  });
  return { client, file };
}

describe('federation from the environment', () => {
  it('CRED-ENV-FEDERATION-RULE-ID, CRED-ENV-ORGANIZATION-ID, CRED-ENV-SERVICE-ACCOUNT-ID, CRED-ENV-IDENTITY-TOKEN-FILE, CRED-ENV-WORKSPACE-ID: exchanges the identity token (JWT-bearer grant) and sends the access token as a bearer', async () => {
    const dir = tempDir();
    const file = join(dir, 'jwt');
    writeFileSync(file, `${JWT_1}\n`);
    const client = new VendorClient({
      baseURL: server.url,
      env: federationEnv(file, { [E.workspaceId]: 'wrkspc_one' }),
      configDir: dir,
    });
    const res = await get(client);
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]!.json).toEqual({
      grant_type: JWT_BEARER_GRANT,
      assertion: JWT_1,
      federation_rule_id: 'fdrl_rule1',
      organization_id: ORG,
      service_account_id: 'svac_sa1',
      workspace_id: 'wrkspc_one',
    });
    expect(exchanges[0]!.headers.authorization).toBeUndefined();
    expect(exchanges[0]!.headers['x-api-key']).toBeUndefined();
    expect((res.body as { auth: string }).auth).toBe(`Bearer ${vendor.prefixes.accessToken}T1-abcdefgh`);
    await get(client);
    expect(exchanges).toHaveLength(1);
    expect(client.auth.provider?.exchanges).toBe(1);
  });

  it('omits workspace_id when the variable is not set', async () => {
    const { client } = federatedClient();
    await get(client);
    expect(exchanges[0]!.json).not.toHaveProperty('workspace_id');
  });

  it('CRED-ENV-IDENTITY-TOKEN: the literal identity-token variable is sent as the assertion', async () => {
    const env = federationEnv('unused');
    delete env[E.identityTokenFile];
    env[E.identityToken] = JWT_2;
    const client = new VendorClient({ baseURL: server.url, env, configDir: tempDir() });
    await get(client);
    expect(exchanges).toHaveLength(1);
    expect((exchanges[0]!.json as { assertion: string }).assertion).toBe(JWT_2);
  });

  it('CRED-ENV-WORKSPACE-ID-CONDITIONAL: a rule over several workspaces needs the workspace variable', async () => {
    requireWorkspace = true;
    const dir = tempDir();
    writeFileSync(join(dir, 'jwt'), JWT_1);
    const without = new VendorClient({
      baseURL: server.url,
      env: federationEnv(join(dir, 'jwt')),
      configDir: dir,
      maxRetries: 0,
    });
    expect(without.auth.resolution.outcome).toBe('resolved');
    const error = (await get(without).catch((e: unknown) => e)) as TokenExchangeError;
    expect(error).toBeInstanceOf(TokenExchangeError);
    expect(error.status).toBe(400);
    expect(error.body).toMatchObject({ error: { detail: 'workspace_id_required' } });
    const withWorkspace = new VendorClient({
      baseURL: server.url,
      env: federationEnv(join(dir, 'jwt'), { [E.workspaceId]: 'wrkspc_two' }),
      configDir: dir,
      maxRetries: 0,
    });
    expect((await get(withWorkspace)).status).toBe(200);
    expect(exchanges.at(-1)!.json).toMatchObject({ workspace_id: 'wrkspc_two' });
  });

  it('concurrent callers share one exchange', async () => {
    exchangeDelay = 50;
    const { client } = federatedClient();
    const results = await Promise.all(Array.from({ length: 10 }, () => get(client)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(exchanges).toHaveLength(1);
  });

  it('CRED-IDENTITY-TOKEN-FILE-REREAD: a 401 with a cached token forces one fresh exchange (re-reading the identity token) and one retry', async () => {
    const { client, file } = federatedClient({ maxRetries: 0 });
    await get(client);
    valid.clear(); // the server revokes the cached token
    writeFileSync(file, JWT_2);
    const res = await get(client);
    expect(res.status).toBe(200);
    expect(exchanges).toHaveLength(2);
    expect((exchanges[1]!.json as { assertion: string }).assertion).toBe(JWT_2);
  });

  it('a 431 refusing the cached token (headers too large to read) forces one fresh exchange and one retry, as a 401 does', async () => {
    const { client } = federatedClient({ maxRetries: 0 });
    await get(client);
    const cached = new Set(valid);
    unreadable = (token) => cached.has(token);
    const res = await get(client);
    expect(res.status).toBe(200);
    expect(exchanges).toHaveLength(2);
    // A second 431 after the fresh exchange is the request's answer (no loop).
    unreadable = () => true;
    const before = server.requests.length;
    await expect(get(client)).rejects.toMatchObject({ status: 431 });
    expect(exchanges).toHaveLength(3);
    expect(server.requests.length - before).toBe(3); // request, exchange, retry
  });

  it('a second 401 after the fresh exchange is an AuthenticationError (no loop)', async () => {
    const { client } = federatedClient({ maxRetries: 0 });
    await get(client);
    const realAdd = valid.add.bind(valid);
    valid.clear();
    valid.add = (v: string) => (v ? valid : realAdd(v)); // new tokens are not accepted either
    const before = server.requests.length;
    await expect(get(client)).rejects.toBeInstanceOf(AuthenticationError);
    expect(exchanges).toHaveLength(2);
    expect(server.requests.length - before).toBe(3); // request, exchange, retry
  });

  it('concurrent 401s share one re-exchange', async () => {
    const { client } = federatedClient({ maxRetries: 0 });
    await get(client);
    valid.clear();
    exchangeDelay = 30;
    const results = await Promise.all(Array.from({ length: 5 }, () => get(client)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(exchanges).toHaveLength(2);
  });

  it('CRED-IDENTITY-TOKEN-FILE-MISSING: a missing identity-token file fails at exchange time with a file-not-found error', async () => {
    const dir = tempDir();
    const file = join(dir, 'absent.jwt');
    const client = new VendorClient({ baseURL: server.url, env: federationEnv(file), configDir: dir });
    expect(client.auth.resolution.outcome).toBe('resolved');
    const error = await get(client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdentityTokenFileNotFoundError);
    expect((error as Error).message).toContain(file);
    expect(exchanges).toHaveLength(0);
  });

  it('EXCH-ERROR-CLIENT-WRAP, ERROR-EXCHANGE-TYPED-CLIENT, ERROR-EXCHANGE-TYPED-STATUS, ERROR-EXCHANGE-TYPED-BODY, ERROR-EXCHANGE-TYPED-REQUEST-ID: an exchange error is a TokenExchangeError with status, body and request_id, and no secret', async () => {
    exchangeFails = true;
    const lines: string[] = [];
    const log = (m: string) => lines.push(m);
    const { client } = federatedClient({ logger: { debug: log, info: log, warn: log, error: log } });
    const error = (await get(client).catch((e: unknown) => e)) as TokenExchangeError;
    expect(error).toBeInstanceOf(TokenExchangeError);
    expect(error.status).toBe(400);
    expect(error.request_id).toBe('req_x1');
    expect(error.body).toEqual({ type: 'error', error: { type: 'invalid_grant', message: 'invalid grant' } });
    expect(error.errorType).toBe('invalid_grant');
    for (const text of [error.message, String(error), error.stack ?? '', ...lines])
      expect(text).not.toContain(JWT_1);
  });

  it('refreshes ahead of expiry', async () => {
    expiresIn = 2; // refresh at half the lifetime for short tokens
    // Only the clock is the test's (timers stay real): time moves when the test says, however long
    // a busy machine takes between two requests.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { client } = federatedClient();
      await get(client);
      vi.setSystemTime(Date.now() + 900);
      await get(client);
      expect(exchanges).toHaveLength(1);
      vi.setSystemTime(Date.now() + 200);
      await get(client);
      expect(exchanges).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('federation from a profile', () => {
  function profileDir(name = 'default', base = server.url) {
    const dir = tempDir();
    const jwt = join(dir, 'jwt');
    writeFileSync(jwt, JWT_1);
    mkdirSync(join(dir, 'configs'));
    writeFileSync(
      join(dir, 'configs', `${name}.json`),
      JSON.stringify({
        version: '1.0',
        base_url: base,
        organization_id: ORG,
        authentication: {
          type: 'oidc_federation',
          federation_rule_id: 'fdrl_p',
          service_account_id: 'svac_p',
          identity_token: { source: 'file', path: jwt },
        },
      }),
    );
    return dir;
  }

  it('PROFILE-CREDENTIALS-PATH, PROFILE-CREDENTIALS-FIELDS, PROFILE-CREDENTIALS-MODE-0600, PROFILE-CREDENTIALS-SECRET, PROFILE-VERSION-CURRENT-1-0: caches the access token in the credentials file (mode 0600, expires_at) and reuses it', async () => {
    const dir = profileDir();
    const client = new VendorClient({ env: {}, configDir: dir }); // base URL from the profile
    await get(client);
    expect(exchanges).toHaveLength(1);
    const path = join(dir, 'credentials', 'default.json');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    expect(saved.version).toBe('1.0');
    expect(saved.access_token).toBe(`${vendor.prefixes.accessToken}T1-abcdefgh`);
    expect(Date.parse(String(saved.expires_at))).toBeGreaterThan(Date.now() + 3500_000);
    // a new client (another process) reads the cache: no exchange
    const again = new VendorClient({ env: {}, configDir: dir });
    await get(again);
    expect(exchanges).toHaveLength(1);
  });

  it('PROFILE-CREDENTIALS-MODE-0600, PROFILE-CREDENTIALS-SECRET: an expired cached token is exchanged anew and the file rewritten (a 0644 file back to 0600), keeping other fields', async () => {
    const dir = profileDir();
    mkdirSync(join(dir, 'credentials'));
    const path = join(dir, 'credentials', 'default.json');
    writeFileSync(
      path,
      JSON.stringify({
        access_token: 'sk-vendor-oat01-OLD',
        expires_at: '2000-01-01T00:00:00Z',
        refresh_token: 'rt_keep',
      }),
      { mode: 0o644 },
    );
    const client = new VendorClient({ env: {}, configDir: dir });
    await get(client);
    expect(exchanges).toHaveLength(1);
    const saved = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    expect(saved.refresh_token).toBe('rt_keep');
    expect(saved.access_token).not.toBe('sk-vendor-oat01-OLD');
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('CRED-SOURCE-3-NAMED-PROFILE, CRED-PROFILE-ENV-FILLS-OMITTED, PROFILE-AUTH-FEDERATION-RULE-ID: the profile named by the profile variable is used, with env filling omitted fields', async () => {
    const dir = profileDir('ci');
    const client = new VendorClient({
      env: { [E.profile]: 'ci', [E.workspaceId]: 'wrkspc_env' },
      configDir: dir,
    });
    await get(client);
    expect(exchanges[0]!.json).toMatchObject({ federation_rule_id: 'fdrl_p', workspace_id: 'wrkspc_env' });
    expect(statSync(join(dir, 'credentials', 'ci.json')).mode & 0o777).toBe(0o600);
  });
});

describe('federation from constructor credentials', () => {
  it('CRED-SOURCE-1-CONSTRUCTOR: accepts federation settings with a literal identity token, memory cache only', async () => {
    const client = new VendorClient({
      baseURL: server.url,
      env: {},
      configDir: tempDir(),
      credentials: {
        type: 'oidc_federation',
        federation_rule_id: 'fdrl_c',
        organization_id: ORG,
        service_account_id: 'svac_c',
        identity_token: () => JWT_2,
      },
    });
    await get(client);
    await get(client);
    expect(exchanges).toHaveLength(1);
    expect((exchanges[0]!.json as { assertion: string }).assertion).toBe(JWT_2);
    expect(await client.accessToken()).toMatch(/^sk-vendor-oat01-/);
  });

  it('accepts a custom token provider', async () => {
    valid.add('sk-vendor-oat01-CUSTOM-1234');
    const client = new VendorClient({
      baseURL: server.url,
      env: {},
      configDir: tempDir(),
      credentials: { getToken: async () => 'sk-vendor-oat01-CUSTOM-1234' },
    });
    const res = await get(client);
    expect((res.body as { auth: string }).auth).toBe('Bearer sk-vendor-oat01-CUSTOM-1234');
  });
});

describe('the token exchange resource', () => {
  it('EXCH-ENDPOINT: client.federation.token posts the JWT-bearer grant to the exchange and returns the token', async () => {
    const client = new VendorClient({ baseURL: server.url, env: {}, configDir: tempDir(), apiKey: null });
    const body = {
      grant_type: JWT_BEARER_GRANT,
      assertion: JWT_1,
      federation_rule_id: 'fdrl_rule1',
      organization_id: ORG,
      service_account_id: 'svac_sa1',
    };
    const issued = await client.federation.token(body);
    expect(issued.access_token).toMatch(new RegExp(`^${vendor.prefixes.accessToken}`));
    expect(exchanges.map((e) => e.json)).toEqual([body]);
  });

  it('the former client.oauth (deprecated) is the same resource as client.federation', () => {
    const client = new VendorClient({ baseURL: server.url, env: {}, configDir: tempDir(), apiKey: null });
    expect(client.oauth).toBe(client.federation);
  });
});

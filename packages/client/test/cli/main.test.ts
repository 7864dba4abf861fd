import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DREAM_BETAS, vendor } from '@vendor-api/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { API_KEY, tempDir } from '../helpers/client.js';
import { json, startServer, type TestServer } from '../helpers/server.js';

const E = vendor.env;
const ORG = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJjbGkifQ.c2lnbmF0dXJl';

let server: TestServer;
beforeAll(async () => {
  server = await startServer((req, res) => {
    if (req.path === '/v1/oauth/token') {
      return json(res, 200, {
        access_token: `${vendor.prefixes.accessToken}CLI-abcdef`,
        token_type: 'Bearer',
        expires_in: 3600,
        scope: 'workspace:developer',
      });
    }
    if (req.path === '/v1/lines') {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.end('{"custom_id":"a"}\n{"custom_id":"b"}\n');
      return;
    }
    if (req.path === '/v1/missing') {
      return json(
        res,
        404,
        { type: 'error', error: { type: 'not_found_error', message: 'nope' } },
        { 'request-id': 'req_404' },
      );
    }
    return json(res, 200, { data: [{ id: 'drm_1' }], next_page: null, method: req.method, query: req.url });
  });
});
afterAll(() => server.close());

async function run(argv: string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    env,
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    homeDir: tempDir(),
  });
  return { code, stdout, stderr };
}

function configWithProfiles(): string {
  const dir = tempDir();
  mkdirSync(join(dir, 'configs'));
  writeFileSync(join(dir, 'jwt'), JWT);
  const profile = (rule: string) =>
    JSON.stringify({
      base_url: server.url,
      organization_id: ORG,
      authentication: {
        type: 'oidc_federation',
        federation_rule_id: rule,
        service_account_id: 'svac_1',
        identity_token: { source: 'file', path: join(dir, 'jwt') },
      },
    });
  writeFileSync(join(dir, 'configs', 'default.json'), profile('fdrl_default'));
  writeFileSync(join(dir, 'configs', 'work.json'), profile('fdrl_work'));
  return dir;
}

describe('vendor CLI', () => {
  it('--help works on every command, exit 0', async () => {
    for (const argv of [
      ['--help'],
      ['auth', '--help'],
      ['profiles', '--help'],
      ['token', '--help'],
      ['request', '--help'],
    ]) {
      const r = await run(argv);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/Usage:/);
    }
  });

  it('usage errors exit 2', async () => {
    expect((await run([])).code).toBe(2);
    expect((await run(['bogus'])).code).toBe(2);
    expect((await run(['--nope'])).code).toBe(2);
    expect((await run(['request', 'GET'])).code).toBe(2);
    expect((await run(['request', 'PUT', '/x'])).code).toBe(2);
    expect((await run(['profiles', 'frob'])).code).toBe(2);
  });

  it.each([
    [['--bse-url', 'x'], 'unknown option --bse-url (did you mean --base-url?); see vendor --help'],
    [
      ['auth', 'status', '--jsn-errors'],
      'unknown option --jsn-errors (did you mean --json-errors?); see vendor auth --help',
    ],
    // --data is request's: not offered to token.
    [['token', '--dat', '{}'], 'unknown option --dat; see vendor token --help'],
    [
      ['request', 'GET', '/x', '--dat', '{}'],
      'unknown option --dat (did you mean --data?); see vendor request --help',
    ],
    [['reqest'], 'unknown command "reqest" (did you mean request?); see vendor --help'],
    [['help', 'tokn'], 'unknown command "tokn" (did you mean token?); see vendor --help'],
    [['help', 'auth', 'status'], 'unexpected argument "status"; see vendor --help'],
    [['auth'], 'auth needs a subcommand: status; see vendor auth --help'],
    [['auth', 'statu'], 'unknown auth command "statu" (did you mean status?); see vendor auth --help'],
    [['auth', 'status', 'x'], 'unexpected argument "x"; see vendor auth --help'],
    [['profiles', 'lst'], 'unknown profiles command "lst" (did you mean list?); see vendor profiles --help'],
    [['profiles', 'use'], 'profiles use needs the NAME of a profile; see vendor profiles --help'],
    [['token', 'x'], 'unexpected argument "x"; see vendor token --help'],
    [['token', '-d', '{}', '-q', 'a=b'], 'token takes no --data, --query; see vendor token --help'],
    [
      ['request', 'GTE', '/x'],
      'METHOD must be GET, POST or DELETE; got "GTE" (did you mean GET?); see vendor request --help',
    ],
    [
      ['request', 'GET', '/x', '--max-retries', 'x'],
      '--max-retries must be a non-negative integer; got "x"; see vendor request --help',
    ],
    [
      ['request', 'GET', '/x', '--max-retries=-1'],
      '--max-retries must be a non-negative integer; got "-1"; see vendor request --help',
    ],
    [
      ['request', 'GET', '/x', '--timeout-ms', '0'],
      '--timeout-ms must be a positive integer; got "0"; see vendor request --help',
    ],
    [
      ['request', 'GET', '/x', '--timeout-ms', '-3'],
      '--timeout-ms needs a value; to give "-3", write --timeout-ms=-3; see vendor request --help',
    ],
    [
      ['token', '--base-url', 'localhost:3000'],
      '--base-url must be an absolute http(s) URL; got "localhost:3000"; see vendor token --help',
    ],
    [['request', 'GET', '/x', '--base-url'], '--base-url needs a value; see vendor request --help'],
    [['request', 'GET', '/x', '-q', 'limit'], '--query expects K=V, got "limit"; see vendor request --help'],
    [['request', 'GET', '/x', '-H', 'x'], '--header expects K:V, got "x"; see vendor request --help'],
    [
      ['request', 'POST', '/x', '-d', '@/no/such/file.json'],
      '--data @/no/such/file.json: cannot read /no/such/file.json: no such file; see vendor request --help',
    ],
  ])('%j: one line, exit 2', async (argv, line) => {
    const r = await run(argv, { [E.apiKey]: API_KEY });
    expect([r.code, r.stderr, r.stdout]).toEqual([2, `error: ${line}\n`, '']);
  });

  it('--data that is not JSON is one line naming it', async () => {
    const r = await run(['request', 'POST', '/x', '-d', '{nope', '--base-url', server.url], {
      [E.apiKey]: API_KEY,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^error: --data must be JSON text or @FILE; got text that is not JSON \(.+\); see vendor request --help\n$/,
    );
  });

  it('--json-errors: a usage error, in the options too, is one JSON line of kind usage', async () => {
    for (const argv of [
      ['--bse-url', 'x', '--json-errors'],
      ['auth', 'statu', '--json-errors'],
      ['request', 'GET', '/x', '--timeout-ms', '0', '--json-errors'],
    ]) {
      const r = await run(argv);
      expect(r.code).toBe(2);
      expect(JSON.parse(r.stderr)).toEqual({ error: { kind: 'usage', message: expect.any(String) } });
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('help COMMAND prints what COMMAND --help prints; help alone the main help', async () => {
    const main = await run(['--help']);
    expect((await run(['help'])).stdout).toBe(main.stdout);
    expect(main.stdout).toContain('help COMMAND');
    for (const command of ['auth', 'profiles', 'token', 'request']) {
      const own = await run([command, '--help']);
      const asked = await run(['help', command]);
      expect([asked.code, asked.stdout]).toEqual([0, own.stdout]);
      expect(own.stdout).toContain(`Usage: ${vendor.name} ${command}`);
      expect(own.stdout).not.toBe(main.stdout);
    }
  });

  it('CRED-SOURCE-2-ENV, CRED-SOURCE-5-ACTIVE-PROFILE: auth status shows the source without the secret', async () => {
    const r = await run(['auth', 'status'], { [E.apiKey]: API_KEY });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(E.apiKey);
    expect(r.stdout).toMatch(/source 2/);
    expect(r.stdout + r.stderr).not.toContain(API_KEY);
    const fed = await run(['auth', 'status', '--config-dir', configWithProfiles()], {
      [E.identityToken]: JWT,
    });
    expect(fed.code).toBe(0);
    expect(fed.stdout).toMatch(/source 5/);
    expect(fed.stdout).toContain('fdrl_default');
    expect(fed.stdout).not.toContain(JWT);
  });

  it('CRED-NAMED-PROFILE-MISSING-ERROR: auth status with a missing named profile is a configuration error (exit 2)', async () => {
    const r = await run(['auth', 'status', '--config-dir', configWithProfiles(), '--profile', 'absent']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/absent/);
  });

  it('CONFIG-ACTIVE-PROFILE-DEFAULT, CONFIG-ACTIVE-PROFILE-FILE: lists and switches profiles', async () => {
    const dir = configWithProfiles();
    const list = await run(['profiles', 'list', '--config-dir', dir]);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/\* default/);
    expect(list.stdout).toMatch(/ {2}work/);
    const use = await run(['profiles', 'use', 'work', '--config-dir', dir]);
    expect(use.code).toBe(0);
    expect(readFileSync(join(dir, 'active_config'), 'utf8').trim()).toBe('work');
    expect((await run(['profiles', 'list', '--config-dir', dir])).stdout).toMatch(/\* work/);
    expect((await run(['auth', 'status', '--config-dir', dir])).stdout).toContain('fdrl_work');
    expect((await run(['profiles', 'use', 'nope', '--config-dir', dir])).code).toBe(2);
  });

  it('token exchanges and prints an access token', async () => {
    const r = await run(['token', '--config-dir', configWithProfiles()]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(`${vendor.prefixes.accessToken}CLI-abcdef`);
  });

  it('token with an API key credential fails (exit 1)', async () => {
    const r = await run(['token', '--base-url', server.url], { [E.apiKey]: API_KEY });
    expect(r.code).toBe(1);
    expect(r.stderr).not.toContain(API_KEY);
  });

  it('request sends a raw request and prints JSON', async () => {
    const r = await run(
      [
        'request',
        'GET',
        '/v1/dreams',
        '-q',
        'limit=5',
        '--beta',
        'dreaming-2026-04-21',
        '--base-url',
        server.url,
      ],
      {
        [E.apiKey]: API_KEY,
      },
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ data: [{ id: 'drm_1' }], query: '/v1/dreams?limit=5' });
    const req = server.requests.at(-1)!;
    expect(req.headers['x-api-key']).toBe(API_KEY);
    // The betas the documented operation requires are always sent; --beta adds to them.
    expect(String(req.headers[vendor.headers.beta]).split(',').sort()).toEqual([...DREAM_BETAS].sort());
    const post = await run(['request', 'post', '/v1/dreams', '-d', '{"a":1}', '--base-url', server.url], {
      [E.apiKey]: API_KEY,
    });
    expect(post.code).toBe(0);
    expect(server.requests.at(-1)!.json).toEqual({ a: 1 });
  });

  it('request adds the betas of the documented operation at METHOD PATH, and none elsewhere', async () => {
    expect(
      (await run(['request', 'GET', '/v1/dreams/drm_1', '--base-url', server.url], { [E.apiKey]: API_KEY }))
        .code,
    ).toBe(0);
    expect(String(server.requests.at(-1)!.headers[vendor.headers.beta]).split(',').sort()).toEqual(
      [...DREAM_BETAS].sort(),
    );
    expect(
      (await run(['request', 'GET', '/v1/unknown/path', '--base-url', server.url], { [E.apiKey]: API_KEY }))
        .code,
    ).toBe(0);
    expect(server.requests.at(-1)!.headers[vendor.headers.beta]).toBeUndefined();
  });

  it('request prints a body that is not JSON (JSON lines) as it came', async () => {
    const r = await run(['request', 'GET', '/v1/lines', '--base-url', server.url], { [E.apiKey]: API_KEY });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('{"custom_id":"a"}\n{"custom_id":"b"}\n');
  });

  it('--json-errors: one JSON line on stderr with the kind, status, request id and error type', async () => {
    const api = await run(['request', 'GET', '/v1/missing', '--base-url', server.url, '--json-errors'], {
      [E.apiKey]: API_KEY,
    });
    expect(api.code).toBe(1);
    expect(JSON.parse(api.stderr)).toMatchObject({
      error: { kind: 'api', status: 404, request_id: 'req_404', type: 'not_found_error' },
    });
    expect(api.stderr).not.toContain(API_KEY);
    const missing = await run(['request', 'GET', '/v1/dreams', '--base-url', server.url, '--json-errors'], {
      [E.profile]: 'absent',
      [E.configDir]: tempDir(),
    });
    expect(missing.code).toBe(2);
    expect(JSON.parse(missing.stderr)).toMatchObject({ error: { kind: 'credentials' } });
    const file = await run(['request', 'GET', '/v1/dreams', '--base-url', server.url, '--json-errors'], {
      [E.federationRuleId]: 'fdrl_1',
      [E.organizationId]: ORG,
      [E.serviceAccountId]: 'svac_1',
      [E.identityTokenFile]: join(tempDir(), 'absent.jwt'),
    });
    expect(file.code).toBe(1);
    expect(JSON.parse(file.stderr)).toMatchObject({ error: { kind: 'identity_token_file_not_found' } });
  });

  it('request: an API error exits 1 and prints the error; no base URL exits 2', async () => {
    const r = await run(['request', 'GET', '/v1/missing', '--base-url', server.url], { [E.apiKey]: API_KEY });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/404/);
    expect(r.stderr).toContain('req_404');
    expect(r.stderr).not.toContain(API_KEY);
    const nb = await run(['request', 'GET', '/v1/dreams'], { [E.apiKey]: API_KEY });
    expect(nb.code).toBe(2);
    expect(nb.stderr).toMatch(/base URL/);
  });

  it('request with no credential is a configuration error (exit 2)', async () => {
    const r = await run([
      'request',
      'GET',
      '/v1/dreams',
      '--base-url',
      server.url,
      '--config-dir',
      tempDir(),
    ]);
    expect(r.code).toBe(2);
  });

  it('--version prints the package version, exit 0', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    const r = await run(['--version']);
    expect([r.code, r.stdout]).toEqual([0, `${version}\n`]);
  });

  it('CRED-NAMED-PROFILE-MISSING-ERROR: a missing named profile and no base URL: the missing-profile error, not "no base URL"', async () => {
    const r = await run(['request', 'GET', '/v1/dreams', '--profile', 'nope', '--config-dir', tempDir()]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/profile/);
    expect(r.stderr).not.toMatch(/base URL/);
  });
});

/**
 * The client kit: its catalog (cases, faults, alternatives, the not-observable records) held to
 * the spec and to the seeded driver; the published JSON and the README's driver held to the code;
 * and runs through real drivers: the project's client passes, a seeded fault is caught, a driver
 * that misbehaves gets a clear failure, an unsupported feature is a skip.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineVendor, spec } from '@vendor-api/spec';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../src/cli.js';
import { CLIENT_NOT_OBSERVABLE, clientCases } from '../src/client/cases.js';
import { parseOutcomes } from '../src/client/judge.js';
import { CLIENT_CASES_FILE, publishedClientCases } from '../src/client/published.js';
import { foldWireRules, runClientCases, wireRuleLines } from '../src/client/run.js';
import { CLIENT_ALTERNATIVES, CLIENT_FAULTS, SEEDED_DRIVER } from '../src/client/seeded.js';
import { CLIENT_DRIVER, README, withClientDriver } from '../src/readme.js';

const requirements = new Map(spec.requirements.map((r) => [r.id, r]));
const cases = clientCases();
const caseIds = new Set(cases.map((c) => c.id));
const node = `"${process.execPath}"`;
const clientDriver = `${node} "${new URL(CLIENT_DRIVER).pathname}"`;

describe('the client catalog', () => {
  it('cites only requirement ids of the spec, and covers every client requirement or says why not', () => {
    const cited = new Set(cases.flatMap((c) => c.requirements));
    for (const id of cited) expect(requirements.has(id), id).toBe(true);
    for (const r of spec.requirements.filter((x) => x.observability === 'client')) {
      const covered = cited.has(r.id);
      const excused = r.id in CLIENT_NOT_OBSERVABLE;
      expect(
        covered !== excused,
        `${r.id}: covered by a case ${covered}, recorded not observable ${excused}`,
      ).toBe(true);
    }
    for (const id of Object.keys(CLIENT_NOT_OBSERVABLE))
      expect(requirements.get(id)?.observability).toBe('client');
  });

  it('has unique case ids; each fault names cases that exist and cite what it breaks', () => {
    expect(caseIds.size).toBe(cases.length);
    for (const f of CLIENT_FAULTS) {
      for (const id of f.killedBy) expect(caseIds.has(id), `${f.name}: ${id}`).toBe(true);
      for (const id of f.breaks) expect(requirements.has(id), `${f.name}: ${id}`).toBe(true);
      const citedByKillers = new Set(
        cases
          .filter((c) => f.killedBy.includes(c.id))
          .flatMap((c) => [...c.requirements, 'VERSION-HEADER-EVERY-REQUEST']),
      );
      expect(
        f.breaks.some((id) => citedByKillers.has(id)),
        `${f.name}: no killing case cites ${f.breaks.join(', ')}`,
      ).toBe(true);
    }
  });

  it('names exactly the faults and alternatives the seeded driver implements', () => {
    const text = readFileSync(SEEDED_DRIVER, 'utf8');
    const block = (name: string) => {
      const start = text.indexOf(`export const ${name} = {`);
      const end = text.indexOf('\n};\n', start);
      return [...text.slice(start, end).matchAll(/^ {2}'([a-z0-9-]+)':/gm)].map((m) => m[1]);
    };
    expect(block('FAULTS').sort()).toEqual(CLIENT_FAULTS.map((f) => f.name).sort());
    expect(block('ALTERNATIVES').sort()).toEqual(CLIENT_ALTERNATIVES.map((a) => a.name).sort());
  });

  it('is published as the JSON the code computes (pnpm conformance:readme rewrites it)', () => {
    expect(JSON.parse(readFileSync(CLIENT_CASES_FILE, 'utf8'))).toEqual(
      JSON.parse(JSON.stringify(publishedClientCases())),
    );
  });

  it('shows the shipped driver, whole, in the README; it stays under 100 lines', () => {
    const readme = readFileSync(README, 'utf8');
    const driver = readFileSync(CLIENT_DRIVER, 'utf8');
    expect(readme).toBe(withClientDriver(readme, driver));
    expect(driver.split('\n').length).toBeLessThan(100);
  });
});

describe('driver output', () => {
  it('takes JSON lines with id and ok, ignores other lines, and names what is malformed', () => {
    const { lines, problems } = parseOutcomes(
      [
        'starting up',
        '{"id":"construct","ok":true}',
        '{"id":"m1","ok":false,"error":{"kind":"teapot"}}',
        '{"ok":true}',
        '{not json',
      ].join('\n'),
    );
    expect([...lines.keys()]).toEqual(['construct']);
    expect(problems.join('\n')).toMatch(/error.kind must be one of/);
    expect(problems.join('\n')).toMatch(/needs "id"/);
    expect(problems.join('\n')).toMatch(/not JSON/);
  });
});

describe('runs through a driver', () => {
  const one = (driver: string, id: string, env: Record<string, string> = {}) =>
    runClientCases({ driver, cases: [id], env, timeoutMs: 30_000 });

  it("the project's client passes cases of every family, against both server profiles", async () => {
    const ids = [
      'credentials.env-key-shadows-federation',
      'credentials.identity-token-file-missing-at-exchange',
      'profiles.credentials-file-0600',
      'batches.results-matched-by-custom-id',
      'rate-limits.loop-on-next-page',
    ];
    const results = await runClientCases({ driver: clientDriver, cases: ids, timeoutMs: 30_000 });
    expect(results.map((r) => `${r.id} ${r.outcome} ${r.failure?.message ?? ''}`.trim())).toEqual(
      ids.flatMap((id) => [`${id}@reference passed`, `${id}@alternatives passed`]),
    );
  }, 120_000);

  it('a seeded fault fails the case that names it (results matched by position: reversed results)', async () => {
    const results = await one(`${node} "${SEEDED_DRIVER}"`, 'batches.results-matched-by-custom-id', {
      CLIENT_FAULT: 'results-matched-by-position',
    });
    const failed = results.filter((r) => r.outcome === 'failed');
    expect(failed.map((r) => r.id)).toEqual(['batches.results-matched-by-custom-id@alternatives']);
    expect(failed[0]?.failure?.message).toMatch(/expected result/);
  }, 60_000);

  const seeded = `${node} "${SEEDED_DRIVER}"`;
  const outcomes = (results: readonly { id: string; outcome: string; failure?: { message: string } }[]) =>
    results.map((r) =>
      `${r.id} ${r.outcome} ${r.outcome === 'passed' ? '' : (r.failure?.message ?? '')}`.trim(),
    );

  it('a client may exchange when it is built: its typed errors are judged at construction too', async () => {
    const ids = ['credentials.identity-token-file-missing-at-exchange', 'credentials.exchange-error-typed'];
    const results = await runClientCases({
      driver: seeded,
      cases: ids,
      env: { CLIENT_ALTERNATIVE: 'eager-exchange' },
      timeoutMs: 30_000,
    });
    expect(outcomes(results)).toEqual(
      ids.flatMap((id) => [`${id}@reference passed`, `${id}@alternatives passed`]),
    );
  }, 120_000);

  it('the request id is judged wherever the answer carried it; none only where the client may not look', async () => {
    const id = 'credentials.exchange-error-typed';
    const headerOnly = await runClientCases({
      driver: seeded,
      cases: [id],
      env: { CLIENT_ALTERNATIVE: 'request-id-from-header-only' },
      timeoutMs: 30_000,
    });
    expect(outcomes(headerOnly)).toEqual([`${id}@reference passed`, `${id}@alternatives passed`]);
    const none = await runClientCases({
      driver: seeded,
      cases: [`${id}@reference`],
      env: { CLIENT_FAULT: 'exchange-error-without-request-id' },
      timeoutMs: 30_000,
    });
    expect(none[0]?.outcome).toBe('failed');
    expect(none[0]?.failure?.message).toMatch(/request_id is null, the answer carried .* in every place/);
  }, 120_000);

  it('the blind spots are looked at: each new fault fails its case', async () => {
    const faults = {
      'constructor-auth-token-ignored': 'credentials.constructor-auth-token-first',
      'empty-profile-variable-skipped': 'credentials.empty-profile-variable-occupies-slot',
      'federation-env-activates-from-rule-and-organization':
        'credentials.federation-env-rule-and-organization-only-not-active',
      'dream-canceled-not-settled': 'dreams.poll-until-canceled',
      'credentials-file-misplaced': 'profiles.credentials-file-0600',
      'access-token-in-config-file': 'profiles.credentials-file-0600',
      'expires-at-far-future': 'profiles.credentials-file-0600',
      'credentials-file-mode-kept-on-rewrite': 'profiles.credentials-file-rewritten-0600',
      'workspace-default-read-as-none': 'credentials.workspace-id-env-default',
    };
    const messages: Record<string, string> = {};
    for (const [fault, id] of Object.entries(faults)) {
      const [r] = await runClientCases({
        driver: seeded,
        cases: [`${id}@reference`],
        env: { CLIENT_FAULT: fault },
        timeoutMs: 30_000,
      });
      expect(r?.outcome, `${fault} on ${id}`).toBe('failed');
      messages[fault] = r?.failure?.message ?? '';
    }
    expect(messages['credentials-file-misplaced']).toMatch(/credentials\.json: holds an access token/);
    expect(messages['access-token-in-config-file']).toMatch(/configs\/ci\.json: holds an access token/);
    expect(messages['expires-at-far-future']).toMatch(/expires_at is .*expires_in/);
    expect(messages['credentials-file-mode-kept-on-rewrite']).toMatch(/mode 0644, expected 0600/);
  }, 240_000);

  it('the kit runs for another vendor name: cases, embedded server, fixtures and driver alike', async () => {
    const ids = [
      'credentials.env-key-shadows-federation',
      'credentials.federation-env-token-file',
      'batches.results-matched-by-custom-id',
      'dreams.poll-until-canceled',
    ];
    const results = await runClientCases({
      driver: clientDriver,
      cases: ids.map((id) => `${id}@reference`),
      vendor: defineVendor('acme'),
      timeoutMs: 30_000,
    });
    expect(outcomes(results)).toEqual(ids.map((id) => `${id}@reference passed`));
  }, 120_000);

  it('a wire rule broken on every request is one line with its count; each case is still judged', async () => {
    const ids = ['credentials.federation-env-token-file', 'profiles.config-dir-under-home'];
    const results = await runClientCases({
      driver: seeded,
      cases: ids.map((id) => `${id}@reference`),
      env: { CLIENT_FAULT: 'version-header-missing' },
      timeoutMs: 30_000,
    });
    // The exchange without the version header still reaches the server, repaired: nothing else fails.
    expect(results.map((r) => [r.id, r.outcome, r.wireOnly])).toEqual(
      ids.map((id) => [`${id}@reference`, 'failed', true]),
    );
    const lines = wireRuleLines(results);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /VERSION-HEADER-EVERY-REQUEST: broken in 2 of 2 runs \(2 of them fail for it alone\)/,
    );
    expect(lines[0]).toMatch(/POST \/v1\/oauth\/token: vendor-version is missing/);
    // As reported: the finding first, then each run judged on its own (here: nothing else wrong).
    const reported = foldWireRules(results);
    expect(reported.map((r) => [r.id, r.outcome])).toEqual([
      ['every-request.VERSION-HEADER-EVERY-REQUEST', 'failed'],
      ...ids.map((id) => [`${id}@reference`, 'passed']),
    ]);
    expect(reported[0]?.requirements).toEqual(['VERSION-HEADER-EVERY-REQUEST']);
    for (const r of reported.slice(1)) expect(r.requirements).not.toContain('VERSION-HEADER-EVERY-REQUEST');
  }, 120_000);

  describe('a driver that misbehaves', () => {
    let dir: string;
    afterEach(async () => {
      if (dir) await rm(dir, { recursive: true, force: true });
    });
    const script = async (body: string) => {
      dir = await mkdtemp(join(tmpdir(), 'driver-'));
      const path = join(dir, 'driver.mjs');
      await writeFile(path, body);
      return `${node} "${path}"`;
    };

    it('printing nothing fails with the missing outcomes named, and its stderr shown', async () => {
      const driver = await script("process.stderr.write('cannot load my SDK\\n'); process.exit(3);");
      const [r] = await runClientCases({
        driver,
        cases: ['credentials.federation-env-token-file@reference'],
        timeoutMs: 30_000,
      });
      expect(r?.outcome).toBe('failed');
      expect(r?.failure?.message).toMatch(/constructing the client: expected success, got no outcome line/);
      expect(r?.failure?.message).toMatch(/cannot load my SDK/);
      expect(r?.failure?.message).toMatch(/exit code 3/);
    }, 60_000);

    it('a driver past its deadline is stopped and fails', async () => {
      const driver = await script('setInterval(() => {}, 1000);');
      const [r] = await runClientCases({
        driver,
        cases: ['credentials.federation-env-token-file@reference'],
        timeoutMs: 1_500,
      });
      expect(r?.outcome).toBe('failed');
      expect(r?.failure?.message).toMatch(/did not finish within 1.5 s/);
    }, 60_000);

    it('a case failing on its own and on a wire rule shows both, the rule named once', async () => {
      // Sends its message with the other key and no version header.
      const driver = await script(`
        const plan = JSON.parse((await import('node:fs')).readFileSync(process.env.CLIENT_CONFORMANCE_CALLS, 'utf8'));
        const res = await fetch(plan.base_url + '/v1/messages', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': process.env.VENDOR_API_KEY },
          body: JSON.stringify(plan.calls[0].params),
        });
        console.log(JSON.stringify({ id: 'construct', ok: true }));
        console.log(JSON.stringify({ id: 'm1', ok: res.ok }));
      `);
      const [r] = await runClientCases({
        driver,
        cases: ['credentials.constructor-key-first@reference'],
        timeoutMs: 30_000,
      });
      expect(r?.outcome).toBe('failed');
      expect(r?.wireOnly).toBeUndefined();
      expect(r?.wire?.map((w) => w.rule)).toEqual(['VERSION-HEADER-EVERY-REQUEST']);
      expect(r?.failure?.message).toMatch(/expected the API key/);
      expect(r?.failure?.message).toMatch(/also broke VERSION-HEADER-EVERY-REQUEST/);
      expect(wireRuleLines(r ? [r] : [])[0]).toMatch(/broken in 1 of 1 runs \(0 of them fail for it alone\)/);
    }, 60_000);

    it('"unsupported" makes the case a skip with the reason the driver gave', async () => {
      const driver = await script(
        `console.log(JSON.stringify({ id: 'construct', ok: false, error: { kind: 'unsupported', message: 'no constructor here' } }));`,
      );
      const [r] = await runClientCases({
        driver,
        cases: ['credentials.constructor-key-first@reference'],
        timeoutMs: 30_000,
      });
      expect(r?.outcome).toBe('skipped');
      expect(r?.reason).toBe('not applicable to this client: no constructor here');
    }, 60_000);
  });
});

describe('vendor-conformance client', () => {
  afterEach(() => vi.restoreAllMocks());
  const errors = () => {
    const err: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(a.join(' ')));
    vi.spyOn(console, 'log').mockImplementation(() => {});
    return err;
  };

  it('refuses a run without a driver, an unknown profile or case, with one line and exit 2', async () => {
    let err = errors();
    expect(await main(['client'])).toBe(2);
    expect(err.join('\n')).toMatch(/client needs --driver/);
    err = errors();
    expect(await main(['client', '--driver', 'true', '--profile', 'lenient'])).toBe(2);
    expect(err.join('\n')).toMatch(/--profile takes reference, alternatives; got lenient/);
    err = errors();
    expect(await main(['client', '--driver', 'true', '--case', 'credentials.nope'])).toBe(2);
    expect(err.join('\n')).toMatch(/unknown client case credentials.nope/);
    err = errors();
    expect(await main(['client', '--driver', 'true', '--vendor', 'Acme!'])).toBe(2);
    expect(err.join('\n')).toMatch(/--vendor: vendor name must match/);
  });

  it('a rule every request breaks is one failure block and one failing requirement; the cases pass', async () => {
    const out: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
    vi.stubEnv('CLIENT_FAULT', 'version-header-missing');
    try {
      const code = await main([
        'client',
        '--driver',
        `${node} "${SEEDED_DRIVER}"`,
        '--profile',
        'reference',
        '--case',
        'credentials.constructor-key-first,profiles.version-omitted',
      ]);
      expect(code).toBe(1);
    } finally {
      vi.unstubAllEnvs();
    }
    const text = out.join('\n');
    expect(text.match(/✗ every-request\.VERSION-HEADER-EVERY-REQUEST/g)).toHaveLength(1);
    expect(text).toMatch(/broken in 2 of 2 runs/);
    expect(text).toMatch(/failing: VERSION-HEADER-EVERY-REQUEST\n/);
    expect(text).toMatch(/2 passed, 1 failed/);
  }, 60_000);

  it('--vendor NAME runs the cases in that name', async () => {
    errors();
    const code = await main([
      'client',
      '--driver',
      clientDriver,
      '--vendor',
      'acme',
      '--case',
      'credentials.env-auth-token-shadows-federation@reference',
    ]);
    expect(code).toBe(0);
  }, 60_000);
});

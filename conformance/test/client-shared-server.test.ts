/**
 * The client kit's servers are shared: one judging reference server per profile serves a whole
 * run, each case in a fresh organization of its own behind a recording front of its own. Two cases
 * on one server never see each other's requests or records, so one case's failure cannot be
 * caused by another's traffic; a case that needs a server of its own gets one.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { access, fillPath, operation, vendor as publishedVendor, spec } from '@vendor-api/spec';
import { request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { clientCases } from '../src/client/cases.js';
import { createFixtures } from '../src/client/fixtures.js';
import { type JudgingServer, startJudgingServer } from '../src/client/judging-server.js';
import type { ClientCase, ServerProfile } from '../src/client/protocol.js';
import { ClientServers, needsOwnServer, runClientCases, runOrder } from '../src/client/run.js';
import type { Embedded } from '../src/embedded.js';
import { CLIENT_DRIVER } from '../src/readme.js';

const clientDriver = `"${process.execPath}" "${new URL(CLIENT_DRIVER).pathname}"`;
const byId = (id: string): ClientCase => {
  const c = clientCases().find((x) => x.id === id);
  if (!c) throw new Error(`no client case ${id}`);
  return c;
};

/** Servers that count the reference servers they start, by profile. */
class CountingServers extends ClientServers {
  readonly started: ServerProfile[] = [];
  override start(profile: ServerProfile): Promise<Embedded> {
    this.started.push(profile);
    return super.start(profile);
  }
}

describe('one judging server per profile for a run', () => {
  it('serves every case of the run at once; a case expecting no request sees none of the others', async () => {
    const servers = new CountingServers();
    const ids = [
      'credentials.empty-profile-variable-occupies-slot',
      'batches.results-matched-by-custom-id',
      'dreams.poll-until-settled',
      'rate-limits.loop-on-next-page',
    ];
    try {
      // Every run at once, on the two shared servers.
      const results = await runClientCases({
        driver: clientDriver,
        cases: ids,
        concurrency: 2 * ids.length,
        servers,
        timeoutMs: 30_000,
      });
      expect(results.map((r) => `${r.id} ${r.outcome} ${r.failure?.message ?? ''}`.trim())).toEqual(
        ids.flatMap((id) => [`${id}@reference passed`, `${id}@alternatives passed`]),
      );
      expect([...servers.started].sort()).toEqual(['alternatives', 'reference']);
      const silent = results.filter((r) => r.id.startsWith(ids[0] as string));
      expect(silent.map((r) => r.requests)).toEqual([0, 0]);
      // Every other run's driver sent requests meanwhile, each to its own front.
      for (const r of results.filter((x) => !silent.includes(x))) expect(r.requests).toBeGreaterThan(0);
    } finally {
      await servers.close();
    }
  }, 120_000);

  it('a case that needs a server of its own, or a run asked for one per case, starts one per run', async () => {
    expect(needsOwnServer(byId('credentials.constructor-key-first'))).toBe(false);
    expect(needsOwnServer({ ...byId('credentials.constructor-key-first'), needs: ['own-server'] })).toBe(
      true,
    );
    const servers = new CountingServers();
    try {
      const ids = ['credentials.constructor-key-first@reference', 'profiles.config-dir-under-home@reference'];
      const results = await runClientCases({
        driver: clientDriver,
        cases: ids,
        serverPerCase: true,
        servers,
        timeoutMs: 30_000,
      });
      expect(results.map((r) => r.outcome)).toEqual(['passed', 'passed']);
      expect(servers.started).toEqual(['reference', 'reference']);
    } finally {
      await servers.close();
    }
  }, 120_000);
});

describe('the order runs start in', () => {
  it('starts the runs that wait first, one in every few starts, and every run once', () => {
    expect(runOrder([0, 0, 3, 0, 0, 0, 0, 5, 0], 4)).toEqual([7, 0, 1, 3, 2, 4, 5, 6, 8]);
    expect(runOrder([0, 0, 0], 4)).toEqual([0, 1, 2]);
    expect(runOrder([2, 2], 1)).toEqual([0, 1]);
    const waits = clientCases().map((c) => c.calls.filter((x) => x.op === 'wait').length);
    expect([...runOrder(waits, 4)].sort((a, b) => a - b)).toEqual(waits.map((_, i) => i));
  });
});

describe('two cases sharing a server', () => {
  const servers = new ClientServers();
  const dirs: string[] = [];
  const fronts: JudgingServer[] = [];
  afterAll(async () => {
    await Promise.all(fronts.map((f) => f.close()));
    await servers.close();
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  it('never see each other’s requests or fixtures', async () => {
    const server = await servers.of('reference');
    const kase = byId('batches.results-matched-by-custom-id');
    const setUp = async () => {
      const root = await mkdtemp(join(tmpdir(), 'shared-case-'));
      dirs.push(root);
      const fixtures = await createFixtures(
        server,
        kase,
        { home: join(root, 'home'), work: join(root, 'work'), baseUrl: '' },
        publishedVendor,
      );
      const front = await startJudgingServer(
        server.target.baseUrl,
        {},
        {
          dreamId: '',
          driveDream: () => Promise.reject(new Error('no dream here')),
          vendor: publishedVendor,
        },
      );
      fronts.push(front);
      return { values: fixtures.values, front };
    };
    const [a, b] = await Promise.all([setUp(), setUp()]);

    // Fixtures: each case's records and credentials are its own, in an organization of its own.
    const names = [
      'organization_id',
      'workspace_id',
      'workspace_id_2',
      'key_arg',
      'key_env',
      'admin_key',
      'access_token',
      'rule_id',
      'rule_id_multi',
      'service_account_id',
      'batch_id',
    ] as const;
    for (const name of names) {
      expect(a.values[name], name).not.toBe('');
      expect(a.values[name], name).not.toBe(b.values[name]);
    }

    const get = async (front: JudgingServer, key: string, path: string) => {
      const res = await request(`${front.url}${path}`, {
        headers: {
          [access.API_KEY_HEADER]: key,
          [publishedVendor.headers.version]: publishedVendor.apiVersion,
        },
      });
      return { status: res.statusCode, body: (await res.body.json()) as { data?: { id: string }[] } };
    };
    const list = operation(spec, 'messages.batches.list').path ?? '';
    const retrieve = (id: string) =>
      fillPath(operation(spec, 'messages.batches.retrieve').path ?? '', () => id);

    // Each case's client reaches its own records only: the other's batch is not there for it.
    const listedA = await get(a.front, a.values.key_arg, list);
    const listedB = await get(b.front, b.values.key_arg, list);
    expect(listedA.body.data?.map((x) => x.id)).toEqual([a.values.batch_id]);
    expect(listedB.body.data?.map((x) => x.id)).toEqual([b.values.batch_id]);
    expect((await get(a.front, a.values.key_arg, retrieve(b.values.batch_id))).status).toBe(404);
    expect((await get(b.front, b.values.key_arg, retrieve(b.values.batch_id))).status).toBe(200);

    // Each front's log holds its own client's requests, and none of the runner's fixture traffic.
    expect(a.front.requests.map((r) => [r.path, r.headers[access.API_KEY_HEADER]])).toEqual([
      [list, a.values.key_arg],
      [retrieve(b.values.batch_id), a.values.key_arg],
    ]);
    expect(b.front.requests.map((r) => [r.path, r.headers[access.API_KEY_HEADER]])).toEqual([
      [list, b.values.key_arg],
      [retrieve(b.values.batch_id), b.values.key_arg],
    ]);
    expect([...a.front.problems, ...b.front.problems]).toEqual([]);
  }, 60_000);
});

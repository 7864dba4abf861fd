import { describe, expect, it } from 'vitest';
import { createServer } from '../../src/app.js';
import { buildReport, DAY_MS, MAX_BUCKETS, recordMessageUsage, recordUsage } from '../../src/usage/report.js';
import { expectErrorBody } from '../helpers.js';
import { type A, admin, createWorkspace, dataOf } from './admin-helpers.js';

const URL = '/v1/organizations/usage_report/messages';
const START = '2026-01-01T00:00:00Z';
const END = '2026-01-04T00:00:00Z';

interface Bucket {
  starting_at: string;
  ending_at: string;
  results: { workspace_id?: string | null; input_tokens: number; output_tokens: number }[];
}

const usage = (a: A, body: Record<string, unknown>) => a.control('POST', '/usage', body);

async function report(a: A, query: string) {
  const res = await a.get(`${URL}?starting_at=${START}&ending_at=${END}&bucket_width=1d${query}`);
  expect(res.status, res.text).toBe(200);
  return res.json?.data as Bucket[];
}

async function fixtures(a: A) {
  const ws = await createWorkspace(a, 'usage');
  await usage(a, { workspace_id: ws, at: '2026-01-01T10:00:00Z', input_tokens: 10, output_tokens: 1 });
  await usage(a, { workspace_id: ws, at: '2026-01-02T10:00:00Z', input_tokens: 20, output_tokens: 2 });
  await usage(a, { workspace_id: 'default', at: '2026-01-01T23:59:59Z', input_tokens: 5, output_tokens: 5 });
  return ws;
}

describe('GET /v1/organizations/usage_report/messages', () => {
  it('answers one 1d bucket per day of the range (USAGE-BUCKET-WIDTH)', async () => {
    const a = admin();
    await fixtures(a);
    const data = await report(a, '');
    expect(data.map((b) => [b.starting_at, b.ending_at])).toEqual([
      ['2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z'],
      ['2026-01-02T00:00:00.000Z', '2026-01-03T00:00:00.000Z'],
      ['2026-01-03T00:00:00.000Z', '2026-01-04T00:00:00.000Z'],
    ]);
    expect(data.map((b) => b.results)).toEqual([
      [{ input_tokens: 15, output_tokens: 6, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 }],
      [{ input_tokens: 20, output_tokens: 2, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 }],
      [],
    ]);
  });

  it('group_by[]=workspace_id splits per workspace, the Default Workspace as null (USAGE-GROUP-BY, USAGE-DEFAULT-WORKSPACE-NULL)', async () => {
    const a = admin();
    const ws = await fixtures(a);
    const data = await report(a, '&group_by[]=workspace_id');
    expect(data[0]?.results.map((r) => [r.workspace_id, r.input_tokens])).toEqual([
      [null, 5],
      [ws, 10],
    ]);
    expect(data[1]?.results.map((r) => [r.workspace_id, r.input_tokens])).toEqual([[ws, 20]]);
  });

  it('workspace_ids[] keeps only the named workspaces (USAGE-WORKSPACE-IDS)', async () => {
    const a = admin();
    const ws = await fixtures(a);
    const other = await createWorkspace(a, 'other');
    await usage(a, { workspace_id: other, at: '2026-01-01T12:00:00Z', input_tokens: 1000 });
    const data = await report(a, `&group_by[]=workspace_id&workspace_ids[]=${ws}`);
    expect(data.flatMap((b) => b.results.map((r) => r.workspace_id))).toEqual([ws, ws]);
    expectErrorBody(await a.get(`${URL}?workspace_ids[]=wrkspc_unknown`), 400);
  });

  it('keeps the usage of archived workspaces (WSARCH-HISTORY-PRESERVED)', async () => {
    const a = admin();
    const ws = await fixtures(a);
    const before = await report(a, '&group_by[]=workspace_id');
    await a.post(`/v1/organizations/workspaces/${ws}/archive`);
    expect(await report(a, '&group_by[]=workspace_id')).toEqual(before);
  });

  it('reports only the caller organization', async () => {
    const a = admin();
    await fixtures(a);
    const other = await a.control('POST', '/organizations', {});
    const res = await a.as(String(other.admin_key)).get(`${URL}?starting_at=${START}&ending_at=${END}`);
    expect(res.status).toBe(200);
    expect(dataOf<Bucket>(res).every((b) => b.results.length === 0)).toBe(true);
  });

  it('defaults to the last 7 days (UNSPEC-USAGE-PARAMS-REQUIRED)', async () => {
    const a = admin();
    const res = await a.get(URL);
    expect(res.status).toBe(200);
    expect(res.json?.data).toHaveLength(7);
  });

  it('answers 400 to an empty or too long range, unknown values and non-UTC timestamps (UNSPEC-USAGE-*)', async () => {
    const a = admin();
    const longEnd = new Date(Date.parse(START) + (MAX_BUCKETS + 1) * DAY_MS).toISOString();
    for (const q of [
      `starting_at=${END}&ending_at=${START}`,
      `starting_at=${START}&ending_at=${START}`,
      `starting_at=${START}&ending_at=${longEnd}`,
      'bucket_width=1h',
      // A name every object has is no bucket width either.
      'bucket_width=constructor',
      'bucket_width=toString',
      'group_by[]=model',
      'starting_at=yesterday',
      'starting_at=2026-01-01T00:00:00%2B01:00',
    ]) {
      expectErrorBody(await a.get(`${URL}?${q}`), 400);
    }
    expectErrorBody(await a.as(a.demo.workspaceKey).get(URL), 403);
  });
});

describe('usage records of the messages the server answers', () => {
  const message = (input: number, output: number, model = 'model-a') => ({
    model,
    usage: { input_tokens: input, output_tokens: output },
  });

  it('sums messages of one workspace, model and millisecond answered in a row into one record; the report reads the same', () => {
    const { state } = createServer({ seed: 'usage' }).reference;
    const org = state.demo.organizationId;
    const defaultWs = { organizationId: org, workspaceId: null };
    const ws = { organizationId: org, workspaceId: state.demo.workspaceId };
    const first = recordMessageUsage(state, defaultWs, 1000, message(1, 2));
    expect(recordMessageUsage(state, defaultWs, 1000, message(3, 4))).toBe(first);
    expect([first.inputTokens, first.outputTokens]).toEqual([4, 6]);
    // Another millisecond, workspace or model is another record.
    recordMessageUsage(state, defaultWs, 1001, message(1, 1));
    recordMessageUsage(state, ws, 1001, message(1, 1));
    recordMessageUsage(state, ws, 1001, message(1, 1, 'model-b'));
    // A fixture is never summed into, nor summed into a message's record.
    const fixture = recordUsage(state, {
      organizationId: org,
      workspaceId: state.demo.workspaceId,
      at: 1001,
      model: 'model-b',
      inputTokens: 7,
    });
    const after = recordMessageUsage(state, ws, 1001, message(1, 1, 'model-b'));
    expect(after).not.toBe(fixture);
    expect(fixture.inputTokens).toBe(7);
    const records = state.store.usage.group(org);
    expect(records).toHaveLength(6);
    const [bucket] = buildReport(records, {
      start: 0,
      end: DAY_MS,
      widthMs: DAY_MS,
      workspaceIds: null,
      groupByWorkspace: false,
      groupByModel: false,
      defaultWorkspaceId: null,
    });
    expect(bucket?.results.map((r) => [r.input_tokens, r.output_tokens])).toEqual([
      [4 + 1 + 1 + 1 + 7 + 1, 6 + 1 + 1 + 1 + 1],
    ]);
  });
});

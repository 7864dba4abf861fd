import { describe, expect, it } from 'vitest';
import { endpoints as declared } from '../../src/endpoints/message-batches.js';
import { requirements } from '../../src/requirements/message-batches.js';
import { requirements as messageRequirements } from '../../src/requirements/messages.js';
import type { Endpoint } from '../../src/types.js';
import { unspecified } from '../../src/unspecified/message-batches.js';
import { defineVendor } from '../../src/vendor.js';

/** The family's endpoints as the spec's `Endpoint`s (the table itself is typed literally). */
const endpoints: readonly Endpoint[] = declared;

const byId = (id: string) => {
  const e = endpoints.find((x) => x.id === id);
  if (!e) throw new Error(`no endpoint ${id}`);
  return e;
};

describe('message batch endpoints', () => {
  it('declares create, retrieve, list and results', () => {
    expect(endpoints.map((e) => e.id)).toEqual([
      'messages.batches.create',
      'messages.batches.retrieve',
      'messages.batches.list',
      'messages.batches.results',
    ]);
  });

  it.each([
    ['messages.batches.create', 'POST', '/v1/messages/batches', 'MessageBatch'],
    ['messages.batches.retrieve', 'GET', '/v1/messages/batches/{message_batch_id}', 'MessageBatch'],
    ['messages.batches.list', 'GET', '/v1/messages/batches', 'MessageBatchList'],
  ])('%s is %s %s answering %s', (id, method, path, response) => {
    const e = byId(id);
    expect(e.method).toBe(method);
    expect(e.path).toBe(path);
    expect(e.family).toBe('message-batches');
    expect(e.success.response.schema).toMatchObject({ $ref: response });
  });

  it('creates from a MessageBatchCreateParams body', () => {
    expect(byId('messages.batches.create').body).toMatchObject({
      required: true,
      schema: { $ref: 'MessageBatchCreateParams' },
    });
  });

  it('names the retrieve path parameter message_batch_id, a batch id', () => {
    const e = byId('messages.batches.retrieve');
    expect(Object.keys(e.params.path?.properties ?? {})).toEqual(['message_batch_id']);
    expect(e.params.path?.properties.message_batch_id).toMatchObject({ $ref: 'MessageBatchId' });
    expect(e.unspecified).toContain('UNSPEC-BATCH-ID-PARAM-NAME');
  });

  it('pages the list with after_id, has_more and last_id (BATCH-LIST-QUERY, BATCH-LIST-ENVELOPE)', () => {
    const e = byId('messages.batches.list');
    expect(e.pagination).toEqual({
      style: 'after_id',
      cursorParam: 'after_id',
      hasMoreField: 'has_more',
      lastIdField: 'last_id',
      dataField: 'data',
      limitParam: 'limit',
    });
    expect(Object.keys(e.params.query?.properties ?? {}).sort()).toEqual(['after_id', 'limit']);
  });

  it('downloads results from the batch results_url as JSON lines, not from a fixed path (BATCH-RESULTS-URL)', () => {
    const e = byId('messages.batches.results');
    expect(e.method).toBe('GET');
    expect(e.path).toBeNull();
    expect(e.url).toEqual({ operation: 'messages.batches.retrieve', field: 'results_url' });
    expect(e.success.response.contentType).toBe('application/x-ndjson');
    expect(e.success.response.schema).toMatchObject({ $ref: 'MessageBatchResult' });
    expect(e.unspecified).toEqual(
      expect.arrayContaining(['UNSPEC-BATCH-RESULTS-BEFORE-END', 'UNSPEC-BATCH-RESULTS-AFTER-RETENTION']),
    );
  });

  it.each(endpoints.map((e) => e.id))(
    '%s accepts a workspace key or a workspace:developer token, requires no beta (UNSPEC-BATCH-BETA)',
    (id) => {
      const e = byId(id);
      expect(e.auth).toEqual(['workspace_key', 'access_token']);
      expect(e.scope).toBe('workspace:developer');
      expect(e.betas).toEqual([]);
      expect(e.unspecified).toContain('UNSPEC-BATCH-BETA');
      expect(e.errors).toEqual([expect.objectContaining({ status: 403, type: null })]);
    },
  );
});

describe('message batch catalog', () => {
  const v = defineVendor('acme');
  const reqs = requirements(v);
  const unspecs = unspecified(v);

  it('uses only the BATCH- prefix', () => {
    for (const r of reqs) expect(r.id).toMatch(/^BATCH-[A-Z0-9-]+$/);
    for (const u of unspecs) expect(u.id).toMatch(/^UNSPEC-BATCH-[A-Z0-9-]+$/);
  });

  it('marks prices and billing untestable', () => {
    for (const r of reqs.filter((x) => x.id.startsWith('BATCH-PRICE') || x.id.includes('BILLED'))) {
      expect(r.observability, r.id).toBe('untestable');
    }
  });

  it('names the beta header of the vendor it is built for', () => {
    expect(unspecs.find((u) => u.id === 'UNSPEC-BATCH-BETA')?.what).toContain('acme-beta');
  });

  it('cites only ids of the batch and message catalogs from its endpoints', () => {
    const ids = new Set([...reqs, ...messageRequirements(v)].map((r) => r.id));
    const uids = new Set(unspecs.map((u) => u.id));
    for (const e of endpoints) {
      for (const id of [...e.requirements, ...e.errors.flatMap((x) => x.requirements)])
        expect(ids.has(id), id).toBe(true);
      for (const id of e.unspecified) expect(uids.has(id), id).toBe(true);
    }
  });
});

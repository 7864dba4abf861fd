import { describe, expect, it } from 'vitest';
import { endpoints as declared } from '../../src/endpoints/sessions.js';
import { requirements } from '../../src/requirements/sessions.js';
import { requirementIds } from '../../src/rules/sessions.js';
import type { Endpoint } from '../../src/types.js';
import { unspecified } from '../../src/unspecified/sessions.js';
import { vendor } from '../../src/vendor.js';

/** The family's endpoints as the spec's `Endpoint`s (the table itself is typed literally). */
const endpoints: readonly Endpoint[] = declared;

const byId = Object.fromEntries(endpoints.map((e) => [e.id, e]));

describe('session endpoints', () => {
  it.each([
    ['sessions.create', 'POST', '/v1/sessions'],
    ['sessions.resources.create', 'POST', '/v1/sessions/{session_id}/resources'],
    ['sessions.resources.list', 'GET', '/v1/sessions/{session_id}/resources'],
    ['sessions.resources.retrieve', 'GET', '/v1/sessions/{session_id}/resources/{resource_id}'],
    ['sessions.resources.update', 'POST', '/v1/sessions/{session_id}/resources/{resource_id}'],
    ['sessions.resources.delete', 'DELETE', '/v1/sessions/{session_id}/resources/{resource_id}'],
  ])('%s is %s %s', (id, method, path) => {
    const e = byId[id];
    expect(e?.method).toBe(method);
    expect(e?.path).toBe(path);
    expect(e?.family).toBe('sessions');
  });

  it('has exactly the six session operations', () => expect(endpoints).toHaveLength(6));

  it('requires the managed-agents beta and accepts a workspace key or a developer-scoped token', () => {
    for (const e of endpoints) {
      expect(e.betas, e.id).toEqual(['managed-agents-2026-04-01']);
      expect(e.auth, e.id).toEqual(['workspace_key', 'access_token']);
      expect(e.scope, e.id).toBe('workspace:developer');
    }
  });

  it('pages the resource list with page / next_page and nothing else', () => {
    for (const e of endpoints) {
      if (e.id === 'sessions.resources.list') {
        expect(e.pagination).toEqual({
          style: 'page',
          cursorParam: 'page',
          nextField: 'next_page',
          dataField: 'data',
          limitParam: 'limit',
        });
      } else expect(e.pagination, e.id).toEqual({ style: 'none' });
    }
  });

  it('lists no error cases, because the documents show none, and records that', () => {
    for (const e of endpoints) {
      expect(e.errors, e.id).toEqual([]);
      expect(
        e.unspecified.some((u) => u.endsWith('-ERRORS')),
        e.id,
      ).toBe(true);
    }
  });

  it('shows no body for session creation and records why', () => {
    const e = byId['sessions.create'];
    expect(e?.success.response.schema).toBeUndefined();
    expect(e?.success.response.unspecified).toBe('UNSPEC-SESS-CREATE-RESPONSE');
  });
});

describe('session catalog', () => {
  const reqIds = new Set(requirements(vendor).map((r) => r.id));
  const unIds = new Set(unspecified(vendor).map((u) => u.id));

  it('uses only the session prefixes', () => {
    for (const id of reqIds) expect(id).toMatch(/^(SESS|SRES|MEMSTORE)-/);
    for (const id of unIds) expect(id).toMatch(/^UNSPEC-(SESS|SRES)-/);
  });

  it('cites only ids that exist', () => {
    for (const e of endpoints) {
      for (const id of e.requirements) expect(reqIds.has(id), `${e.id} ${id}`).toBe(true);
      for (const id of e.unspecified) expect(unIds.has(id), `${e.id} ${id}`).toBe(true);
    }
    for (const id of requirementIds) expect(reqIds.has(id), id).toBe(true);
  });

  it('names the beta header through the vendor', () => {
    const r = requirements(vendor).find((x) => x.id === 'SRES-BETA-HEADER');
    expect(r?.statement).toContain(vendor.headers.beta);
  });
});

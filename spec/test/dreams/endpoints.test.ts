import { describe, expect, it } from 'vitest';
import { endpoints as declared } from '../../src/endpoints/dreams.js';
import { step } from '../../src/machine.js';
import { DREAM_STATES, machine } from '../../src/machines/dreams.js';
import { requirements } from '../../src/requirements/dreams.js';
import { requirements as sessionRequirements } from '../../src/requirements/sessions.js';
import { requirementIds } from '../../src/rules/dreams.js';
import type { Endpoint } from '../../src/types.js';
import { unspecified } from '../../src/unspecified/dreams.js';
import { defineVendor, vendor } from '../../src/vendor.js';

/** The family's endpoints as the spec's `Endpoint`s (the table itself is typed literally). */
const endpoints: readonly Endpoint[] = declared;

const vendorAcme = () => defineVendor('acme');

const byId = Object.fromEntries(endpoints.map((e) => [e.id, e]));

describe('dream endpoints', () => {
  it.each([
    ['dreams.create', 'POST', '/v1/dreams'],
    ['dreams.retrieve', 'GET', '/v1/dreams/{dream_id}'],
    ['dreams.cancel', 'POST', '/v1/dreams/{dream_id}/cancel'],
    ['dreams.archive', 'POST', '/v1/dreams/{dream_id}/archive'],
    ['dreams.list', 'GET', '/v1/dreams'],
  ])('%s is %s %s', (id, method, path) => {
    expect(byId[id]?.method).toBe(method);
    expect(byId[id]?.path).toBe(path);
    expect(byId[id]?.family).toBe('dreams');
  });

  it('has exactly the five dream operations', () => expect(endpoints).toHaveLength(5));

  it('requires both betas and accepts a workspace key or a developer-scoped token', () => {
    for (const e of endpoints) {
      expect([...e.betas], e.id).toEqual(['managed-agents-2026-04-01', 'dreaming-2026-04-21']);
      expect(e.auth, e.id).toEqual(['workspace_key', 'access_token']);
      expect(e.scope, e.id).toBe('workspace:developer');
    }
  });

  it('pages the list with a cursor whose envelope is not shown', () => {
    expect(byId['dreams.list']?.pagination).toEqual({
      style: 'page-unspecified-envelope',
      cursorParam: 'page',
      limitParam: 'limit',
    });
    expect(byId['dreams.list']?.success.response.schema).toBeUndefined();
    expect(byId['dreams.list']?.success.response.unspecified).toBe('UNSPEC-DREAM-LIST-ENVELOPE');
  });

  it.each([
    ['dreams.cancel', ['completed', 'failed']],
    ['dreams.archive', ['pending', 'running']],
  ] as const)('%s lists a 400 with an unnamed type for %j', (id, statuses) => {
    const errors = byId[id]?.errors ?? [];
    expect(errors.map((e) => [e.status, e.type])).toEqual(statuses.map(() => [400, null]));
    for (const s of statuses) expect(errors.some((e) => e.when.includes(`\`${s}\``))).toBe(true);
  });

  it('lists exactly the 400s of the machine, citing the same requirements', () => {
    for (const event of ['dreams.cancel', 'dreams.archive'] as const) {
      const fromMachine = new Set<string>();
      for (const state of DREAM_STATES) {
        const r = step(machine, state, event);
        if (r.outcome.kind === 'error') {
          expect(r.outcome.status).toBe(400);
          for (const id of r.row.requirements) fromMachine.add(id);
        }
      }
      const fromEndpoint = new Set((byId[event]?.errors ?? []).flatMap((e) => e.requirements));
      expect([...fromEndpoint].sort()).toEqual([...fromMachine].sort());
    }
  });
});

describe('dream catalog', () => {
  const reqs = requirements(vendor);
  const reqIds = new Set(reqs.map((r) => r.id));
  const allIds = new Set([...reqIds, ...sessionRequirements(vendor).map((r) => r.id)]);
  const unIds = new Set(unspecified(vendor).map((u) => u.id));

  it('uses only the DREAM prefix', () => {
    for (const id of reqIds) expect(id).toMatch(/^DREAM-/);
    for (const id of unIds) expect(id).toMatch(/^UNSPEC-DREAM-/);
  });

  it('cites only ids that exist', () => {
    for (const e of endpoints) {
      for (const id of e.requirements) expect(allIds.has(id), `${e.id} ${id}`).toBe(true);
      for (const id of e.unspecified) expect(unIds.has(id), `${e.id} ${id}`).toBe(true);
    }
    for (const id of requirementIds) expect(allIds.has(id), id).toBe(true);
    for (const row of machine.rows) for (const id of row.requirements) expect(allIds.has(id), id).toBe(true);
    for (const row of machine.rows) {
      if (row.outcome.kind === 'unspecified') expect(unIds.has(row.outcome.unspecified)).toBe(true);
    }
  });

  it('names the allowed models through the vendor', () => {
    const r = reqs.find((x) => x.id === 'DREAM-CREATE-MODEL-ALLOWED');
    expect(r?.statement).toContain(vendor.models.opus);
    expect(
      requirements(vendorAcme()).find((x) => x.id === 'DREAM-CREATE-MODEL-ALLOWED')?.statement,
    ).toContain('acme-sonnet-4-6');
  });
});

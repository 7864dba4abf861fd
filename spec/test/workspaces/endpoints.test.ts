import { describe, expect, it } from 'vitest';
import { endpoints as declared } from '../../src/endpoints/workspaces.js';
import { spec } from '../../src/index.js';
import type { Endpoint } from '../../src/types.js';
import { Fail, Ok } from '../helpers.js';

/** The family's endpoints as the spec's `Endpoint`s (the table itself is typed literally). */
const endpoints: readonly Endpoint[] = declared;

const byId = Object.fromEntries(endpoints.map((e) => [e.id, e]));

describe('workspace administration endpoints', () => {
  it('are the six documented operations', () => {
    expect(endpoints.map((e) => `${e.method} ${e.path} ${e.id}`)).toEqual([
      'POST /v1/organizations/workspaces organizations.workspaces.create',
      'GET /v1/organizations/workspaces organizations.workspaces.list',
      'POST /v1/organizations/workspaces/{workspace_id}/archive organizations.workspaces.archive',
      'POST /v1/organizations/workspaces/{workspace_id}/members organizations.workspaces.members.create',
      'POST /v1/organizations/workspaces/{workspace_id}/members/{user_id} organizations.workspaces.members.update',
      'DELETE /v1/organizations/workspaces/{workspace_id}/members/{user_id} organizations.workspaces.members.delete',
    ]);
  });

  it('take an admin key only, no scope and no beta', () => {
    for (const e of endpoints) {
      expect(e.auth, e.id).toEqual(['admin_key']);
      expect(e.scope).toBeNull();
      expect(e.betas).toEqual([]);
      expect(e.family).toBe('workspaces');
    }
  });

  it('show no response body: each cites its unspecified item and has no schema', () => {
    for (const e of endpoints) {
      expect(e.success.response.schema, e.id).toBeUndefined();
      expect(e.unspecified).toContain(e.success.response.unspecified);
    }
  });

  it('take a body only for create, add member and update member', () => {
    expect(endpoints.filter((e) => e.body).map((e) => e.id)).toEqual([
      'organizations.workspaces.create',
      'organizations.workspaces.members.create',
      'organizations.workspaces.members.update',
    ]);
  });

  it('name the workspace in the path with a wrkspc_ identifier', () => {
    const path = byId['organizations.workspaces.archive']!.params.path!;
    Ok(path, { workspace_id: 'wrkspc_01' });
    Fail(path, { workspace_id: 'default' });
  });

  it('list with limit and include_archived only', () => {
    const q = byId['organizations.workspaces.list']!.params.query!;
    Ok(q, { limit: 10, include_archived: true });
    Fail(q, { page: 'x' });
    expect(byId['organizations.workspaces.list']!.pagination).toEqual({ style: 'none' });
  });

  it('cite only requirement and unspecified ids of the catalog', () => {
    const req = new Set(spec.requirements.map((r) => r.id));
    const uns = new Set(spec.unspecified.map((u) => u.id));
    for (const e of endpoints) {
      for (const id of e.requirements) expect(req.has(id), id).toBe(true);
      for (const id of e.unspecified) expect(uns.has(id), id).toBe(true);
    }
  });
});

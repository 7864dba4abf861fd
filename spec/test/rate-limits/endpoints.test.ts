import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/endpoints/rate-limits.js';
import { vendor } from '../../src/vendor.js';
import { Fail, Ok } from '../helpers.js';

const [orgList, wsList] = endpoints;

describe('rate-limit endpoints', () => {
  it('are the two read-only lists', () => {
    expect(endpoints.map((e) => `${e.method} ${e.path} ${e.id}`)).toEqual([
      'GET /v1/organizations/rate_limits organizations.rate_limits.list',
      'GET /v1/organizations/workspaces/{workspace_id}/rate_limits organizations.workspaces.rate_limits.list',
    ]);
  });

  it('take an admin key only and page with page / next_page', () => {
    for (const e of endpoints) {
      expect(e.auth).toEqual(['admin_key']);
      expect(e.scope).toBeNull();
      expect(e.pagination).toEqual({
        style: 'page',
        cursorParam: 'page',
        nextField: 'next_page',
        dataField: 'data',
      });
    }
  });

  it('answer 404 on the organization list when model matches no group', () => {
    expect(orgList!.errors.find((e) => e.status === 404)).toMatchObject({
      type: null,
      requirements: ['RL-ORG-MODEL-404'],
    });
    expect(wsList!.errors.some((e) => e.status === 404)).toBe(false);
  });

  it('accept model on the organization list only', () => {
    Ok(orgList!.params.query!, { model: vendor.models.opus });
    Fail(wsList!.params.query!, { model: vendor.models.opus });
    Ok(wsList!.params.query!, { group_type: 'skills', page: 'p' });
  });

  it('name the workspace with a wrkspc_ identifier (the Default Workspace has none)', () => {
    Ok(wsList!.params.path!, { workspace_id: 'wrkspc_1' });
    Fail(wsList!.params.path!, { workspace_id: 'default' });
  });
});

import { describe, expect, it } from 'vitest';
import { endpoints as declared } from '../../src/endpoints/usage.js';
import { UsageReportParams } from '../../src/resources/usage.js';
import type { Endpoint } from '../../src/types.js';
import { Fail, Ok } from '../helpers.js';

/** The family's endpoints as the spec's `Endpoint`s (the table itself is typed literally). */
const endpoints: readonly Endpoint[] = declared;

describe('UsageReportParams', () => {
  it('accepts the documented parameters', () =>
    Ok(UsageReportParams, {
      starting_at: '2026-01-01T00:00:00Z',
      ending_at: '2026-01-08T00:00:00Z',
      'workspace_ids[]': ['wrkspc_a', 'wrkspc_b'],
      'group_by[]': ['workspace_id'],
      bucket_width: '1d',
    }));
  it('accepts no parameters (which are required is not stated)', () => Ok(UsageReportParams, {}));
  it('accepts a UTC offset written +00:00', () =>
    Ok(UsageReportParams, { starting_at: '2026-01-01T00:00:00+00:00' }));
  it('rejects a timestamp in another offset (UTC is stated)', () =>
    Fail(UsageReportParams, { starting_at: '2026-01-01T02:00:00+02:00' }));
  it('rejects a date without a time', () => Fail(UsageReportParams, { ending_at: '2026-01-01' }));
  it('rejects a malformed timestamp', () => Fail(UsageReportParams, { starting_at: '2026-13-01T00:00:00Z' }));
  it('rejects workspace_ids[] items that are not workspace identifiers', () =>
    Fail(UsageReportParams, { 'workspace_ids[]': ['default'] }));
  it('rejects workspace_ids[] given as a single string', () =>
    Fail(UsageReportParams, { 'workspace_ids[]': 'wrkspc_a' }));
  it('accepts group_by[] and bucket_width values that are not shown (open strings)', () =>
    Ok(UsageReportParams, { 'group_by[]': ['model'], bucket_width: '1h' }));
  it('rejects a non-string bucket_width', () => Fail(UsageReportParams, { bucket_width: 1 }));
  it('rejects an undocumented parameter', () => Fail(UsageReportParams, { limit: 10 }));
  it('rejects the parameter names without brackets', () =>
    Fail(UsageReportParams, { workspace_ids: ['wrkspc_a'] }));
});

describe('usage report endpoint', () => {
  const [e] = endpoints;
  it('is GET /v1/organizations/usage_report/messages, admin key only', () => {
    expect(e).toMatchObject({
      id: 'organizations.usage_report.messages',
      method: 'GET',
      path: '/v1/organizations/usage_report/messages',
      auth: ['admin_key'],
      scope: null,
      betas: [],
    });
  });
  it('shows no response body', () => {
    expect(e!.success.response.schema).toBeUndefined();
    expect(e!.success.response.unspecified).toBe('UNSPEC-USAGE-RESPONSE');
  });
  it('uses the same query as UsageReportParams', () => {
    expect(Object.keys(e!.params.query!.properties)).toEqual(Object.keys(UsageReportParams.properties));
    Fail(e!.params.query!, { starting_at: 'yesterday' });
  });
});

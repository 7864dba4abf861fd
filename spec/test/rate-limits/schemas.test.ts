import { describe, it } from 'vitest';
import {
  OrganizationRateLimit,
  OrganizationRateLimitList,
  OrganizationRateLimitListParams,
  RATE_LIMIT_GROUP_TYPES,
  RATE_LIMITER_TYPES,
  RateLimiterType,
  RateLimitGroupType,
  WorkspaceRateLimit,
  WorkspaceRateLimitList,
  WorkspaceRateLimitListParams,
} from '../../src/resources/rate-limits.js';
import { vendor } from '../../src/vendor.js';
import { Fail, Ok } from '../helpers.js';

const models = [vendor.models.opus, `${vendor.models.opus}-20260101`];
const orgModelGroup = {
  type: 'rate_limit',
  group_type: 'model_group',
  models,
  limits: [{ type: 'requests_per_minute', value: 4000 }],
};
const orgBatch = {
  type: 'rate_limit',
  group_type: 'batch',
  models: null,
  limits: [{ type: 'enqueued_batch_requests', value: 100000 }],
};
const wsModelGroup = {
  type: 'workspace_rate_limit',
  group_type: 'model_group',
  models,
  limits: [{ type: 'requests_per_minute', value: 1000, org_limit: 4000 }],
};

describe('group and limiter types', () => {
  for (const t of RATE_LIMIT_GROUP_TYPES) it(`accepts group type ${t}`, () => Ok(RateLimitGroupType, t));
  for (const t of ['models', 'tokens', 'MODEL_GROUP', ''])
    it(`rejects group type ${JSON.stringify(t)}`, () => Fail(RateLimitGroupType, t));
  for (const t of RATE_LIMITER_TYPES) it(`accepts limiter type ${t}`, () => Ok(RateLimiterType, t));
  for (const t of ['tokens_per_minute', 'requests_per_day', ''])
    it(`rejects limiter type ${JSON.stringify(t)}`, () => Fail(RateLimiterType, t));
});

describe('organization entry', () => {
  it('accepts a model group with its models', () => Ok(OrganizationRateLimit, orgModelGroup));
  it('accepts a batch group with models null', () => Ok(OrganizationRateLimit, orgBatch));
  for (const g of ['token_count', 'files', 'skills', 'web_search']) {
    it(`accepts group ${g} with models null`, () =>
      Ok(OrganizationRateLimit, { ...orgBatch, group_type: g, limits: [] }));
    it(`rejects group ${g} with a models array`, () =>
      Fail(OrganizationRateLimit, { ...orgBatch, group_type: g, models: ['x'] }));
  }
  it('rejects a model group with models null', () =>
    Fail(OrganizationRateLimit, { ...orgModelGroup, models: null }));
  it('rejects a batch group with a models array', () =>
    Fail(OrganizationRateLimit, { ...orgBatch, models: [] }));
  it('rejects the workspace entry type', () =>
    Fail(OrganizationRateLimit, { ...orgModelGroup, type: 'workspace_rate_limit' }));
  it('rejects an org_limit in an organization limit', () =>
    Fail(OrganizationRateLimit, {
      ...orgBatch,
      limits: [{ type: 'enqueued_batch_requests', value: 1, org_limit: 1 }],
    }));
  it('rejects an unknown limiter', () =>
    Fail(OrganizationRateLimit, { ...orgBatch, limits: [{ type: 'requests_per_hour', value: 1 }] }));
  it('rejects a non-numeric value', () =>
    Fail(OrganizationRateLimit, { ...orgBatch, limits: [{ type: 'requests_per_minute', value: '1' }] }));
  it('rejects a missing models field', () => {
    const { models: _m, ...rest } = orgBatch;
    Fail(OrganizationRateLimit, rest);
  });
  it('rejects extra fields', () => Fail(OrganizationRateLimit, { ...orgBatch, name: 'batch' }));
});

describe('workspace entry', () => {
  it('accepts an override with its organization value', () => Ok(WorkspaceRateLimit, wsModelGroup));
  it('accepts an override where the organization has no limit (org_limit null)', () =>
    Ok(WorkspaceRateLimit, {
      ...wsModelGroup,
      limits: [{ type: 'output_tokens_per_minute', value: 5, org_limit: null }],
    }));
  it('rejects a limit without org_limit', () =>
    Fail(WorkspaceRateLimit, { ...wsModelGroup, limits: [{ type: 'requests_per_minute', value: 5 }] }));
  it('rejects the organization entry type', () =>
    Fail(WorkspaceRateLimit, { ...wsModelGroup, type: 'rate_limit' }));
  it('rejects models on a non-model group', () =>
    Fail(WorkspaceRateLimit, { ...wsModelGroup, group_type: 'files' }));
  it('accepts a non-model group with models null', () =>
    Ok(WorkspaceRateLimit, { ...wsModelGroup, group_type: 'files', models: null }));
});

describe('list envelopes', () => {
  it('accepts a single page with next_page null', () =>
    Ok(OrganizationRateLimitList, { data: [orgModelGroup, orgBatch], next_page: null }));
  it('accepts a string next_page', () => Ok(OrganizationRateLimitList, { data: [], next_page: 'page_2' }));
  it('rejects an envelope without next_page (always present)', () =>
    Fail(OrganizationRateLimitList, { data: [] }));
  it('rejects workspace entries in the organization list', () =>
    Fail(OrganizationRateLimitList, { data: [wsModelGroup], next_page: null }));
  it('accepts workspace overrides in the workspace list', () =>
    Ok(WorkspaceRateLimitList, { data: [wsModelGroup], next_page: null }));
  it('rejects organization entries in the workspace list', () =>
    Fail(WorkspaceRateLimitList, { data: [orgBatch], next_page: null }));
});

describe('list parameters', () => {
  it('accepts no organization parameters (all optional)', () => Ok(OrganizationRateLimitListParams, {}));
  it('accepts model, group_type and page', () =>
    Ok(OrganizationRateLimitListParams, {
      model: vendor.models.sonnet,
      group_type: 'model_group',
      page: 'abc',
    }));
  it('rejects an unknown group_type', () => Fail(OrganizationRateLimitListParams, { group_type: 'tokens' }));
  it('accepts group_type and page for a workspace', () =>
    Ok(WorkspaceRateLimitListParams, { group_type: 'batch', page: 'abc' }));
  it('does not accept model for a workspace', () =>
    Fail(WorkspaceRateLimitListParams, { model: vendor.models.opus }));
});

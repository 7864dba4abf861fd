/**
 * Rate-limit entries and their list envelopes (document 000: Rate-limit entries;
 * GET /v1/organizations/rate_limits; GET /v1/organizations/workspaces/{workspace_id}/rate_limits).
 *
 * An entry with `group_type` `model_group` carries the array of model identifiers and aliases of
 * its group in `models`; every other group carries `models: null`. The two cases are the two
 * members of each entry union.
 */
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from './common.js';

/** Rate-limit group types: the six allowed values of `group_type`. */
export const RATE_LIMIT_GROUP_TYPES = [
  'model_group',
  'batch',
  'token_count',
  'files',
  'skills',
  'web_search',
] as const;
/** Group types whose entries carry `models: null`. */
export const NON_MODEL_GROUP_TYPES = ['batch', 'token_count', 'files', 'skills', 'web_search'] as const;
/** Limiter types: the four allowed values of a limit's `type`. */
export const RATE_LIMITER_TYPES = [
  'requests_per_minute',
  'input_tokens_per_minute',
  'output_tokens_per_minute',
  'enqueued_batch_requests',
] as const;

export const RateLimitGroupType = Type.Union(
  RATE_LIMIT_GROUP_TYPES.map((t) => Type.Literal(t)),
  {
    $id: 'RateLimitGroupType',
    description:
      'Rate-limit group type. `model_group` bundles several model versions into one set of limits.',
    'x-requirements': ['RL-GROUP-TYPE-VALUES', 'RL-MODEL-GROUP-BUNDLES'],
  },
);
export type RateLimitGroupType = Static<typeof RateLimitGroupType>;

export const RateLimiterType = Type.Union(
  RATE_LIMITER_TYPES.map((t) => Type.Literal(t)),
  {
    $id: 'RateLimiterType',
    description: 'Limiter type; `enqueued_batch_requests` is the limiter of the `batch` group.',
    'x-requirements': ['RL-LIMITER-TYPE-VALUES', 'RL-ENQUEUED-BATCH-REQUESTS-BATCH'],
  },
);
export type RateLimiterType = Static<typeof RateLimiterType>;

const limitValue = (requirement: string) =>
  Type.Number({
    description:
      'Limit value. Numeric type (integer or not), unit and bounds: not stated (UNSPEC-RL-VALUE-TYPE).',
    'x-requirements': [requirement],
    'x-unspecified': ['UNSPEC-RL-VALUE-TYPE'],
  });

/** One limit of an organization entry: `{type, value}`. */
export const OrganizationRateLimitValue = Type.Object(
  {
    type: Type.Ref(RateLimiterType),
    value: limitValue('RL-ORG-LIMIT-ITEM'),
  },
  {
    $id: 'OrganizationRateLimitValue',
    additionalProperties: false,
    description: 'A limiter and its organization value.',
    'x-requirements': ['RL-ORG-LIMIT-ITEM'],
  },
);
export type OrganizationRateLimitValue = Static<typeof OrganizationRateLimitValue>;

/** One limit of a workspace entry: `{type, value, org_limit}`. */
export const WorkspaceRateLimitValue = Type.Object(
  {
    type: Type.Ref(RateLimiterType),
    value: limitValue('RL-WS-VALUE-IS-OVERRIDE'),
    org_limit: Nullable(
      Type.Number({
        description:
          'The organization value for the same limiter, or null when the organization has none (UNSPEC-RL-VALUE-TYPE).',
      }),
    ),
  },
  {
    $id: 'WorkspaceRateLimitValue',
    additionalProperties: false,
    description:
      'A workspace override: `value` is the workspace override, `org_limit` the organization value for the same limiter or null when the organization has none. When `org_limit` is a number, `value` is not higher.',
    'x-requirements': [
      'RL-WS-LIMIT-ITEM',
      'RL-WS-VALUE-IS-OVERRIDE',
      'RL-WS-ORG-LIMIT',
      'RL-WS-ORG-LIMIT-NULL',
      'RL-WS-VALUE-WITHIN-ORG-LIMIT',
    ],
  },
);
export type WorkspaceRateLimitValue = Static<typeof WorkspaceRateLimitValue>;

const modelsArray = Type.Array(
  Type.String({ description: 'A model identifier or alias (dated or undated).' }),
  {
    description:
      'The model identifiers and aliases of this model group; each appears in exactly one model group.',
    'x-requirements': ['RL-MODELS-MODEL-GROUP', 'RL-MODEL-IN-EXACTLY-ONE-GROUP'],
  },
);
const modelsNull = Type.Null({
  description: 'Always null for a group type other than `model_group`.',
  'x-requirements': ['RL-MODELS-NULL-OTHER-GROUPS'],
});
const nonModelGroupType = Type.Union(
  NON_MODEL_GROUP_TYPES.map((t) => Type.Literal(t)),
  { description: 'A group type other than `model_group`.', 'x-requirements': ['RL-GROUP-TYPE-VALUES'] },
);

const orgType = Type.Literal('rate_limit', { 'x-requirements': ['RL-ORG-ENTRY-TYPE'] });
const orgLimits = Type.Array(Type.Ref(OrganizationRateLimitValue), {
  'x-requirements': ['RL-ORG-ENTRY-FIELDS'],
});

/** An organization rate-limit entry (`type` = `rate_limit`). */
export const OrganizationRateLimit = Type.Union(
  [
    Type.Object(
      {
        type: orgType,
        group_type: Type.Literal('model_group', { 'x-requirements': ['RL-GROUP-TYPE-VALUES'] }),
        models: modelsArray,
        limits: orgLimits,
      },
      { additionalProperties: false, description: 'Entry of a model group: `models` is an array.' },
    ),
    Type.Object(
      { type: orgType, group_type: nonModelGroupType, models: modelsNull, limits: orgLimits },
      { additionalProperties: false, description: 'Entry of another group: `models` is null.' },
    ),
  ],
  {
    $id: 'OrganizationRateLimit',
    description:
      'Organization entry: `type` `rate_limit`, `group_type`, `models` (array for `model_group`, otherwise null) and `limits` (`{type, value}` items).',
    'x-requirements': [
      'RL-ORG-ENTRY-TYPE',
      'RL-ORG-ENTRY-FIELDS',
      'RL-MODELS-MODEL-GROUP',
      'RL-MODELS-NULL-OTHER-GROUPS',
    ],
  },
);
export type OrganizationRateLimit = Static<typeof OrganizationRateLimit>;

const wsType = Type.Literal('workspace_rate_limit', { 'x-requirements': ['RL-WS-ENTRY-TYPE'] });
const wsLimits = Type.Array(Type.Ref(WorkspaceRateLimitValue), {
  description:
    'Overridden limiters only; a limiter type absent here has no override and the organization value applies.',
  'x-requirements': ['RL-WS-LIMIT-ITEM', 'RL-WS-ABSENT-LIMITER-INHERITS'],
});

/** A workspace rate-limit entry (`type` = `workspace_rate_limit`): overrides only. */
export const WorkspaceRateLimit = Type.Union(
  [
    Type.Object(
      {
        type: wsType,
        group_type: Type.Literal('model_group', { 'x-requirements': ['RL-GROUP-TYPE-VALUES'] }),
        models: modelsArray,
        limits: wsLimits,
      },
      { additionalProperties: false, description: 'Override of a model group: `models` is an array.' },
    ),
    Type.Object(
      { type: wsType, group_type: nonModelGroupType, models: modelsNull, limits: wsLimits },
      { additionalProperties: false, description: 'Override of another group: `models` is null.' },
    ),
  ],
  {
    $id: 'WorkspaceRateLimit',
    description:
      'Workspace entry: `type` `workspace_rate_limit`, the other fields as in the organization entry, each limit `{type, value, org_limit}`.',
    'x-requirements': [
      'RL-WS-ENTRY-TYPE',
      'RL-WS-LIMIT-ITEM',
      'RL-MODELS-MODEL-GROUP',
      'RL-MODELS-NULL-OTHER-GROUPS',
    ],
  },
);
export type WorkspaceRateLimit = Static<typeof WorkspaceRateLimit>;

const nextPage = Nullable(
  Type.String({
    description:
      'Cursor of the next page, or null when there is none; currently always null (a single page). Clients loop on it anyway.',
  }),
);

/** Response of `GET /v1/organizations/rate_limits`. */
export const OrganizationRateLimitList = Type.Object(
  {
    data: Type.Array(Type.Ref(OrganizationRateLimit)),
    next_page: nextPage,
  },
  {
    $id: 'OrganizationRateLimitList',
    additionalProperties: false,
    description:
      'The organization entries; `next_page` is always present, a string or null. Limits of the managed-agents product are not included.',
    'x-requirements': ['RL-LIST-ENVELOPE', 'RL-SINGLE-PAGE', 'RL-MANAGED-AGENTS-EXCLUDED'],
  },
);
export type OrganizationRateLimitList = Static<typeof OrganizationRateLimitList>;

/** Response of `GET /v1/organizations/workspaces/{workspace_id}/rate_limits`. */
export const WorkspaceRateLimitList = Type.Object(
  {
    data: Type.Array(Type.Ref(WorkspaceRateLimit), {
      description:
        'Overrides only: a group absent here has no workspace override and inherits the organization limits (it is not unlimited).',
      'x-requirements': ['RL-WS-ONLY-OVERRIDES', 'RL-WS-ABSENT-GROUP-INHERITS'],
    }),
    next_page: nextPage,
  },
  {
    $id: 'WorkspaceRateLimitList',
    additionalProperties: false,
    description: 'The workspace overrides; `next_page` is always present, a string or null.',
    'x-requirements': ['RL-WS-LIST-ENVELOPE', 'RL-SINGLE-PAGE'],
  },
);
export type WorkspaceRateLimitList = Static<typeof WorkspaceRateLimitList>;

const pageCursor = Type.String({
  description: 'Page cursor (a `next_page` value). Its format: not stated (UNSPEC-RL-PAGE-CURSOR).',
  'x-requirements': ['RL-PAGE-PARAM'],
  'x-unspecified': ['UNSPEC-RL-PAGE-CURSOR'],
});

/** Query of `GET /v1/organizations/rate_limits` (all optional). */
export const OrganizationRateLimitListParams = Type.Object(
  {
    model: Type.Optional(
      Type.String({
        description:
          'Any model identifier or alias; only the entry containing it is returned. A model that matches no group gives HTTP 404.',
        'x-requirements': ['RL-ORG-MODEL-FILTER', 'RL-ORG-MODEL-404'],
      }),
    ),
    group_type: Type.Optional(Type.Ref(RateLimitGroupType, { 'x-requirements': ['RL-GROUP-TYPE-FILTER'] })),
    page: Type.Optional(pageCursor),
  },
  {
    $id: 'OrganizationRateLimitListParams',
    additionalProperties: false,
    description: 'Filters of the organization rate-limit list; all optional.',
    'x-requirements': ['RL-ORG-QUERY-OPTIONAL'],
  },
);
export type OrganizationRateLimitListParams = Static<typeof OrganizationRateLimitListParams>;

/** Query of `GET /v1/organizations/workspaces/{workspace_id}/rate_limits`; `model` is not accepted. */
export const WorkspaceRateLimitListParams = Type.Object(
  {
    group_type: Type.Optional(Type.Ref(RateLimitGroupType, { 'x-requirements': ['RL-GROUP-TYPE-FILTER'] })),
    page: Type.Optional(pageCursor),
  },
  {
    $id: 'WorkspaceRateLimitListParams',
    additionalProperties: false,
    description:
      'Filters of the workspace rate-limit list. The `model` parameter is not accepted (what the service answers to it: UNSPEC-RL-WS-MODEL-PARAM).',
    'x-requirements': ['RL-WS-QUERY', 'RL-WS-MODEL-NOT-ACCEPTED'],
    'x-unspecified': ['UNSPEC-RL-WS-MODEL-PARAM'],
  },
);
export type WorkspaceRateLimitListParams = Static<typeof WorkspaceRateLimitListParams>;

/**
 * The read-only rate-limit endpoints (document 000: GET /v1/organizations/rate_limits;
 * GET /v1/organizations/workspaces/{workspace_id}/rate_limits). Admin API key only.
 */
import { Type } from '@sinclair/typebox';
import { WorkspaceId } from '../resources/common.js';
import {
  OrganizationRateLimitList,
  OrganizationRateLimitListParams,
  WorkspaceRateLimitList,
  WorkspaceRateLimitListParams,
} from '../resources/rate-limits.js';
import type { Endpoint, ErrorCase } from '../types.js';

const accessToken403: ErrorCase = {
  status: 403,
  type: null,
  when: 'an access token is presented: administrative endpoints are outside every OAuth scope',
  requirements: ['RL-ACCESS-TOKEN-403'],
};

const pagination = {
  style: 'page',
  cursorParam: 'page',
  nextField: 'next_page',
  dataField: 'data',
} as const;

const common = {
  family: 'rate-limits',
  doc: 'federation',
  method: 'GET',
  auth: ['admin_key'],
  scope: null,
  betas: [],
  pagination,
} as const;

export const endpoints = [
  {
    ...common,
    id: 'organizations.rate_limits.list',
    title: 'List organization rate limits',
    summary: 'List the rate limits configured for the organization, optionally for one model or group type.',
    path: '/v1/organizations/rate_limits',
    params: {
      query: Type.Object({ ...OrganizationRateLimitListParams.properties }, { additionalProperties: false }),
    },
    success: {
      status: 200,
      response: {
        description: 'The organization entries; currently a single page (`next_page` null).',
        schema: Type.Ref(OrganizationRateLimitList),
        contentType: 'application/json',
      },
    },
    errors: [
      {
        status: 404,
        type: null,
        when: '`model` matches no model group',
        requirements: ['RL-ORG-MODEL-404'],
      },
      accessToken403,
    ],
    requirements: [
      'RL-READ-ONLY',
      'RL-ORG-ADMIN-CREDENTIAL',
      'RL-ORG-QUERY-OPTIONAL',
      'RL-ORG-MODEL-FILTER',
      'RL-ORG-MODEL-404',
      'RL-GROUP-TYPE-FILTER',
      'RL-PAGE-PARAM',
      'RL-LIST-ENVELOPE',
      'RL-SINGLE-PAGE',
      'RL-CLIENT-LOOP-NEXT-PAGE',
      'RL-MODEL-IN-EXACTLY-ONE-GROUP',
      'RL-ENQUEUED-BATCH-REQUESTS-BATCH',
      'RL-WS-DEFAULT-NO-ENTRY',
      'RL-ACCESS-TOKEN-403',
    ],
    unspecified: [
      'UNSPEC-RL-SUCCESS-STATUS',
      'UNSPEC-RL-404-BODY',
      'UNSPEC-RL-ERRORS',
      'UNSPEC-RL-ADMIN-CREDENTIAL-REJECTED',
      'UNSPEC-RL-PAGE-CURSOR',
      'UNSPEC-RL-MODEL-WITH-GROUP-TYPE',
      'UNSPEC-RL-VALUE-TYPE',
      'UNSPEC-RL-ENTRY-ORDER',
    ],
  },
  {
    ...common,
    id: 'organizations.workspaces.rate_limits.list',
    title: 'List workspace rate limits',
    summary:
      'List the rate-limit overrides of a workspace; absent groups and limiters inherit the organization limits.',
    path: '/v1/organizations/workspaces/{workspace_id}/rate_limits',
    params: {
      path: Type.Object(
        { workspace_id: Type.Ref(WorkspaceId, { 'x-requirements': ['RL-WS-DEFAULT-NO-ENTRY'] }) },
        { additionalProperties: false },
      ),
      query: Type.Object({ ...WorkspaceRateLimitListParams.properties }, { additionalProperties: false }),
    },
    success: {
      status: 200,
      response: {
        description: 'The workspace overrides only; currently a single page (`next_page` null).',
        schema: Type.Ref(WorkspaceRateLimitList),
        contentType: 'application/json',
      },
    },
    errors: [accessToken403],
    requirements: [
      'RL-READ-ONLY',
      'RL-WS-ADMIN-CREDENTIAL',
      'RL-WS-QUERY',
      'RL-WS-MODEL-NOT-ACCEPTED',
      'RL-GROUP-TYPE-FILTER',
      'RL-PAGE-PARAM',
      'RL-WS-LIST-ENVELOPE',
      'RL-SINGLE-PAGE',
      'RL-CLIENT-LOOP-NEXT-PAGE',
      'RL-WS-ONLY-OVERRIDES',
      'RL-WS-ABSENT-GROUP-INHERITS',
      'RL-WS-ABSENT-LIMITER-INHERITS',
      'RL-WS-DEFAULT-NO-ENTRY',
      'RL-WS-ORG-LIMIT',
      'RL-WS-ORG-LIMIT-NULL',
      'RL-WS-VALUE-WITHIN-ORG-LIMIT',
      'RL-ACCESS-TOKEN-403',
    ],
    unspecified: [
      'UNSPEC-RL-SUCCESS-STATUS',
      'UNSPEC-RL-ERRORS',
      'UNSPEC-RL-ADMIN-CREDENTIAL-REJECTED',
      'UNSPEC-RL-PAGE-CURSOR',
      'UNSPEC-RL-WS-MODEL-PARAM',
      'UNSPEC-RL-WS-ARCHIVED',
      'UNSPEC-RL-WS-UNKNOWN-GROUP',
      'UNSPEC-RL-VALUE-TYPE',
      'UNSPEC-RL-ENTRY-ORDER',
    ],
  },
] as const satisfies readonly Endpoint[];

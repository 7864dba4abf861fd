/**
 * The messages usage report (document 000: GET /v1/organizations/usage_report/messages).
 * Admin API key only; the response body is not shown.
 */
import { Type } from '@sinclair/typebox';
import { UsageReportParams } from '../resources/usage.js';
import type { Endpoint } from '../types.js';

export const endpoints = [
  {
    id: 'organizations.usage_report.messages',
    family: 'usage',
    title: 'Get the messages usage report',
    summary: 'Report messages usage over a time range, optionally per workspace and in time buckets.',
    doc: 'federation',
    method: 'GET',
    path: '/v1/organizations/usage_report/messages',
    params: { query: Type.Object({ ...UsageReportParams.properties }, { additionalProperties: false }) },
    success: {
      status: 200,
      response: {
        description:
          'The usage report; the body is not shown. Usage in the Default Workspace reports `workspace_id` null.',
        unspecified: 'UNSPEC-USAGE-RESPONSE',
      },
    },
    errors: [
      {
        status: 403,
        type: null,
        when: 'an access token is presented: administrative endpoints are outside every OAuth scope',
        requirements: ['USAGE-ACCESS-TOKEN-403'],
      },
    ],
    auth: ['admin_key'],
    scope: null,
    betas: [],
    pagination: { style: 'none' },
    requirements: [
      'USAGE-ADMIN-CREDENTIAL',
      'USAGE-STARTING-AT',
      'USAGE-ENDING-AT',
      'USAGE-WORKSPACE-IDS',
      'USAGE-GROUP-BY',
      'USAGE-BUCKET-WIDTH',
      'USAGE-DEFAULT-WORKSPACE-NULL',
      'WSARCH-HISTORY-PRESERVED',
      'USAGE-ACCESS-TOKEN-403',
    ],
    unspecified: [
      'UNSPEC-USAGE-RESPONSE',
      'UNSPEC-USAGE-SUCCESS-STATUS',
      'UNSPEC-USAGE-PARAMS-REQUIRED',
      'UNSPEC-USAGE-RANGE',
      'UNSPEC-USAGE-GROUP-BY-VALUES',
      'UNSPEC-USAGE-BUCKET-WIDTH-VALUES',
      'UNSPEC-USAGE-DEFAULT-WORKSPACE-FILTER',
      'UNSPEC-USAGE-ERRORS',
      'UNSPEC-USAGE-ADMIN-CREDENTIAL-REJECTED',
      'UNSPEC-USAGE-PAGINATION',
    ],
  },
] as const satisfies readonly Endpoint[];

/**
 * Workspace administration endpoints (document 000: Workspace administration). Admin API key
 * only; no response body and no success status are shown.
 */
import { Type } from '@sinclair/typebox';
import { WorkspaceId } from '../resources/common.js';
import {
  WorkspaceCreateParams,
  WorkspaceListParams,
  WorkspaceMemberCreateParams,
  WorkspaceMemberUpdateParams,
} from '../resources/workspaces.js';
import type { Endpoint, ErrorCase } from '../types.js';

const BASE = '/v1/organizations/workspaces';

const workspacePath = Type.Object(
  { workspace_id: Type.Ref(WorkspaceId, { 'x-requirements': ['WS-ID-PREFIX', 'WS-DEFAULT-NO-ID'] }) },
  { additionalProperties: false },
);
const memberPath = Type.Object(
  {
    workspace_id: Type.Ref(WorkspaceId, { 'x-requirements': ['WS-ID-PREFIX', 'WS-DEFAULT-NO-ID'] }),
    user_id: Type.String({
      description: 'The member. Shape: not stated (UNSPEC-MEMBER-USER-ID).',
      'x-unspecified': ['UNSPEC-MEMBER-USER-ID'],
    }),
  },
  { additionalProperties: false },
);

/** Every admin endpoint: an access token is outside every OAuth scope. */
const accessToken403: ErrorCase = {
  status: 403,
  type: null,
  when: 'an access token is presented: administrative endpoints are outside every OAuth scope',
  requirements: ['WS-ADMIN-ACCESS-TOKEN-403'],
};

const common = {
  family: 'workspaces',
  doc: 'federation',
  auth: ['admin_key'],
  scope: null,
  betas: [],
} as const;

/** Unspecified items every workspace administration endpoint shares. */
const SHARED_UNSPEC = [
  'UNSPEC-WS-ADMIN-SUCCESS-STATUS',
  'UNSPEC-WS-ADMIN-ERRORS',
  'UNSPEC-WS-ADMIN-CREDENTIAL-REJECTED',
] as const;

export const endpoints = [
  {
    ...common,
    id: 'organizations.workspaces.create',
    title: 'Create a workspace',
    summary: 'Create a workspace (organization admins only).',
    method: 'POST',
    path: BASE,
    params: {},
    body: { schema: Type.Ref(WorkspaceCreateParams), required: true },
    success: {
      status: 200,
      response: {
        description: 'The workspace is created; the body is not shown.',
        unspecified: 'UNSPEC-WS-CREATE-RESPONSE',
      },
    },
    errors: [accessToken403],
    pagination: { style: 'none' },
    requirements: [
      'WS-ADMIN-CREDENTIAL',
      'WS-CREATE-NAME',
      'WS-CREATE-ORG-ADMIN-ONLY',
      'WS-CAP-100',
      'WS-ADMIN-ACCESS-TOKEN-403',
    ],
    unspecified: [
      ...SHARED_UNSPEC,
      'UNSPEC-WS-CREATE-RESPONSE',
      'UNSPEC-WS-NAME-CONSTRAINTS',
      'UNSPEC-WS-CAP-EXCEEDED',
      'UNSPEC-WS-CAP-DEFAULT-COUNTED',
      'UNSPEC-WS-CREATE-NON-ADMIN',
    ],
  },
  {
    ...common,
    id: 'organizations.workspaces.list',
    title: 'List workspaces',
    summary: 'List workspaces; the Default Workspace is never listed.',
    method: 'GET',
    path: BASE,
    params: { query: Type.Object({ ...WorkspaceListParams.properties }, { additionalProperties: false }) },
    success: {
      status: 200,
      response: {
        description: 'The workspaces; the body is not shown.',
        unspecified: 'UNSPEC-WS-LIST-RESPONSE',
      },
    },
    errors: [accessToken403],
    pagination: { style: 'none' },
    requirements: [
      'WS-ADMIN-CREDENTIAL',
      'WS-LIST-LIMIT-INTEGER',
      'WS-LIST-INCLUDE-ARCHIVED-BOOLEAN',
      'WS-DEFAULT-NOT-LISTED',
      'WS-ADMIN-ACCESS-TOKEN-403',
    ],
    unspecified: [
      ...SHARED_UNSPEC,
      'UNSPEC-WS-LIST-RESPONSE',
      'UNSPEC-WS-LIST-LIMIT',
      'UNSPEC-WS-LIST-INCLUDE-ARCHIVED',
      'UNSPEC-WS-LIST-PAGINATION',
      'UNSPEC-WS-RECORD-FIELDS',
    ],
  },
  {
    ...common,
    id: 'organizations.workspaces.archive',
    title: 'Archive a workspace',
    summary:
      'Archive a workspace: all its API keys are revoked immediately, its history is kept, it leaves the 100-workspace cap; cannot be undone.',
    method: 'POST',
    path: `${BASE}/{workspace_id}/archive`,
    params: { path: workspacePath },
    success: {
      status: 200,
      response: {
        description: 'The workspace is archived; the body is not shown.',
        unspecified: 'UNSPEC-WS-ARCHIVE-RESPONSE',
      },
    },
    errors: [accessToken403],
    pagination: { style: 'none' },
    requirements: [
      'WS-ADMIN-CREDENTIAL',
      'WS-ARCHIVE-NO-BODY',
      'WSARCH-ACTIVE-TO-ARCHIVED',
      'WSARCH-ADMIN-CREDENTIAL',
      'WSARCH-KEYS-REVOKED',
      'WSARCH-HISTORY-PRESERVED',
      'WSARCH-IRREVERSIBLE',
      'WSARCH-CAP-EXCLUDED',
      'WSARCH-CODING-ASSISTANT-SIGNIN',
      'WS-DEFAULT-NO-ARCHIVE',
      'WS-ADMIN-ACCESS-TOKEN-403',
    ],
    unspecified: [
      ...SHARED_UNSPEC,
      'UNSPEC-WS-ARCHIVE-RESPONSE',
      'UNSPEC-WS-ARCHIVE-DEFAULT',
      'UNSPEC-WS-ARCHIVE-ARCHIVED',
      'UNSPEC-WS-REVOKED-KEY-ERROR',
    ],
  },
  {
    ...common,
    id: 'organizations.workspaces.members.create',
    title: 'Add a workspace member',
    summary: 'Add a member to a workspace with a workspace role.',
    method: 'POST',
    path: `${BASE}/{workspace_id}/members`,
    params: { path: workspacePath },
    body: { schema: Type.Ref(WorkspaceMemberCreateParams), required: true },
    success: {
      status: 200,
      response: {
        description: 'The member is added; the body is not shown.',
        unspecified: 'UNSPEC-MEMBER-CREATE-RESPONSE',
      },
    },
    errors: [accessToken403],
    pagination: { style: 'none' },
    requirements: [
      'WS-ADMIN-CREDENTIAL',
      'MEMBER-CREATE-BODY',
      'MEMBER-SHAPE',
      'MEMBER-WIRE-DEVELOPER',
      'MEMBER-WIRE-ADMIN',
      'MEMBER-BILLING-NOT-ASSIGNABLE',
      'MEMBER-EXPLICIT-USER-DEVELOPER',
      'WS-ADMIN-ACCESS-TOKEN-403',
    ],
    unspecified: [
      ...SHARED_UNSPEC,
      'UNSPEC-MEMBER-CREATE-RESPONSE',
      'UNSPEC-MEMBER-USER-ID',
      'UNSPEC-MEMBER-ROLE-WIRE-USER',
      'UNSPEC-MEMBER-ROLE-WIRE-LIMITED-DEVELOPER',
      'UNSPEC-MEMBER-ROLE-WIRE-BILLING',
      'UNSPEC-MEMBER-CHANGE-REJECTED',
      'UNSPEC-MEMBER-ADD-INHERITED',
      'UNSPEC-MEMBER-ADD-EXISTING',
      'UNSPEC-MEMBER-ARCHIVED-WORKSPACE',
    ],
  },
  {
    ...common,
    id: 'organizations.workspaces.members.update',
    title: 'Update a workspace member',
    summary: "Update a member's workspace role.",
    method: 'POST',
    path: `${BASE}/{workspace_id}/members/{user_id}`,
    params: { path: memberPath },
    body: { schema: Type.Ref(WorkspaceMemberUpdateParams), required: true },
    success: {
      status: 200,
      response: {
        description: 'The role is updated; the body is not shown.',
        unspecified: 'UNSPEC-MEMBER-UPDATE-RESPONSE',
      },
    },
    errors: [accessToken403],
    pagination: { style: 'none' },
    requirements: [
      'WS-ADMIN-CREDENTIAL',
      'MEMBER-UPDATE-BODY',
      'MEMBER-NO-ROLE-CHANGE-ORG-ADMIN',
      'MEMBER-NO-ROLE-CHANGE-ORG-BILLING',
      'MEMBER-BILLING-UPGRADE-ADMIN',
      'MEMBER-BILLING-NOT-ASSIGNABLE',
      'WS-ADMIN-ACCESS-TOKEN-403',
    ],
    unspecified: [
      ...SHARED_UNSPEC,
      'UNSPEC-MEMBER-UPDATE-RESPONSE',
      'UNSPEC-MEMBER-USER-ID',
      'UNSPEC-MEMBER-CHANGE-REJECTED',
      'UNSPEC-MEMBER-NOT-A-MEMBER',
      'UNSPEC-MEMBER-UPDATE-SAME-ROLE',
      'UNSPEC-MEMBER-ARCHIVED-WORKSPACE',
    ],
  },
  {
    ...common,
    id: 'organizations.workspaces.members.delete',
    title: 'Remove a workspace member',
    summary: 'Remove a member from a workspace.',
    method: 'DELETE',
    path: `${BASE}/{workspace_id}/members/{user_id}`,
    params: { path: memberPath },
    success: {
      status: 200,
      response: {
        description: 'The member is removed; the body is not shown.',
        unspecified: 'UNSPEC-MEMBER-DELETE-RESPONSE',
      },
    },
    errors: [accessToken403],
    pagination: { style: 'none' },
    requirements: [
      'WS-ADMIN-CREDENTIAL',
      'MEMBER-DELETE-NO-BODY',
      'MEMBER-NO-REMOVE-ORG-ADMIN',
      'MEMBER-NO-REMOVE-ORG-BILLING',
      'WS-CA-KEY-STOPS-ON-LEAVE',
      'WS-ADMIN-ACCESS-TOKEN-403',
    ],
    unspecified: [
      ...SHARED_UNSPEC,
      'UNSPEC-MEMBER-DELETE-RESPONSE',
      'UNSPEC-MEMBER-USER-ID',
      'UNSPEC-MEMBER-CHANGE-REJECTED',
      'UNSPEC-MEMBER-NOT-A-MEMBER',
      'UNSPEC-MEMBER-ARCHIVED-WORKSPACE',
      'UNSPEC-WS-REVOKED-KEY-ERROR',
    ],
  },
] as const satisfies readonly Endpoint[];

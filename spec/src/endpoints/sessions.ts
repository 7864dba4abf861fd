/**
 * Session creation and the session-resource operations (document 001, "Endpoints > Session
 * resources"). HTTP errors of these operations are not shown: every failure status is recorded as
 * unspecified (UNSPEC-SRES-ERRORS, UNSPEC-SESS-CREATE-ERRORS) instead of listed here.
 */
import { Type } from '@sinclair/typebox';
import {
  FileSessionResource,
  GitHostRepositorySessionResource,
  SessionCreateParams,
  SessionResource,
  SessionResourceCreateParams,
  SessionResourceDeleted,
  SessionResourceList,
  SessionResourceListParams,
  SessionResourceUpdateParams,
} from '../resources/sessions.js';
import type { Endpoint } from '../types.js';

/** The beta identifier session resources require. */
export const MANAGED_AGENTS_BETA = 'managed-agents-2026-04-01';

const AUTH = ['workspace_key', 'access_token'] as const;
const COMMON_REQUIREMENTS = ['SRES-AUTH-CREDENTIALS', 'SRES-AUTH-SCOPE'];
const RESOURCE_REQUIREMENTS = [...COMMON_REQUIREMENTS, 'SRES-BETA-HEADER'];
const RESOURCE_UNSPECIFIED = ['UNSPEC-SRES-SUCCESS-STATUS', 'UNSPEC-SRES-ERRORS', 'UNSPEC-SESS-ID-SHAPES'];

const sessionPath = Type.Object({
  session_id: Type.String({ description: 'Session identifier; shape not shown (UNSPEC-SESS-ID-SHAPES).' }),
});
const resourcePath = Type.Object({
  session_id: Type.String({ description: 'Session identifier; shape not shown (UNSPEC-SESS-ID-SHAPES).' }),
  resource_id: Type.String({
    description:
      'A `sesrsc_` identifier, or for a memory-store resource its `memory_store_id` (UNSPEC-SRES-MEMSTORE-ADDRESSING).',
  }),
});

export const endpoints = [
  {
    id: 'sessions.create',
    family: 'sessions',
    title: 'Create a session',
    summary: 'Create a managed-agent session, attaching resources such as a memory store.',
    doc: 'messages',
    method: 'POST',
    path: '/v1/sessions',
    params: {},
    body: { schema: Type.Ref(SessionCreateParams), required: true },
    success: {
      status: 200,
      response: {
        description: 'The created session; its body is not shown.',
        unspecified: 'UNSPEC-SESS-CREATE-RESPONSE',
      },
    },
    errors: [],
    auth: AUTH,
    scope: 'workspace:developer',
    betas: [MANAGED_AGENTS_BETA],
    pagination: { style: 'none' },
    requirements: [
      ...COMMON_REQUIREMENTS,
      'SESS-CREATE-ROUTE',
      'SESS-CREATE-AGENT',
      'SESS-CREATE-ENVIRONMENT',
      'SESS-CREATE-RESOURCES',
      'SESS-CREATE-MEMSTORE-ITEM',
      'MEMSTORE-OWNER-ORGANIZATION',
      'MEMSTORE-OWNER-WORKSPACE',
      'MEMSTORE-OUTPUT-ATTACH',
      'SRES-MEMSTORE-DESCRIPTION-COPIED',
      'SRES-MEMSTORE-DESCRIPTION-EMPTY',
      'SRES-MEMSTORE-NAME-COPIED',
    ],
    unspecified: [
      'UNSPEC-SESS-CREATE-BETA',
      'UNSPEC-SESS-CREATE-FIELDS',
      'UNSPEC-SESS-CREATE-REQUIRED',
      'UNSPEC-SESS-CREATE-RESOURCE-KINDS',
      'UNSPEC-SESS-CREATE-RESPONSE',
      'UNSPEC-SESS-CREATE-STATUS',
      'UNSPEC-SESS-CREATE-ERRORS',
      'UNSPEC-SESS-ID-SHAPES',
      'UNSPEC-SESS-RECORD-FIELDS',
    ],
  },
  {
    id: 'sessions.resources.create',
    family: 'sessions',
    title: 'Add a session resource',
    summary: 'Add a file resource to a session.',
    doc: 'messages',
    method: 'POST',
    path: '/v1/sessions/{session_id}/resources',
    params: { path: sessionPath },
    body: { schema: Type.Ref(SessionResourceCreateParams), required: true },
    success: {
      status: 200,
      response: { description: 'The `file` resource.', schema: Type.Ref(FileSessionResource) },
    },
    errors: [],
    auth: AUTH,
    scope: 'workspace:developer',
    betas: [MANAGED_AGENTS_BETA],
    pagination: { style: 'none' },
    requirements: [
      ...RESOURCE_REQUIREMENTS,
      'SRES-CREATE-FILE-BODY',
      'SRES-CREATE-FILE-UPLOADED',
      'SRES-CREATE-DEFAULT-MOUNT-PATH',
      'SRES-CREATE-CUSTOM-MOUNT-PATH',
      'SRES-CREATE-RETURNS-FILE',
      'SRES-FILE-FIELDS',
      'SRES-ID-PREFIX',
      'SRES-TIMESTAMPS',
    ],
    unspecified: [...RESOURCE_UNSPECIFIED, 'UNSPEC-SRES-CREATE-OTHER-KINDS', 'UNSPEC-SRES-MOUNT-PATH-RULES'],
  },
  {
    id: 'sessions.resources.list',
    family: 'sessions',
    title: 'List session resources',
    summary: 'List the resources of a session, ordered by creation time.',
    doc: 'messages',
    method: 'GET',
    path: '/v1/sessions/{session_id}/resources',
    params: { path: sessionPath, query: SessionResourceListParams },
    success: {
      status: 200,
      response: { description: 'One page of resources of any kind.', schema: Type.Ref(SessionResourceList) },
    },
    errors: [],
    auth: AUTH,
    scope: 'workspace:developer',
    betas: [MANAGED_AGENTS_BETA],
    pagination: {
      style: 'page',
      cursorParam: 'page',
      nextField: 'next_page',
      dataField: 'data',
      limitParam: 'limit',
    },
    requirements: [
      ...RESOURCE_REQUIREMENTS,
      'SRES-LIST-LIMIT-MAX',
      'SRES-LIST-LIMIT-OMITTED-ALL',
      'SRES-LIST-PAGE-CURSOR',
      'SRES-LIST-ENVELOPE',
      'SRES-LIST-NEXT-PAGE-NULL',
      'SRES-LIST-ORDER-CREATED-AT',
      'SRES-KIND-DISCRIMINATOR',
    ],
    unspecified: [...RESOURCE_UNSPECIFIED, 'UNSPEC-SRES-LIMIT-MIN', 'UNSPEC-SRES-LIST-ORDER-DIRECTION'],
  },
  {
    id: 'sessions.resources.retrieve',
    family: 'sessions',
    title: 'Retrieve a session resource',
    summary: 'Retrieve one resource of a session.',
    doc: 'messages',
    method: 'GET',
    path: '/v1/sessions/{session_id}/resources/{resource_id}',
    params: { path: resourcePath },
    success: {
      status: 200,
      response: { description: 'One resource of any kind.', schema: Type.Ref(SessionResource) },
    },
    errors: [],
    auth: AUTH,
    scope: 'workspace:developer',
    betas: [MANAGED_AGENTS_BETA],
    pagination: { style: 'none' },
    requirements: [
      ...RESOURCE_REQUIREMENTS,
      'SRES-RETRIEVE-ANY-KIND',
      'SRES-KIND-DISCRIMINATOR',
      'SRES-MEMSTORE-NO-ID',
    ],
    unspecified: [...RESOURCE_UNSPECIFIED, 'UNSPEC-SRES-MEMSTORE-ADDRESSING'],
  },
  {
    id: 'sessions.resources.update',
    family: 'sessions',
    title: 'Update a session resource',
    summary: 'Rotate the authorization token of a repository resource.',
    doc: 'messages',
    method: 'POST',
    path: '/v1/sessions/{session_id}/resources/{resource_id}',
    params: { path: resourcePath },
    body: { schema: Type.Ref(SessionResourceUpdateParams), required: true },
    success: {
      status: 200,
      response: {
        description:
          'The updated resource: a `git_host_repository` resource, the only kind that supports rotation.',
        schema: Type.Ref(GitHostRepositorySessionResource),
      },
    },
    errors: [],
    auth: AUTH,
    scope: 'workspace:developer',
    betas: [MANAGED_AGENTS_BETA],
    pagination: { style: 'none' },
    requirements: [
      ...RESOURCE_REQUIREMENTS,
      'SRES-UPDATE-BODY',
      'SRES-UPDATE-ROTATION-REPO-ONLY',
      'SRES-UPDATE-RETURNS-UPDATED',
    ],
    unspecified: [
      ...RESOURCE_UNSPECIFIED,
      'UNSPEC-SRES-UPDATE-TOKEN-ECHO',
      'UNSPEC-SRES-MEMSTORE-ADDRESSING',
    ],
  },
  {
    id: 'sessions.resources.delete',
    family: 'sessions',
    title: 'Delete a session resource',
    summary: 'Remove a resource from a session.',
    doc: 'messages',
    method: 'DELETE',
    path: '/v1/sessions/{session_id}/resources/{resource_id}',
    params: { path: resourcePath },
    success: {
      status: 200,
      response: { description: 'The deletion confirmation.', schema: Type.Ref(SessionResourceDeleted) },
    },
    errors: [],
    auth: AUTH,
    scope: 'workspace:developer',
    betas: [MANAGED_AGENTS_BETA],
    pagination: { style: 'none' },
    requirements: [...RESOURCE_REQUIREMENTS, 'SRES-DELETE-CONFIRMATION', 'SRES-DELETED-SHAPE'],
    unspecified: [...RESOURCE_UNSPECIFIED, 'UNSPEC-SRES-MEMSTORE-ADDRESSING'],
  },
] as const satisfies readonly Endpoint[];

/**
 * The dream operations (document 001, "Endpoints > Dreams"). Their effect on a dream's state is
 * the `dreams` machine; the error cases below are its HTTP 400 rows.
 */
import { Type } from '@sinclair/typebox';
import { Dream, DreamCreateParams, DreamId, DreamListParams } from '../resources/dreams.js';
import type { Endpoint } from '../types.js';

/** The beta identifiers every dream operation requires (comma-separated in the beta header). */
export const DREAM_BETAS = ['managed-agents-2026-04-01', 'dreaming-2026-04-21'] as const;

const AUTH = ['workspace_key', 'access_token'] as const;
const COMMON_REQUIREMENTS = ['DREAM-BETA-HEADERS', 'DREAM-AUTH-CREDENTIALS', 'DREAM-RESEARCH-PREVIEW'];
const COMMON_UNSPECIFIED = [
  'UNSPEC-DREAM-SUCCESS-STATUS',
  'UNSPEC-DREAM-PREVIEW-ACCESS',
  'UNSPEC-DREAM-RATE-LIMITS',
];

const dreamPath = Type.Object({ dream_id: Type.Ref(DreamId) });

export const endpoints = [
  {
    id: 'dreams.create',
    family: 'dreams',
    title: 'Create a dream',
    summary: 'Start a dream over one memory store and 1 to 100 past sessions.',
    doc: 'messages',
    method: 'POST',
    path: '/v1/dreams',
    params: {},
    body: { schema: Type.Ref(DreamCreateParams), required: true },
    success: {
      status: 200,
      response: { description: 'The full dream object, with `status` `pending`.', schema: Type.Ref(Dream) },
    },
    errors: [],
    auth: AUTH,
    scope: 'workspace:developer',
    betas: DREAM_BETAS,
    pagination: { style: 'none' },
    requirements: [
      ...COMMON_REQUIREMENTS,
      'DREAM-CREATE-INPUTS-REQUIRED',
      'DREAM-CREATE-ONE-MEMORY-STORE-INPUT',
      'DREAM-CREATE-ONE-SESSIONS-INPUT',
      'DREAM-CREATE-SESSION-IDS-MIN',
      'DREAM-CREATE-SESSION-IDS-MAX',
      'DREAM-CREATE-MODEL-ALLOWED',
      'DREAM-CREATE-INSTRUCTIONS-OPTIONAL',
      'DREAM-CREATE-INSTRUCTIONS-MAX',
      'DREAM-CREATE-RETURNS-PENDING',
      'DREAM-CREATE-EMPTY-STORE-FOR-TRANSCRIPTS',
      'DREAM-INPUTS-AS-SENT',
      'DREAM-INSTRUCTIONS-AS-SENT',
      'DREAM-OUTPUTS-EMPTY-AT-CREATION',
      'DREAM-SESSION-ID-NULL-AT-CREATION',
      'DREAM-USAGE-ZERO-AT-CREATION',
      'DREAM-BILLING-STANDARD-RATES',
      'MEMSTORE-INPUT-NEVER-MODIFIED',
    ],
    unspecified: [
      ...COMMON_UNSPECIFIED,
      'UNSPEC-DREAM-VALIDATION-ERRORS',
      'UNSPEC-DREAM-INPUT-OWNERSHIP',
      'UNSPEC-DREAM-SESSION-IDS-SHAPE',
      'UNSPEC-DREAM-INSTRUCTIONS-OMITTED',
      'UNSPEC-DREAM-MODEL-ID-ECHO',
    ],
  },
  {
    id: 'dreams.retrieve',
    family: 'dreams',
    title: 'Retrieve a dream',
    summary: 'Retrieve a dream (archived ones included); poll it until it is neither pending nor running.',
    doc: 'messages',
    method: 'GET',
    path: '/v1/dreams/{dream_id}',
    params: { path: dreamPath },
    success: { status: 200, response: { description: 'The dream object.', schema: Type.Ref(Dream) } },
    errors: [],
    auth: AUTH,
    scope: 'workspace:developer',
    betas: DREAM_BETAS,
    pagination: { style: 'none' },
    requirements: [
      ...COMMON_REQUIREMENTS,
      'DREAM-RETRIEVE',
      'DREAM-RETRIEVE-ARCHIVED',
      'DREAM-POLL-UNTIL-SETTLED',
      'DREAM-TYPICAL-DURATION',
      'DREAM-EVENTS-STREAMABLE',
      'DREAM-PIPELINE-SESSION-READABLE',
    ],
    unspecified: [...COMMON_UNSPECIFIED, 'UNSPEC-DREAM-NOT-FOUND', 'UNSPEC-DREAM-EVENTS'],
  },
  {
    id: 'dreams.cancel',
    family: 'dreams',
    title: 'Cancel a dream',
    summary: 'Cancel a pending or running dream; a no-op on a canceled one.',
    doc: 'messages',
    method: 'POST',
    path: '/v1/dreams/{dream_id}/cancel',
    params: { path: dreamPath },
    success: {
      status: 200,
      response: {
        description: 'The dream is (or stays) canceled; the body is not shown.',
        unspecified: 'UNSPEC-DREAM-CANCEL-RESPONSE',
      },
    },
    errors: [
      {
        status: 400,
        type: null,
        when: 'the dream is `completed`',
        requirements: ['DREAM-CANCEL-COMPLETED-400'],
      },
      {
        status: 400,
        type: null,
        when: 'the dream is `failed`',
        requirements: ['DREAM-CANCEL-FAILED-400'],
      },
    ],
    auth: AUTH,
    scope: 'workspace:developer',
    betas: DREAM_BETAS,
    pagination: { style: 'none' },
    requirements: [
      ...COMMON_REQUIREMENTS,
      'DREAM-CANCEL-ACTIVE',
      'DREAM-CANCEL-LEAVES-OUTPUT',
      'DREAM-CANCEL-CANCELED-NOOP',
      'DREAM-CANCEL-COMPLETED-400',
      'DREAM-CANCEL-FAILED-400',
      'DREAM-PIPELINE-SESSION-ARCHIVED',
      'DREAM-PIPELINE-SESSION-READABLE',
    ],
    unspecified: [
      ...COMMON_UNSPECIFIED,
      'UNSPEC-DREAM-CANCEL-RESPONSE',
      'UNSPEC-DREAM-400-ERROR-TYPE',
      'UNSPEC-DREAM-NOT-FOUND',
    ],
  },
  {
    id: 'dreams.archive',
    family: 'dreams',
    title: 'Archive a dream',
    summary: 'Archive a completed, failed or canceled dream; a no-op on an archived one.',
    doc: 'messages',
    method: 'POST',
    path: '/v1/dreams/{dream_id}/archive',
    params: { path: dreamPath },
    success: {
      status: 200,
      response: {
        description: 'The dream is (or stays) archived; the body is not shown.',
        unspecified: 'UNSPEC-DREAM-ARCHIVE-RESPONSE',
      },
    },
    errors: [
      {
        status: 400,
        type: null,
        when: 'the dream is `pending` (cancel first)',
        requirements: ['DREAM-ARCHIVE-PENDING-400'],
      },
      {
        status: 400,
        type: null,
        when: 'the dream is `running` (cancel first)',
        requirements: ['DREAM-ARCHIVE-RUNNING-400'],
      },
    ],
    auth: AUTH,
    scope: 'workspace:developer',
    betas: DREAM_BETAS,
    pagination: { style: 'none' },
    requirements: [
      ...COMMON_REQUIREMENTS,
      'DREAM-ARCHIVE-TERMINAL',
      'DREAM-ARCHIVE-EXCLUDED-FROM-LIST',
      'DREAM-ARCHIVE-NO-UNARCHIVE',
      'DREAM-ARCHIVE-ARCHIVED-NOOP',
      'DREAM-ARCHIVE-PENDING-400',
      'DREAM-ARCHIVE-RUNNING-400',
      'DREAM-ARCHIVE-KEEPS-OUTPUT-STORE',
      'DREAM-ARCHIVED-AT-NULL-UNTIL-ARCHIVED',
    ],
    unspecified: [
      ...COMMON_UNSPECIFIED,
      'UNSPEC-DREAM-ARCHIVE-RESPONSE',
      'UNSPEC-DREAM-400-ERROR-TYPE',
      'UNSPEC-DREAM-NOT-FOUND',
    ],
  },
  {
    id: 'dreams.list',
    family: 'dreams',
    title: 'List dreams',
    summary:
      'List the non-archived dreams of the workspace, newest first (`include_archived` adds archived ones).',
    doc: 'messages',
    method: 'GET',
    path: '/v1/dreams',
    params: { query: DreamListParams },
    success: {
      status: 200,
      response: {
        description: 'A page of dreams; the envelope is not shown.',
        unspecified: 'UNSPEC-DREAM-LIST-ENVELOPE',
      },
    },
    errors: [],
    auth: AUTH,
    scope: 'workspace:developer',
    betas: DREAM_BETAS,
    pagination: { style: 'page-unspecified-envelope', cursorParam: 'page', limitParam: 'limit' },
    requirements: [
      ...COMMON_REQUIREMENTS,
      'DREAM-LIST-DEFAULT-NON-ARCHIVED',
      'DREAM-LIST-INCLUDE-ARCHIVED',
      'DREAM-LIST-WORKSPACE',
      'DREAM-LIST-NEWEST-FIRST',
      'DREAM-LIST-LIMIT-DEFAULT',
      'DREAM-LIST-LIMIT-MAX',
      'DREAM-LIST-PAGE-CURSOR',
      'DREAM-ARCHIVE-EXCLUDED-FROM-LIST',
    ],
    unspecified: [
      ...COMMON_UNSPECIFIED,
      'UNSPEC-DREAM-LIST-ENVELOPE',
      'UNSPEC-DREAM-LIST-LIMIT-MIN',
      'UNSPEC-DREAM-LIST-ORDER-TIES',
      'UNSPEC-DREAM-VALIDATION-ERRORS',
    ],
  },
] as const satisfies readonly Endpoint[];

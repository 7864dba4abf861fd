/**
 * Dreams: asynchronous jobs that read one memory store and up to 100 past sessions and write a
 * new, reorganized memory store. Document 001, "Resources and their fields > Dream",
 * "Endpoints > Dreams", "Errors > Dream error.type values" and the dream rows of "Limits".
 */
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { Nullable, prefixedId, Timestamp, unshown } from './common.js';
import { MemoryStoreId } from './sessions.js';
import { DreamModelRef } from './vendor-names.js';

/** Adds the `x-requirements` annotation to a schema. */
const cites = <T extends TSchema>(schema: T, ids: readonly string[]): T =>
  Object.assign(schema, { 'x-requirements': [...ids] });

/** Dream identifier: `drm_` followed by an opaque string. */
export const DreamId = cites(prefixedId('drm_', { $id: 'DreamId' }), ['DREAM-ID-PREFIX']);
export type DreamId = Static<typeof DreamId>;

/** The five statuses of a dream, in lifecycle order. */
export const DREAM_STATUSES = ['pending', 'running', 'completed', 'failed', 'canceled'] as const;

/** Status of a dream. */
export const DreamStatus = Type.Union(
  DREAM_STATUSES.map((s) => Type.Literal(s)),
  { $id: 'DreamStatus', 'x-requirements': ['DREAM-STATUS-VALUES'] },
);
export type DreamStatus = (typeof DREAM_STATUSES)[number];

/** Most session ids in the `sessions` input of a dream. */
export const DREAM_SESSION_IDS_MAX = 100;
/** Fewest session ids in the `sessions` input of a dream. */
export const DREAM_SESSION_IDS_MIN = 1;
/** Most characters of the `instructions` of a dream. */
export const DREAM_INSTRUCTIONS_MAX = 4096;

/** The memory-store input of a dream (read, never modified). */
export const DreamMemoryStoreInput = Type.Object(
  { type: Type.Literal('memory_store'), memory_store_id: Type.Ref(MemoryStoreId) },
  {
    $id: 'DreamMemoryStoreInput',
    additionalProperties: false,
    'x-requirements': ['DREAM-CREATE-ONE-MEMORY-STORE-INPUT', 'MEMSTORE-INPUT-NEVER-MODIFIED'],
  },
);
export type DreamMemoryStoreInput = Static<typeof DreamMemoryStoreInput>;

/** The sessions input of a dream: 1 to 100 past sessions. */
export const DreamSessionsInput = Type.Object(
  {
    type: Type.Literal('sessions'),
    session_ids: Type.Array(
      Type.String({ description: 'Session identifier; shape not stated (UNSPEC-DREAM-SESSION-IDS-SHAPE).' }),
      {
        minItems: DREAM_SESSION_IDS_MIN,
        maxItems: DREAM_SESSION_IDS_MAX,
        'x-requirements': ['DREAM-CREATE-SESSION-IDS-MIN', 'DREAM-CREATE-SESSION-IDS-MAX'],
      },
    ),
  },
  {
    $id: 'DreamSessionsInput',
    additionalProperties: false,
    'x-requirements': ['DREAM-CREATE-ONE-SESSIONS-INPUT'],
  },
);
export type DreamSessionsInput = Static<typeof DreamSessionsInput>;

/** An input of a dream, told apart by `type`. */
export const DreamInput = Type.Union([Type.Ref(DreamMemoryStoreInput), Type.Ref(DreamSessionsInput)], {
  $id: 'DreamInput',
});
export type DreamInput = Static<typeof DreamInput>;

/** JSON Schema matching an object whose `type` is the given constant. */
const typeIs = (type: string) => ({
  type: 'object',
  properties: { type: { const: type } },
  required: ['type'],
});

/**
 * The `inputs` array: exactly one memory-store input and exactly one sessions input, in any order
 * (`contains` with `minContains`/`maxContains` 1 for each kind).
 */
const dreamInputs = (description: string, requirements: readonly string[]) =>
  Type.Array(Type.Ref(DreamInput), {
    minItems: 2,
    maxItems: 2,
    allOf: [
      { contains: typeIs('memory_store'), minContains: 1, maxContains: 1 },
      { contains: typeIs('sessions'), minContains: 1, maxContains: 1 },
    ],
    description,
    'x-requirements': [...requirements],
  });

/** An output of a dream: the memory store it writes. */
export const DreamOutput = Type.Object(
  { type: Type.Literal('memory_store'), memory_store_id: Type.Ref(MemoryStoreId) },
  {
    $id: 'DreamOutput',
    additionalProperties: false,
    description: 'The output store: an ordinary memory store in the workspace.',
    'x-requirements': ['DREAM-OUTPUTS-WHEN-RUNNING', 'MEMSTORE-OUTPUT-ORDINARY'],
  },
);
export type DreamOutput = Static<typeof DreamOutput>;

/** Token usage of a dream: all 0 at creation, updated while running. */
export const DreamUsage = Type.Object(
  {
    input_tokens: Type.Integer(),
    output_tokens: Type.Integer(),
    cache_creation_input_tokens: Type.Integer(),
    cache_read_input_tokens: Type.Integer(),
  },
  {
    $id: 'DreamUsage',
    additionalProperties: false,
    description: 'Exact token totals; dreams are billed at standard rates for the chosen model.',
    'x-requirements': [
      'DREAM-USAGE-FIELDS',
      'DREAM-USAGE-ZERO-AT-CREATION',
      'DREAM-USAGE-UPDATED-WHILE-RUNNING',
      'DREAM-BILLING-STANDARD-RATES',
    ],
  },
);
export type DreamUsage = Static<typeof DreamUsage>;

/** The `error.type` values the documents name, with their conditions (the list is non-exhaustive). */
export const DREAM_ERROR_TYPES = {
  timeout: 'pipeline exceeded its runtime budget',
  internal_error: 'unclassified pipeline failure',
  memory_store_org_limit_exceeded:
    'organization reached its memory-store cap while working storage was being provisioned',
  input_memory_store_too_large: "input store exceeds the pipeline's size limit",
  input_memory_store_unavailable: 'input store archived or deleted after creation',
  input_session_unavailable: 'an input session archived or deleted after creation',
} as const;
export type KnownDreamErrorType = keyof typeof DREAM_ERROR_TYPES;

/** Why a dream failed. */
export const DreamError = Type.Object(
  {
    type: Type.String({
      description: `Failure type. Known values (non-exhaustive): ${Object.keys(DREAM_ERROR_TYPES)
        .map((t) => `\`${t}\``)
        .join(', ')}.`,
      examples: Object.keys(DREAM_ERROR_TYPES),
      'x-requirements': [
        'DREAM-ERROR-TYPES-OPEN',
        'DREAM-ERROR-TIMEOUT',
        'DREAM-ERROR-INTERNAL',
        'DREAM-ERROR-ORG-LIMIT',
        'DREAM-ERROR-INPUT-TOO-LARGE',
        'DREAM-ERROR-INPUT-STORE-UNAVAILABLE',
        'DREAM-ERROR-INPUT-SESSION-UNAVAILABLE',
      ],
    }),
  },
  {
    $id: 'DreamError',
    description: 'Fields beyond `type` are not shown (UNSPEC-DREAM-ERROR-FIELDS).',
    'x-requirements': ['DREAM-ERROR-TYPE-ON-FAILURE'],
  },
);
export type DreamError = Static<typeof DreamError>;

/** A dream. */
export const Dream = Type.Object(
  {
    type: Type.Literal('dream', { 'x-requirements': ['DREAM-TYPE'] }),
    id: Type.Ref(DreamId),
    status: Type.Ref(DreamStatus),
    inputs: dreamInputs('The inputs as sent.', ['DREAM-INPUTS-AS-SENT']),
    outputs: Type.Array(Type.Ref(DreamOutput), {
      description: 'Empty at creation; holds the output store once the dream is running.',
      'x-requirements': ['DREAM-OUTPUTS-EMPTY-AT-CREATION', 'DREAM-OUTPUTS-WHEN-RUNNING'],
    }),
    model: Type.Object(
      {
        id: Type.String({
          description: 'The model, as returned (UNSPEC-DREAM-MODEL-ID-ECHO).',
        }),
      },
      {
        additionalProperties: false,
        'x-requirements': ['DREAM-MODEL-OBJECT'],
        // Generators name an inline object after its parent and its title: without one,
        // openapi-python-client names it `DreamModel`, which the model enum already is.
        title: 'Model object',
      },
    ),
    instructions: unshown(
      'UNSPEC-DREAM-INSTRUCTIONS-OMITTED',
      Type.String({
        maxLength: DREAM_INSTRUCTIONS_MAX,
        description:
          'As sent; the value when none was sent is not shown (UNSPEC-DREAM-INSTRUCTIONS-OMITTED).',
        'x-requirements': ['DREAM-INSTRUCTIONS-AS-SENT'],
      }),
    ),
    session_id: cites(Nullable(Type.String({ description: 'The session executing the pipeline.' })), [
      'DREAM-SESSION-ID-NULL-AT-CREATION',
      'DREAM-SESSION-ID-WHEN-RUNNING',
    ]),
    created_at: Type.Ref(Timestamp, { 'x-requirements': ['DREAM-CREATED-AT'] }),
    ended_at: cites(Nullable(Type.Ref(Timestamp)), ['DREAM-ENDED-AT-NULL-UNTIL-TERMINAL']),
    archived_at: cites(Nullable(Type.Ref(Timestamp)), ['DREAM-ARCHIVED-AT-NULL-UNTIL-ARCHIVED']),
    usage: Type.Ref(DreamUsage),
    error: cites(Nullable(Type.Ref(DreamError)), [
      'DREAM-ERROR-NULL-UNLESS-FAILED',
      'DREAM-ERROR-TYPE-ON-FAILURE',
    ]),
  },
  { $id: 'Dream', additionalProperties: false, description: 'A dream (asynchronous memory curation).' },
);
export type Dream = Static<typeof Dream>;

/** Body of POST /v1/dreams. */
export const DreamCreateParams = Type.Object(
  {
    inputs: dreamInputs(
      'Exactly one `memory_store` input and exactly one `sessions` input (1 to 100 session ids). A dream over transcripts only needs an empty memory store created first.',
      [
        'DREAM-CREATE-INPUTS-REQUIRED',
        'DREAM-CREATE-ONE-MEMORY-STORE-INPUT',
        'DREAM-CREATE-ONE-SESSIONS-INPUT',
        'DREAM-CREATE-EMPTY-STORE-FOR-TRANSCRIPTS',
      ],
    ),
    model: DreamModelRef,
    instructions: Type.Optional(
      Type.String({
        maxLength: DREAM_INSTRUCTIONS_MAX,
        'x-requirements': ['DREAM-CREATE-INSTRUCTIONS-OPTIONAL', 'DREAM-CREATE-INSTRUCTIONS-MAX'],
      }),
    ),
  },
  {
    $id: 'DreamCreateParams',
    additionalProperties: false,
    description: '`model` is one of the dream models (`DreamModel`).',
    'x-requirements': ['DREAM-CREATE-MODEL-ALLOWED'],
  },
);
export type DreamCreateParams = Static<typeof DreamCreateParams>;

/** Default and most dreams per page of the dream list. */
export const DREAM_LIST_LIMIT_DEFAULT = 20;
export const DREAM_LIST_LIMIT_MAX = 100;

/** Query of GET /v1/dreams. */
export const DreamListParams = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: DREAM_LIST_LIMIT_MAX,
        'x-choice': { minimum: 'UNSPEC-DREAM-LIST-LIMIT-MIN' },
        default: DREAM_LIST_LIMIT_DEFAULT,
        description: 'Default 20, at most 100. The minimum is not stated (UNSPEC-DREAM-LIST-LIMIT-MIN).',
        'x-requirements': ['DREAM-LIST-LIMIT-DEFAULT', 'DREAM-LIST-LIMIT-MAX'],
      }),
    ),
    page: Type.Optional(
      Type.String({ description: 'Cursor.', 'x-requirements': ['DREAM-LIST-PAGE-CURSOR'] }),
    ),
    include_archived: Type.Optional(
      Type.Boolean({
        default: false,
        description: '`true` adds archived dreams to the non-archived ones.',
        'x-requirements': ['DREAM-LIST-DEFAULT-NON-ARCHIVED', 'DREAM-LIST-INCLUDE-ARCHIVED'],
      }),
    ),
  },
  {
    $id: 'DreamListParams',
    additionalProperties: false,
    description:
      'Lists the dreams of the workspace, newest first. The response envelope is not shown (UNSPEC-DREAM-LIST-ENVELOPE).',
    'x-requirements': ['DREAM-LIST-WORKSPACE', 'DREAM-LIST-NEWEST-FIRST'],
  },
);
export type DreamListParams = Static<typeof DreamListParams>;

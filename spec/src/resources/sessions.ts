/**
 * Session resources (the files, code repositories and memory stores mounted into a managed-agent
 * session) and the session-creation body used to attach a memory store. Document 001,
 * "Resources and their fields > Session resources" and "Endpoints > Session resources".
 */
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { Nullable, prefixedId, StringExcept, Timestamp } from './common.js';

/** Adds the `x-requirements` annotation to a schema. */
const cites = <T extends TSchema>(schema: T, ids: readonly string[]): T =>
  Object.assign(schema, { 'x-requirements': [...ids] });

/** Identifier of a file or repository session resource: `sesrsc_` followed by an opaque string. */
export const SessionResourceId = cites(prefixedId('sesrsc_', { $id: 'SessionResourceId' }), [
  'SRES-ID-PREFIX',
]);
export type SessionResourceId = Static<typeof SessionResourceId>;

/** Identifier of a memory store: `memstore_` followed by an opaque string. */
export const MemoryStoreId = cites(prefixedId('memstore_', { $id: 'MemoryStoreId' }), [
  'SRES-MEMSTORE-ID-PREFIX',
]);
export type MemoryStoreId = Static<typeof MemoryStoreId>;

/** Access of a memory-store attachment. */
export const MemoryStoreAccess = Type.Union([Type.Literal('read_write'), Type.Literal('read_only')], {
  $id: 'MemoryStoreAccess',
  description:
    'Access of a memory-store attachment. The value used when none is given is not stated (UNSPEC-SRES-MEMSTORE-ACCESS-DEFAULT).',
  'x-requirements': ['SRES-MEMSTORE-ACCESS-VALUES'],
});
export type MemoryStoreAccess = Static<typeof MemoryStoreAccess>;

const timestamps = {
  created_at: Type.Ref(Timestamp),
  updated_at: Type.Ref(Timestamp),
};

/** An uploaded file mounted into the session. */
export const FileSessionResource = Type.Object(
  {
    id: Type.Ref(SessionResourceId),
    file_id: Type.String({
      description: 'A previously uploaded file. Its shape is not shown (UNSPEC-SESS-ID-SHAPES).',
      'x-requirements': ['SRES-CREATE-FILE-UPLOADED'],
    }),
    mount_path: Type.String({
      description:
        'Where the file is mounted; `/mnt/session/uploads/<file_id>` unless another path was given at creation.',
      'x-requirements': ['SRES-CREATE-DEFAULT-MOUNT-PATH', 'SRES-CREATE-CUSTOM-MOUNT-PATH'],
    }),
    type: Type.Literal('file'),
    ...timestamps,
  },
  {
    $id: 'FileSessionResource',
    additionalProperties: false,
    description: 'A `file` session resource.',
    'x-requirements': ['SRES-FILE-FIELDS', 'SRES-TIMESTAMPS'],
  },
);
export type FileSessionResource = Static<typeof FileSessionResource>;

/** Checkout of a branch. */
export const GitHostRepositoryBranchCheckout = Type.Object(
  { type: Type.Literal('branch'), name: Type.String() },
  {
    $id: 'GitHostRepositoryBranchCheckout',
    additionalProperties: false,
    'x-requirements': ['SRES-REPO-CHECKOUT-BRANCH'],
  },
);
export type GitHostRepositoryBranchCheckout = Static<typeof GitHostRepositoryBranchCheckout>;

/** Pattern of a full commit hash: 40 hex digits (SHA-1) or 64 (SHA-256), either case. */
export const FULL_COMMIT_HASH_PATTERN = '^(?:[0-9a-fA-F]{40}|[0-9a-fA-F]{64})$';

/** Checkout of a commit, by full commit hash. */
export const GitHostRepositoryCommitCheckout = Type.Object(
  {
    type: Type.Literal('commit'),
    sha: Type.String({
      pattern: FULL_COMMIT_HASH_PATTERN,
      description:
        'Full commit hash: 40 hexadecimal digits for SHA-1 repositories, 64 for SHA-256 ones; abbreviations are not full hashes (UNSPEC-SRES-REPO-SHA-FORMAT).',
    }),
  },
  {
    $id: 'GitHostRepositoryCommitCheckout',
    additionalProperties: false,
    'x-requirements': ['SRES-REPO-CHECKOUT-COMMIT'],
  },
);
export type GitHostRepositoryCommitCheckout = Static<typeof GitHostRepositoryCommitCheckout>;

/** What a repository resource has checked out. */
export const GitHostRepositoryCheckout = Type.Union(
  [Type.Ref(GitHostRepositoryBranchCheckout), Type.Ref(GitHostRepositoryCommitCheckout)],
  { $id: 'GitHostRepositoryCheckout' },
);
export type GitHostRepositoryCheckout = Static<typeof GitHostRepositoryCheckout>;

/** A code repository mounted into the session. */
export const GitHostRepositorySessionResource = Type.Object(
  {
    id: Type.Ref(SessionResourceId),
    mount_path: Type.String({ description: 'Constraints not shown (UNSPEC-SRES-MOUNT-PATH-RULES).' }),
    type: Type.Literal('git_host_repository'),
    ...timestamps,
    url: Type.String({ description: 'Repository URL; format not stated (UNSPEC-SRES-REPO-URL-FORMAT).' }),
    checkout: Type.Optional(
      Type.Ref(GitHostRepositoryCheckout, { 'x-requirements': ['SRES-REPO-CHECKOUT-OPTIONAL'] }),
    ),
  },
  {
    $id: 'GitHostRepositorySessionResource',
    additionalProperties: false,
    description:
      'A `git_host_repository` session resource: the only kind whose authorization token can be rotated. The rotated token is never returned (UNSPEC-SRES-UPDATE-TOKEN-ECHO).',
    'x-requirements': ['SRES-REPO-FIELDS', 'SRES-TIMESTAMPS', 'SRES-UPDATE-ROTATION-REPO-ONLY'],
  },
);
export type GitHostRepositorySessionResource = Static<typeof GitHostRepositorySessionResource>;

/** Most characters of the `instructions` of a memory-store attachment. */
export const MEMORY_STORE_INSTRUCTIONS_MAX = 4096;

/** A memory store attached to the session. It has no `id`: it is addressed by `memory_store_id`. */
export const MemoryStoreSessionResource = Type.Object(
  {
    memory_store_id: Type.Ref(MemoryStoreId, {
      'x-requirements': ['MEMSTORE-OWNER-ORGANIZATION', 'MEMSTORE-OWNER-WORKSPACE'],
    }),
    type: Type.Literal('memory_store'),
    access: Type.Optional(Type.Ref(MemoryStoreAccess)),
    description: Type.Optional(
      Type.String({
        description:
          "The store's description copied at attach time (empty string when the store has none); rendered into the agent's system prompt.",
        'x-requirements': [
          'SRES-MEMSTORE-DESCRIPTION-COPIED',
          'SRES-MEMSTORE-DESCRIPTION-EMPTY',
          'SRES-MEMSTORE-DESCRIPTION-PROMPT',
        ],
      }),
    ),
    instructions: Type.Optional(
      Type.String({
        maxLength: MEMORY_STORE_INSTRUCTIONS_MAX,
        description: 'Per-attachment guidance rendered into the memory section of the system prompt.',
        'x-requirements': ['SRES-MEMSTORE-INSTRUCTIONS-MAX', 'SRES-MEMSTORE-INSTRUCTIONS-PROMPT'],
      }),
    ),
    mount_path: Type.Optional(
      Type.String({
        readOnly: true,
        description:
          "Output-only filesystem path derived from the store's name; the derivation is not shown (UNSPEC-SRES-MEMSTORE-MOUNT-PATH-DERIVATION).",
        'x-requirements': ['SRES-MEMSTORE-MOUNT-PATH-OUTPUT-ONLY'],
      }),
    ),
    name: Type.Optional(
      Type.String({
        description: "The store's name copied at attach time; later renames of the store do not propagate.",
        'x-requirements': ['SRES-MEMSTORE-NAME-COPIED', 'SRES-MEMSTORE-NAME-NO-PROPAGATE'],
      }),
    ),
    created_at: Type.Optional(
      Type.Ref(Timestamp, { description: 'Not listed for this kind (UNSPEC-SRES-MEMSTORE-TIMESTAMPS).' }),
    ),
    updated_at: Type.Optional(
      Type.Ref(Timestamp, { description: 'Not listed for this kind (UNSPEC-SRES-MEMSTORE-TIMESTAMPS).' }),
    ),
  },
  {
    $id: 'MemoryStoreSessionResource',
    additionalProperties: false,
    // "The memory-store kind carries no `id` field in its schema": the one field the documents
    // exclude, kept out of the contract form too (which opens the object).
    not: { properties: { id: {} }, required: ['id'] },
    description:
      'A `memory_store` session resource. It carries no `id`; it is addressed by its `memory_store_id` (UNSPEC-SRES-MEMSTORE-ADDRESSING).',
    'x-requirements': ['SRES-MEMSTORE-FIELDS', 'SRES-MEMSTORE-NO-ID'],
  },
);
export type MemoryStoreSessionResource = Static<typeof MemoryStoreSessionResource>;

/** A session resource of any kind, told apart by `type`. */
export const SessionResource = Type.Union(
  [
    Type.Ref(FileSessionResource),
    Type.Ref(GitHostRepositorySessionResource),
    Type.Ref(MemoryStoreSessionResource),
  ],
  { $id: 'SessionResource', 'x-requirements': ['SRES-KIND-DISCRIMINATOR'] },
);
export type SessionResource = Static<typeof SessionResource>;

/** Default mount path prefix of a file resource: the file is mounted at `<prefix><file_id>`. */
export const DEFAULT_FILE_MOUNT_PREFIX = '/mnt/session/uploads/';

/** Body of POST /v1/sessions/{session_id}/resources: the `file` kind. */
export const SessionResourceCreateParams = Type.Object(
  {
    file_id: Type.String({
      description: 'A previously uploaded file.',
      'x-requirements': ['SRES-CREATE-FILE-UPLOADED'],
    }),
    type: Type.Literal('file'),
    mount_path: Type.Optional(
      Type.String({
        description: `Where to mount the file; default \`${DEFAULT_FILE_MOUNT_PREFIX}<file_id>\`. Constraints not shown (UNSPEC-SRES-MOUNT-PATH-RULES).`,
        'x-requirements': ['SRES-CREATE-DEFAULT-MOUNT-PATH', 'SRES-CREATE-CUSTOM-MOUNT-PATH'],
      }),
    ),
  },
  {
    $id: 'SessionResourceCreateParams',
    additionalProperties: false,
    description:
      'Adds a file resource. The add-resource bodies of the other kinds are not shown (UNSPEC-SRES-CREATE-OTHER-KINDS).',
    'x-requirements': ['SRES-CREATE-FILE-BODY'],
  },
);
export type SessionResourceCreateParams = Static<typeof SessionResourceCreateParams>;

/** Most resources one page of the session-resource list may hold. */
export const SESSION_RESOURCE_LIST_LIMIT_MAX = 1000;

/** Query of GET /v1/sessions/{session_id}/resources. */
export const SessionResourceListParams = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: SESSION_RESOURCE_LIST_LIMIT_MAX,
        'x-choice': { minimum: 'UNSPEC-SRES-LIMIT-MIN' },
        description:
          'At most 1000; when omitted all resources are returned. The minimum is not stated (UNSPEC-SRES-LIMIT-MIN).',
        'x-requirements': ['SRES-LIST-LIMIT-MAX', 'SRES-LIST-LIMIT-OMITTED-ALL'],
      }),
    ),
    page: Type.Optional(
      Type.String({
        description: 'Opaque cursor taken from `next_page`.',
        'x-requirements': ['SRES-LIST-PAGE-CURSOR'],
      }),
    ),
  },
  { $id: 'SessionResourceListParams', additionalProperties: false },
);
export type SessionResourceListParams = Static<typeof SessionResourceListParams>;

/** One page of the session-resource list. */
export const SessionResourceList = Type.Object(
  {
    data: Type.Array(Type.Ref(SessionResource), {
      description:
        'Resources of any kind, ordered by `created_at` (direction not stated: UNSPEC-SRES-LIST-ORDER-DIRECTION).',
      'x-requirements': ['SRES-LIST-ORDER-CREATED-AT'],
    }),
    next_page: Nullable(
      Type.String({ description: 'Cursor for the next page; null when there are no more resources.' }),
    ),
  },
  {
    $id: 'SessionResourceList',
    additionalProperties: false,
    'x-requirements': ['SRES-LIST-ENVELOPE', 'SRES-LIST-NEXT-PAGE-NULL'],
  },
);
export type SessionResourceList = Static<typeof SessionResourceList>;

/** Body of POST /v1/sessions/{session_id}/resources/{resource_id}: token rotation. */
export const SessionResourceUpdateParams = Type.Object(
  {
    authorization_token: Type.String({
      description: 'New authorization token; only `git_host_repository` resources support rotation.',
      'x-requirements': ['SRES-UPDATE-ROTATION-REPO-ONLY'],
    }),
  },
  { $id: 'SessionResourceUpdateParams', additionalProperties: false, 'x-requirements': ['SRES-UPDATE-BODY'] },
);
export type SessionResourceUpdateParams = Static<typeof SessionResourceUpdateParams>;

/** Deletion confirmation of a session resource. */
export const SessionResourceDeleted = Type.Object(
  { id: Type.String(), type: Type.Literal('session_resource_deleted') },
  { $id: 'SessionResourceDeleted', additionalProperties: false, 'x-requirements': ['SRES-DELETED-SHAPE'] },
);
export type SessionResourceDeleted = Static<typeof SessionResourceDeleted>;

/** A memory-store item of the session-creation `resources`. */
export const SessionCreateMemoryStoreResource = Type.Object(
  {
    type: Type.Literal('memory_store'),
    memory_store_id: Type.Ref(MemoryStoreId, {
      'x-requirements': ['MEMSTORE-OWNER-ORGANIZATION', 'MEMSTORE-OWNER-WORKSPACE'],
    }),
    // The item becomes a memory-store resource: where it carries that kind's settable fields, they
    // follow the resource's rules.
    access: Type.Optional(Type.Ref(MemoryStoreAccess, { 'x-requirements': ['SRES-MEMSTORE-ACCESS-VALUES'] })),
    instructions: Type.Optional(
      Type.String({
        maxLength: MEMORY_STORE_INSTRUCTIONS_MAX,
        'x-requirements': ['SRES-MEMSTORE-INSTRUCTIONS-MAX'],
      }),
    ),
  },
  {
    $id: 'SessionCreateMemoryStoreResource',
    description:
      'Where the item carries `access` or `instructions`, they follow the memory-store resource rules. Further fields of this item are not shown (UNSPEC-SESS-CREATE-RESOURCE-KINDS).',
    'x-requirements': ['SESS-CREATE-MEMSTORE-ITEM', 'MEMSTORE-OUTPUT-ATTACH'],
  },
);
export type SessionCreateMemoryStoreResource = Static<typeof SessionCreateMemoryStoreResource>;

/** An item of another kind in the session-creation `resources` (its fields are not shown). */
export const SessionCreateOtherResource = Type.Object(
  { type: StringExcept('memory_store') },
  {
    $id: 'SessionCreateOtherResource',
    description: 'Items other than memory stores are not shown (UNSPEC-SESS-CREATE-RESOURCE-KINDS).',
  },
);
export type SessionCreateOtherResource = Static<typeof SessionCreateOtherResource>;

/** An item of the session-creation `resources`. */
export const SessionCreateResource = Type.Union(
  [Type.Ref(SessionCreateMemoryStoreResource), Type.Ref(SessionCreateOtherResource)],
  { $id: 'SessionCreateResource', 'x-requirements': ['SESS-CREATE-RESOURCES'] },
);
export type SessionCreateResource = Static<typeof SessionCreateResource>;

/** Body of POST /v1/sessions (the fields this interface shows). */
export const SessionCreateParams = Type.Object(
  {
    agent: Type.String({
      description: 'Agent identifier; shape not shown (UNSPEC-SESS-ID-SHAPES).',
      'x-requirements': ['SESS-CREATE-AGENT'],
    }),
    environment_id: Type.String({
      description: 'Environment identifier; shape not shown (UNSPEC-SESS-ID-SHAPES).',
      'x-requirements': ['SESS-CREATE-ENVIRONMENT'],
    }),
    resources: Type.Array(Type.Ref(SessionCreateResource), { 'x-requirements': ['SESS-CREATE-RESOURCES'] }),
  },
  {
    $id: 'SessionCreateParams',
    'x-choice': { required: 'UNSPEC-SESS-CREATE-REQUIRED' },
    description:
      'Other session-creation fields are not shown (UNSPEC-SESS-CREATE-FIELDS); which fields are required is not stated (UNSPEC-SESS-CREATE-REQUIRED).',
    'x-requirements': ['SESS-CREATE-ROUTE'],
  },
);
export type SessionCreateParams = Static<typeof SessionCreateParams>;

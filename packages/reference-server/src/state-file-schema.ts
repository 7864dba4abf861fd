/**
 * The schema of a state file's document (`persistence.ts`): every table and every field of its
 * records the server reads, with their types, instants within what a timestamp can write
 * (`TIMESTAMP_RANGE_MS`) and counters not below zero. Wire objects kept in records (a dream, a
 * batch, a session resource) are checked as far as the server reads them; other fields may be
 * there (a later release reads an older file's records). `stateFileProblem` names the first field
 * that does not match.
 */
import { Kind, type Static, type TSchema, Type, TypeRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { TIMESTAMP_RANGE_MS } from '@vendor-api/spec';
import type { Store } from './store.js';

/** A `Map` (a batch's processed results, restored from its JSON form before it is checked). */
const MAP_KIND = 'StateFileMap';
if (!TypeRegistry.Has(MAP_KIND)) TypeRegistry.Set(MAP_KIND, (_schema, value) => value instanceof Map);
const MapOf = Type.Unsafe<Map<string, unknown>>({ [Kind]: MAP_KIND, description: 'a map' });

const Str = Type.String();
const Id = Type.String();
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** An instant a timestamp can write (ms since the epoch). */
const Instant = Type.Number({ minimum: TIMESTAMP_RANGE_MS.earliest, maximum: TIMESTAMP_RANGE_MS.latest });
/** A count or a sequence number. */
const Count = Type.Integer({ minimum: 0 });
/** An object with at least these fields. */
const Rec = <P extends Record<string, TSchema>>(properties: P) => Type.Object(properties);

const Owned = { id: Id, organizationId: Id, workspaceId: Nullable(Id) };

const STORE = {
  organizations: Rec({ id: Id, name: Str, codingAssistantSignInDisabled: Type.Optional(Type.Boolean()) }),
  workspaces: Rec({
    id: Id,
    organizationId: Id,
    name: Str,
    isDefault: Type.Boolean(),
    archivedAt: Nullable(Instant),
    codingAssistant: Type.Optional(Type.Boolean()),
  }),
  apiKeys: Rec({
    id: Id,
    kind: Type.Union([Type.Literal('workspace_key'), Type.Literal('admin_key')]),
    organizationId: Id,
    workspaceId: Nullable(Id),
    revokedAt: Nullable(Instant),
    ownerUserId: Type.Optional(Id),
  }),
  dreams: Rec({
    ...Owned,
    seq: Count,
    dream: Rec({ id: Id, status: Str }),
    startAt: Nullable(Instant),
    finishAt: Nullable(Instant),
  }),
  batches: Rec({
    ...Owned,
    seq: Count,
    batch: Rec({ id: Id, processing_status: Str }),
    requests: Type.Array(Rec({ custom_id: Str })),
    completeAt: Nullable(Instant),
    processed: MapOf,
    results: Nullable(Type.Array(Rec({ custom_id: Str, result: Rec({ type: Str }) }))),
  }),
  memoryStores: Rec({
    ...Owned,
    name: Str,
    description: Nullable(Str),
    createdAt: Instant,
    archivedAt: Nullable(Instant),
    deletedAt: Nullable(Instant),
    populatedBy: Nullable(Id),
    memories: Type.Array(Str),
  }),
  sessions: Rec({
    ...Owned,
    createdAt: Instant,
    archivedAt: Nullable(Instant),
    deletedAt: Nullable(Instant),
    dreamId: Nullable(Id),
  }),
  sessionResources: Rec({
    id: Id,
    sessionId: Id,
    seq: Count,
    resource: Rec({ type: Str }),
    authorizationToken: Type.Optional(Str),
  }),
  files: Rec({ ...Owned, filename: Str, createdAt: Instant }),
  users: Rec({ id: Id, organizationId: Id, orgRole: Str }),
  workspaceMembers: Rec({ id: Id, workspaceId: Id, userId: Id, role: Str }),
  rateLimitOverrides: Rec({
    id: Id,
    workspaceId: Id,
    seq: Count,
    groupType: Str,
    models: Nullable(Type.Array(Str)),
    limits: Type.Array(Rec({ type: Str, value: Type.Number() })),
  }),
};

const FEDERATION = {
  issuers: Rec({
    id: Id,
    organizationId: Id,
    name: Str,
    issuer_url: Str,
    jwks: Rec({
      type: Type.Union([Type.Literal('discovery'), Type.Literal('explicit_url'), Type.Literal('inline')]),
    }),
    maxLifetimeSeconds: Type.Optional(Type.Number()),
    createdAt: Instant,
    version: Count,
  }),
  rules: Rec({
    id: Id,
    organizationId: Id,
    issuerId: Id,
    name: Str,
    match: Type.Object({}),
    oauth_scope: Str,
    token_lifetime_seconds: Type.Number(),
    workspaceKeys: Type.Array(Str),
    archivedAt: Nullable(Instant),
    createdAt: Instant,
  }),
  serviceAccounts: Rec({
    id: Id,
    organizationId: Id,
    name: Str,
    workspaceKeys: Type.Array(Str),
    createdAt: Instant,
  }),
  accessTokens: Rec({
    ...Owned,
    scope: Str,
    serviceAccountId: Id,
    ruleId: Id,
    issuedAt: Instant,
    expiresAt: Type.Number(),
  }),
};

const tables = <T extends Record<string, TSchema>>(records: T) =>
  Type.Object(
    Object.fromEntries(Object.entries(records).map(([k, v]) => [k, Type.Array(v)])) as {
      [K in keyof T]: ReturnType<typeof Type.Array<T[K]>>;
    },
  );

/** A state document of this release's version (`version` is checked before, by `readStateFile`). */
export const StateFileDocument = Type.Object({
  version: Type.Number(),
  vendor: Str,
  savedAt: Instant,
  ids: Type.Object({ seed: Str, counters: Type.Record(Type.String(), Count) }),
  demo: Type.Object({ organizationId: Id, workspaceId: Id, adminKey: Str, workspaceKey: Str }),
  store: tables(STORE),
  usage: Type.Array(
    Rec({
      id: Id,
      organizationId: Id,
      workspaceId: Nullable(Id),
      at: Instant,
      model: Str,
      source: Type.Union([Type.Literal('messages'), Type.Literal('fixture')]),
      inputTokens: Count,
      outputTokens: Count,
      cacheCreationInputTokens: Count,
      cacheReadInputTokens: Count,
    }),
  ),
  federation: tables(FEDERATION),
});
export type StateFileDocument = Static<typeof StateFileDocument>;

/** The tables of the store and of the federation, by name, as the document holds them. */
export const STORE_TABLE_NAMES = Object.keys(STORE) as (keyof typeof STORE)[];
export const FEDERATION_TABLE_NAMES = Object.keys(FEDERATION) as (keyof typeof FEDERATION)[];

/** A JSON pointer as a reader writes the field: `/store/apiKeys/0/kind` as `store.apiKeys[0].kind`. */
function fieldName(pointer: string): string {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  let out = '';
  for (const part of parts) {
    if (/^\d+$/.test(part)) out += `[${part}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(part)) out += out === '' ? part : `.${part}`;
    else out += `[${JSON.stringify(part)}]`;
  }
  return out === '' ? 'the document' : out;
}

/** The first field of a document that does not match the schema, named, with what is wrong; null when it matches. */
export function stateFileProblem(doc: unknown): string | null {
  if (Value.Check(StateFileDocument, doc)) return null;
  const first = Value.Errors(StateFileDocument, doc).First();
  if (first === undefined) return 'does not match the state file schema';
  return `${fieldName(first.path)}: ${first.message.toLowerCase()}`;
}

/**
 * The schema of each store table agrees with the records the server keeps in it: a record of the
 * table's type is a value of the table's schema (a field renamed or retyped in `store.ts` and not
 * here does not compile).
 */
type RecordOf<T> = T extends { get(id: string): infer R | undefined } ? R : never;
/** A record as its JSON form reads back: arrays and fields writable (what the schema's type says). */
type Writable<T> =
  T extends Map<unknown, unknown>
    ? T
    : T extends readonly (infer U)[]
      ? Writable<U>[]
      : T extends object
        ? { -readonly [K in keyof T]: Writable<T[K]> }
        : T;
type StoreTable = keyof typeof STORE & keyof Store;
type Disagreeing = {
  [K in StoreTable]: [Writable<RecordOf<Store[K]>>] extends [Static<(typeof STORE)[K]>] ? never : K;
}[StoreTable];
export const STORE_SCHEMA_AGREES: [Disagreeing] extends [never] ? true : Disagreeing = true;

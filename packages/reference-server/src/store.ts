/**
 * The server's state behind a small store interface: one table per kind of record, each keyed by
 * id. Records hold the wire object the API returns (`dream`, `batch`) plus the server-side facts
 * the wire object does not show (owning workspace, schedules, requests, results).
 */
import type {
  Dream,
  MessageBatch,
  MessageBatchRequest,
  MessageBatchResult,
  OrganizationRole,
  RateLimiterType,
  RateLimitGroupType,
  SessionResource,
  workspaceRules,
} from '@vendor-api/spec';

export interface Table<T extends { readonly id: string }> {
  get(id: string): T | undefined;
  put(record: T): T;
  delete(id: string): boolean;
  /** Every record, in insertion order. */
  values(): T[];
  readonly size: number;
}

export class MapTable<T extends { readonly id: string }> implements Table<T> {
  readonly #rows = new Map<string, T>();
  get(id: string): T | undefined {
    return this.#rows.get(id);
  }
  put(record: T): T {
    this.#rows.set(record.id, record);
    return record;
  }
  delete(id: string): boolean {
    return this.#rows.delete(id);
  }
  values(): T[] {
    return [...this.#rows.values()];
  }
  get size(): number {
    return this.#rows.size;
  }
}

/** One index of an `IndexedTable`: the key of a record, and the records by key. */
interface Index<T> {
  readonly keyOf: (record: T) => string;
  readonly groups: Map<string, Map<string, T>>;
}

/**
 * A table with secondary indexes: each index groups the records by a key computed from the record
 * (its owning workspace, its organization, its session). A group answers in insertion order and
 * costs what the group holds, never what the table holds.
 */
export class IndexedTable<T extends { readonly id: string }, I extends string> extends MapTable<T> {
  /** Each index: its key function and its groups (an array, walked by index on every write). */
  readonly #indexes: Index<T>[] = [];
  readonly #groups = new Map<I, Map<string, Map<string, T>>>();

  constructor(keys: Readonly<Record<I, (record: T) => string>>) {
    super();
    for (const index of Object.keys(keys) as I[]) {
      const groups = new Map<string, Map<string, T>>();
      this.#groups.set(index, groups);
      this.#indexes.push({ keyOf: keys[index], groups });
    }
  }

  override put(record: T): T {
    const old = this.get(record.id);
    for (let i = 0; i < this.#indexes.length; i++) {
      const { keyOf, groups } = this.#indexes[i] as Index<T>;
      const key = keyOf(record);
      const oldKey = old === undefined ? undefined : keyOf(old);
      if (oldKey !== undefined && oldKey !== key) groups.get(oldKey)?.delete(record.id);
      let group = groups.get(key);
      if (group === undefined) {
        group = new Map<string, T>();
        groups.set(key, group);
      }
      // A record put again under the same key keeps its place.
      group.set(record.id, record);
    }
    return super.put(record);
  }

  override delete(id: string): boolean {
    const old = this.get(id);
    if (old === undefined) return false;
    for (const { keyOf, groups } of this.#indexes) {
      const key = keyOf(old);
      const group = groups.get(key);
      group?.delete(id);
      if (group?.size === 0) groups.delete(key);
    }
    return super.delete(id);
  }

  /** The records whose `index` key is `key`, in insertion order. */
  group(index: I, key: string): T[] {
    const group = this.#groups.get(index)?.get(key);
    return group === undefined ? [] : [...group.values()];
  }

  /** How many records the group holds. */
  groupSize(index: I, key: string): number {
    return this.#groups.get(index)?.get(key)?.size ?? 0;
  }
}

/**
 * Records that are only ever added, and read by one key (usage: one record per message the server
 * answers). A record costs a push onto its key's array: no lookup of its id, no second index.
 */
export class GroupedLog<T> {
  readonly #groups = new Map<string, T[]>();
  readonly #keyOf: (record: T) => string;

  constructor(keyOf: (record: T) => string) {
    this.#keyOf = keyOf;
  }

  add(record: T): T {
    const key = this.#keyOf(record);
    const group = this.#groups.get(key);
    if (group === undefined) this.#groups.set(key, [record]);
    else group.push(record);
    return record;
  }

  /** The records of a key, in the order they were added. */
  group(key: string): readonly T[] {
    return this.#groups.get(key) ?? [];
  }

  /** The record of a key added last. */
  last(key: string): T | undefined {
    return this.#groups.get(key)?.at(-1);
  }
}

/** The index key of an owner: one workspace (null: the Default Workspace) of one organization. */
export const ownerKey = (owner: { readonly organizationId: string; readonly workspaceId: string | null }) =>
  `${owner.organizationId}/${owner.workspaceId ?? ''}`;

/** Records owned by a workspace of an organization. */
interface Owned {
  readonly id: string;
  readonly organizationId: string;
  readonly workspaceId: string | null;
}

/** A table of owned records indexed by owner (`owner`) and by organization (`organization`). */
export type OwnedTable<T extends Owned> = IndexedTable<T, 'owner' | 'organization'>;

const ownedTable = <T extends Owned>(): OwnedTable<T> =>
  new IndexedTable<T, 'owner' | 'organization'>({ owner: ownerKey, organization: (r) => r.organizationId });

export interface OrganizationRecord {
  readonly id: string;
  name: string;
  /** Set when its coding-assistant workspace was archived (WSARCH-CODING-ASSISTANT-SIGNIN). */
  codingAssistantSignInDisabled?: boolean;
}

export interface WorkspaceRecord {
  /** `wrkspc_...`; the Default Workspace has no identifier and is keyed `default:<organization id>`. */
  readonly id: string;
  readonly organizationId: string;
  name: string;
  /** Whether this is the organization's Default Workspace. */
  readonly isDefault: boolean;
  archivedAt: number | null;
  /** Whether this is the organization's coding-assistant workspace (test control sets it). */
  readonly codingAssistant?: boolean;
}

export interface ApiKeyRecord {
  /** The secret itself is the key of the table. */
  readonly id: string;
  readonly kind: 'workspace_key' | 'admin_key';
  readonly organizationId: string;
  /** Workspace of a workspace key (null: the Default Workspace); null for admin keys. */
  readonly workspaceId: string | null;
  revokedAt: number | null;
  /** The organization user who provisioned the key (admin keys minted by test control). */
  readonly ownerUserId?: string;
}

export interface DreamRecord {
  readonly id: string;
  /** The owning organization: the Default Workspace (null) of every organization looks the same. */
  readonly organizationId: string;
  readonly workspaceId: string | null;
  /** Creation order, to break ties of equal `created_at`. */
  readonly seq: number;
  /** The wire object. */
  dream: Dream;
  /** When the pipeline starts / succeeds on its own (null: only test control drives it). */
  startAt: number | null;
  finishAt: number | null;
}

export interface BatchRecord {
  readonly id: string;
  /** The owning organization: the Default Workspace (null) of every organization looks the same. */
  readonly organizationId: string;
  readonly workspaceId: string | null;
  readonly seq: number;
  /** The wire object; `results_url` is rendered per request from `resultsReady`. */
  batch: MessageBatch;
  readonly requests: readonly MessageBatchRequest[];
  /** When processing completes on its own (null: never; only the 24-hour expiry ends it). */
  completeAt: number | null;
  /**
   * The results of the requests processed while the batch is still in progress, by `custom_id`
   * (test control processes some requests and holds the others unsent); they keep these results
   * when the batch ends.
   */
  readonly processed: Map<string, MessageBatchResult['result']>;
  results: MessageBatchResult[] | null;
}

export interface MemoryStoreRecord {
  readonly id: string;
  readonly organizationId: string;
  readonly workspaceId: string | null;
  name: string;
  description: string | null;
  createdAt: number;
  archivedAt: number | null;
  deletedAt: number | null;
  /** Set when a dream's pipeline finished writing it. */
  populatedBy: string | null;
  /**
   * Its memories, as written (memory-store contents are not shown: UNSPEC-SESS-RECORD-FIELDS).
   * A dream's pipeline writes its output store while it runs and when it finishes; test control
   * reads a digest of them.
   */
  memories: string[];
}

export interface SessionRecord {
  readonly id: string;
  readonly organizationId: string;
  readonly workspaceId: string | null;
  createdAt: number;
  archivedAt: number | null;
  deletedAt: number | null;
  /** The dream whose pipeline runs in this session, if any. */
  readonly dreamId: string | null;
}

export interface SessionResourceRecord {
  /** The resource id (`sesrsc_...`), or the `memory_store_id` for a memory-store resource. */
  readonly id: string;
  readonly sessionId: string;
  readonly seq: number;
  resource: SessionResource;
  /**
   * The authorization token of a `git_host_repository` resource: kept by the server, never part of
   * the resource it answers (UNSPEC-SRES-UPDATE-TOKEN-ECHO); replaced by a rotation.
   */
  authorizationToken?: string;
}

export interface FileRecord {
  readonly id: string;
  /** The owning organization: the Default Workspace (null) of every organization looks the same. */
  readonly organizationId: string;
  readonly workspaceId: string | null;
  filename: string;
  createdAt: number;
}

/** A user of an organization, with the organization role (admin endpoints; test control). */
export interface UserRecord {
  /** The `user_id` (shape not stated: UNSPEC-MEMBER-USER-ID). */
  readonly id: string;
  readonly organizationId: string;
  orgRole: OrganizationRole;
}

/** A workspace role explicitly assigned to a user; keyed `<workspace id>:<user id>`. */
export interface WorkspaceMemberRecord {
  readonly id: string;
  readonly workspaceId: string;
  readonly userId: string;
  /** The role key of the spec's role table (`workspaceRules.WORKSPACE_ROLE_KEYS`). */
  role: workspaceRules.WorkspaceRoleKey;
}

/** One rate-limit override group of a workspace; keyed `<workspace id>:<group key>`. */
export interface RateLimitOverrideRecord {
  readonly id: string;
  readonly workspaceId: string;
  readonly seq: number;
  readonly groupType: RateLimitGroupType;
  readonly models: readonly string[] | null;
  limits: { readonly type: RateLimiterType; readonly value: number }[];
}

/** Messages usage attributed to a workspace (null: the Default Workspace) at an instant. */
export interface UsageRecord {
  readonly id: string;
  readonly organizationId: string;
  readonly workspaceId: string | null;
  readonly at: number;
  readonly model: string;
  /** Messages the server answered (their usage summed) or a fixture test control recorded. */
  readonly source: 'messages' | 'fixture';
  inputTokens: number;
  outputTokens: number;
  readonly cacheCreationInputTokens: number;
  readonly cacheReadInputTokens: number;
}

export interface Store {
  readonly organizations: Table<OrganizationRecord>;
  readonly workspaces: IndexedTable<WorkspaceRecord, 'organization'>;
  readonly apiKeys: IndexedTable<ApiKeyRecord, 'workspace'>;
  readonly dreams: OwnedTable<DreamRecord>;
  readonly batches: OwnedTable<BatchRecord>;
  readonly memoryStores: OwnedTable<MemoryStoreRecord>;
  readonly sessions: OwnedTable<SessionRecord>;
  readonly sessionResources: IndexedTable<SessionResourceRecord, 'session'>;
  readonly files: OwnedTable<FileRecord>;
  readonly users: Table<UserRecord>;
  readonly workspaceMembers: Table<WorkspaceMemberRecord>;
  readonly rateLimitOverrides: IndexedTable<RateLimitOverrideRecord, 'workspace'>;
  /** Usage by organization. */
  readonly usage: GroupedLog<UsageRecord>;
  /** A monotonically increasing sequence number for creation order. */
  nextSeq(): number;
}

export function createMemoryStore(lastSeq = 0): Store {
  let seq = lastSeq;
  return {
    organizations: new MapTable(),
    workspaces: new IndexedTable({ organization: (w) => w.organizationId }),
    apiKeys: new IndexedTable({ workspace: (k) => k.workspaceId ?? '' }),
    dreams: ownedTable(),
    batches: ownedTable(),
    memoryStores: ownedTable(),
    sessions: ownedTable(),
    sessionResources: new IndexedTable({ session: (r) => r.sessionId }),
    files: ownedTable(),
    users: new MapTable(),
    workspaceMembers: new MapTable(),
    rateLimitOverrides: new IndexedTable({ workspace: (o) => o.workspaceId }),
    usage: new GroupedLog((u) => u.organizationId),
    nextSeq: () => ++seq,
  };
}

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
  role: 'user' | 'limited_developer' | 'developer' | 'admin' | 'billing';
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
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cacheCreationInputTokens: number;
  readonly cacheReadInputTokens: number;
}

export interface Store {
  readonly organizations: Table<OrganizationRecord>;
  readonly workspaces: Table<WorkspaceRecord>;
  readonly apiKeys: Table<ApiKeyRecord>;
  readonly dreams: Table<DreamRecord>;
  readonly batches: Table<BatchRecord>;
  readonly memoryStores: Table<MemoryStoreRecord>;
  readonly sessions: Table<SessionRecord>;
  readonly sessionResources: Table<SessionResourceRecord>;
  readonly files: Table<FileRecord>;
  readonly users: Table<UserRecord>;
  readonly workspaceMembers: Table<WorkspaceMemberRecord>;
  readonly rateLimitOverrides: Table<RateLimitOverrideRecord>;
  readonly usage: Table<UsageRecord>;
  /** A monotonically increasing sequence number for creation order. */
  nextSeq(): number;
}

export function createMemoryStore(): Store {
  let seq = 0;
  return {
    organizations: new MapTable(),
    workspaces: new MapTable(),
    apiKeys: new MapTable(),
    dreams: new MapTable(),
    batches: new MapTable(),
    memoryStores: new MapTable(),
    sessions: new MapTable(),
    sessionResources: new MapTable(),
    files: new MapTable(),
    users: new MapTable(),
    workspaceMembers: new MapTable(),
    rateLimitOverrides: new MapTable(),
    usage: new MapTable(),
    nextSeq: () => ++seq,
  };
}

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
}

export interface WorkspaceRecord {
  /** `wrkspc_...`; the Default Workspace has no identifier and is keyed `default:<organization id>`. */
  readonly id: string;
  readonly organizationId: string;
  name: string;
  /** Whether this is the organization's Default Workspace. */
  readonly isDefault: boolean;
  archivedAt: number | null;
}

export interface ApiKeyRecord {
  /** The secret itself is the key of the table. */
  readonly id: string;
  readonly kind: 'workspace_key' | 'admin_key';
  readonly organizationId: string;
  /** Workspace of a workspace key (null: the Default Workspace); null for admin keys. */
  readonly workspaceId: string | null;
  revokedAt: number | null;
}

export interface DreamRecord {
  readonly id: string;
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
}

export interface FileRecord {
  readonly id: string;
  readonly workspaceId: string | null;
  filename: string;
  createdAt: number;
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
    nextSeq: () => ++seq,
  };
}

/**
 * Pure rules of session resources: the default mount path of a file, which kinds support token
 * rotation, the list limit and order, memory-store ownership, and what is copied from a memory
 * store when it is attached.
 */
import {
  DEFAULT_FILE_MOUNT_PREFIX,
  MEMORY_STORE_INSTRUCTIONS_MAX,
  type MemoryStoreAccess,
  type MemoryStoreSessionResource,
  SESSION_RESOURCE_LIST_LIMIT_MAX,
} from '../resources/sessions.js';

/** Requirement ids this module implements. */
export const requirementIds: readonly string[] = [
  'SRES-CREATE-DEFAULT-MOUNT-PATH',
  'SRES-CREATE-CUSTOM-MOUNT-PATH',
  'SRES-UPDATE-ROTATION-REPO-ONLY',
  'SRES-LIST-LIMIT-MAX',
  'SRES-LIST-LIMIT-OMITTED-ALL',
  'SRES-LIST-ORDER-CREATED-AT',
  'MEMSTORE-OWNER-ORGANIZATION',
  'MEMSTORE-OWNER-WORKSPACE',
  'SRES-MEMSTORE-DESCRIPTION-COPIED',
  'SRES-MEMSTORE-DESCRIPTION-EMPTY',
  'SRES-MEMSTORE-NAME-COPIED',
  'SRES-MEMSTORE-NAME-NO-PROPAGATE',
  'SRES-MEMSTORE-INSTRUCTIONS-MAX',
];

/** One problem found by a check: a machine-readable code, the requirement it breaks, and a message. */
export interface SessionProblem {
  readonly code: string;
  readonly requirement: string;
  readonly message: string;
}

const problem = (code: string, requirement: string, message: string): SessionProblem => ({
  code,
  requirement,
  message,
});

/** The default mount path of a file resource: `/mnt/session/uploads/<file_id>` (SRES-CREATE-DEFAULT-MOUNT-PATH). */
export function defaultMountPath(fileId: string): string {
  return `${DEFAULT_FILE_MOUNT_PREFIX}${fileId}`;
}

/** Where an added file is mounted: the given `mount_path`, else the default (SRES-CREATE-*-MOUNT-PATH). */
export function mountPathFor(params: { readonly file_id: string; readonly mount_path?: string }): string {
  return params.mount_path ?? defaultMountPath(params.file_id);
}

/** Whether each resource kind supports rotation of its authorization token (SRES-UPDATE-ROTATION-REPO-ONLY). */
export const ROTATION_SUPPORT = {
  file: false,
  git_host_repository: true,
  memory_store: false,
} as const;

/** Whether a resource kind supports token rotation; false for unknown kinds. */
export function supportsRotation(type: string): boolean {
  return Object.hasOwn(ROTATION_SUPPORT, type) && ROTATION_SUPPORT[type as keyof typeof ROTATION_SUPPORT];
}

/** Checks a rotation request against the kind of the target resource. */
export function checkRotation(resource: { readonly type: string }): SessionProblem[] {
  return supportsRotation(resource.type)
    ? []
    : [
        problem(
          'rotation_not_supported',
          'SRES-UPDATE-ROTATION-REPO-ONLY',
          `only git_host_repository resources support rotation; this resource is ${JSON.stringify(resource.type)}`,
        ),
      ];
}

export type ResourceListLimit =
  /** `limit` is the page size, or `'all'` when it was omitted. */
  | { readonly ok: true; readonly limit: number | 'all' }
  | { readonly ok: false; readonly problem: SessionProblem };

/**
 * The effective page size of the session-resource list: every resource when `limit` is omitted
 * (SRES-LIST-LIMIT-OMITTED-ALL), else an integer from 1 to 1000 (SRES-LIST-LIMIT-MAX; the minimum
 * of 1 is the project's choice, UNSPEC-SRES-LIMIT-MIN).
 */
export function resourceListLimit(limit: unknown): ResourceListLimit {
  if (limit === undefined) return { ok: true, limit: 'all' };
  if (typeof limit !== 'number' || !Number.isInteger(limit)) {
    return {
      ok: false,
      problem: problem('limit_not_integer', 'SRES-LIST-LIMIT-MAX', '`limit` must be an integer'),
    };
  }
  if (limit < 1) {
    return {
      ok: false,
      problem: problem('limit_too_small', 'SRES-LIST-LIMIT-MAX', '`limit` must be at least 1'),
    };
  }
  if (limit > SESSION_RESOURCE_LIST_LIMIT_MAX) {
    return {
      ok: false,
      problem: problem(
        'limit_too_large',
        'SRES-LIST-LIMIT-MAX',
        `\`limit\` is at most ${SESSION_RESOURCE_LIST_LIMIT_MAX}`,
      ),
    };
  }
  return { ok: true, limit };
}

const instant = (r: { readonly created_at?: string }) =>
  r.created_at === undefined ? Number.NaN : Date.parse(r.created_at);

/**
 * The reference order of the session-resource list: by `created_at`, oldest first (the direction
 * is the project's choice, UNSPEC-SRES-LIST-ORDER-DIRECTION). Resources without a parseable
 * timestamp keep their relative order after the others. Returns a new array.
 */
export function orderByCreatedAt<T extends { readonly created_at?: string }>(resources: readonly T[]): T[] {
  return [...resources].sort((a, b) => {
    const ta = instant(a);
    const tb = instant(b);
    const na = Number.isNaN(ta);
    const nb = Number.isNaN(tb);
    if (na || nb) return na === nb ? 0 : na ? 1 : -1;
    return ta - tb;
  });
}

/**
 * What the conformance suite checks of a list page (SRES-LIST-ORDER-CREATED-AT): the `created_at`
 * of the resources that carry one is monotonic, in either direction.
 */
export function isOrderedByCreatedAt(resources: readonly { readonly created_at?: string }[]): boolean {
  const times = resources.map(instant).filter((t) => !Number.isNaN(t));
  const ascending = times.every((t, i) => i === 0 || times[i - 1]! <= t);
  const descending = times.every((t, i) => i === 0 || times[i - 1]! >= t);
  return ascending || descending;
}

/** Who owns a memory store, and who is calling. */
export interface Owner {
  readonly organization_id: string;
  readonly workspace_id: string;
}

/**
 * Whether a memory store may be attached by the caller: it must belong to the caller's
 * organization (MEMSTORE-OWNER-ORGANIZATION) and workspace (MEMSTORE-OWNER-WORKSPACE). Returns
 * the problems found.
 */
export function checkMemoryStoreOwnership(store: Owner, caller: Owner): SessionProblem[] {
  const out: SessionProblem[] = [];
  if (store.organization_id !== caller.organization_id) {
    out.push(
      problem(
        'foreign_organization',
        'MEMSTORE-OWNER-ORGANIZATION',
        "the memory store is outside the caller's organization",
      ),
    );
  }
  if (store.workspace_id !== caller.workspace_id) {
    out.push(
      problem(
        'foreign_workspace',
        'MEMSTORE-OWNER-WORKSPACE',
        "the memory store is outside the caller's workspace",
      ),
    );
  }
  return out;
}

/** A memory store as the attach rules see it. */
export interface MemoryStoreFacts {
  readonly memory_store_id: string;
  readonly name?: string;
  /** The store's description; absent or null when it has none. */
  readonly description?: string | null;
}

export type AttachResult =
  | { readonly ok: true; readonly resource: MemoryStoreSessionResource }
  | { readonly ok: false; readonly problems: readonly SessionProblem[] };

/**
 * The memory-store resource made when a store is attached: `description` and `name` copied from
 * the store at attach time (the empty string when it has no description), with the attachment's
 * own `access` and `instructions` (at most 4,096 characters). `mount_path` is derived by the
 * service in a way that is not shown, so it is left out here.
 */
export function attachMemoryStore(
  store: MemoryStoreFacts,
  options: { readonly access?: MemoryStoreAccess; readonly instructions?: string } = {},
): AttachResult {
  if (options.instructions !== undefined && options.instructions.length > MEMORY_STORE_INSTRUCTIONS_MAX) {
    return {
      ok: false,
      problems: [
        problem(
          'instructions_too_long',
          'SRES-MEMSTORE-INSTRUCTIONS-MAX',
          `\`instructions\` has ${options.instructions.length} characters; at most ${MEMORY_STORE_INSTRUCTIONS_MAX} are allowed`,
        ),
      ],
    };
  }
  const resource: MemoryStoreSessionResource = {
    type: 'memory_store',
    memory_store_id: store.memory_store_id,
    description: store.description ?? '',
    ...(store.name !== undefined ? { name: store.name } : {}),
    ...(options.access !== undefined ? { access: options.access } : {}),
    ...(options.instructions !== undefined ? { instructions: options.instructions } : {}),
  };
  return { ok: true, resource };
}

/**
 * What renaming a memory store does to a resource already attached: nothing
 * (SRES-MEMSTORE-NAME-NO-PROPAGATE). Returns the resource as it was.
 */
export function afterStoreRename<T extends { readonly name?: string }>(resource: T, _newName: string): T {
  return resource;
}

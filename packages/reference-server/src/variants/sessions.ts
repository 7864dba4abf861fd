/**
 * Seams of sessions and session resources: what session creation needs and takes, the add-resource
 * kinds and their rules, and the shape of memory-store attachments.
 */
import {
  type Endpoint,
  idPrefix,
  MemoryStoreId,
  type MemoryStoreSessionResource,
  vendor as publishedVendor,
} from '@vendor-api/spec';
import type { Admission, RequestParts } from './admission.js';
import type { HasVariants } from './types.js';

type JsonObject = Record<string, unknown>;

const isObject = (x: unknown): x is JsonObject => typeof x === 'object' && x !== null && !Array.isArray(x);

// ---------------------------------------------------------------------------------------------
// Session creation

/** The betas an operation requires: session creation needs none under `session-create-more` (UNSPEC-SESS-CREATE-BETA). */
export function requiredBetas(
  state: HasVariants,
  endpoint: Endpoint,
  reference: readonly string[],
): readonly string[] {
  return endpoint.id === 'sessions.create' && state.variants.has('session-create-more') ? [] : reference;
}

/** Whether `{type: file, file_id}` items of session creation attach file resources (UNSPEC-SESS-CREATE-RESOURCE-KINDS). */
export function fileItemsAttached(state: HasVariants): boolean {
  return state.variants.has('session-create-more');
}

// ---------------------------------------------------------------------------------------------
// Adding resources

/** A body of another kind, validated as this stand-in file body and then handed on as sent. */
const STAND_IN_FILE = { type: 'file', file_id: 'stand-in' };

const OTHER_KINDS = new Set(['memory_store', 'git_host_repository']);

/**
 * Bodies the schemas cannot judge, set aside for the handler: session creation without
 * `resources` (UNSPEC-SESS-CREATE-REQUIRED), and add-resource bodies of the other two kinds
 * (UNSPEC-SRES-CREATE-OTHER-KINDS).
 */
export function admitSessionBodies(state: HasVariants, endpoint: Endpoint, parts: RequestParts): Admission {
  const none = { parts, after: { query: {} } };
  const body = parts.body;
  if (!isObject(body)) return none;
  if (endpoint.id === 'sessions.create' && state.variants.has('session-create-more')) {
    // No beta needed: the header is validated as if it carried the documented one.
    const beta = publishedVendor.headers.beta;
    const headers =
      parts.headers[beta] === undefined
        ? { ...parts.headers, [beta]: endpoint.betas.join(',') }
        : parts.headers;
    const admitted = body.resources === undefined ? { ...body, resources: [] } : body;
    return { parts: { ...parts, headers, body: admitted }, after: { query: {}, body: admitted } };
  }
  if (
    endpoint.id === 'sessions.resources.create' &&
    state.variants.has('session-resources-other-kinds') &&
    typeof body.type === 'string' &&
    OTHER_KINDS.has(body.type)
  ) {
    return { parts: { ...parts, body: STAND_IN_FILE }, after: { query: {}, body } };
  }
  return none;
}

const COMMIT_SHA = /^[0-9a-f]{40}$/;

/**
 * What is wrong with an add-resource body of another kind (UNSPEC-SRES-CREATE-OTHER-KINDS,
 * UNSPEC-SRES-REPO-URL-FORMAT, UNSPEC-SRES-REPO-SHA-FORMAT), or null. Only bodies
 * `admitSessionBodies` let through reach it.
 */
export function otherKindProblem(body: JsonObject): string | null {
  const optionalString = (name: string) =>
    body[name] === undefined || typeof body[name] === 'string' ? null : `body.${name}: must be a string`;
  if (body.type === 'memory_store') {
    const prefix = idPrefix(MemoryStoreId);
    if (typeof body.memory_store_id !== 'string' || !body.memory_store_id.startsWith(prefix))
      return `body.memory_store_id: a ${prefix} identifier is required`;
    return optionalString('instructions') ?? optionalString('access');
  }
  let url: URL | null = null;
  try {
    url = typeof body.url === 'string' ? new URL(body.url) : null;
  } catch {
    url = null;
  }
  if (url === null || url.protocol !== 'https:') return 'body.url: an https URL is required';
  const checkout = body.checkout;
  if (checkout !== undefined) {
    if (!isObject(checkout)) return 'body.checkout: must be an object';
    if (checkout.type === 'branch' && typeof checkout.name === 'string' && checkout.name !== '') return null;
    if (checkout.type === 'commit' && typeof checkout.sha === 'string' && COMMIT_SHA.test(checkout.sha))
      return null;
    return 'body.checkout: a branch name, or a commit sha of 40 lowercase hexadecimal digits';
  }
  return optionalString('mount_path') ?? optionalString('authorization_token');
}

/**
 * What is wrong with a caller-chosen `mount_path` (UNSPEC-SRES-MOUNT-PATH-RULES): nothing for the
 * reference server (any string); under `session-resources-other-kinds` it must be absolute, under
 * `/mnt/` and unused in the session.
 */
export function mountPathProblem(
  state: HasVariants,
  mountPath: string | undefined,
  used: readonly string[],
): string | null {
  if (mountPath === undefined || !state.variants.has('session-resources-other-kinds')) return null;
  if (!mountPath.startsWith('/mnt/') || mountPath.includes('/../'))
    return 'body.mount_path: an absolute path under /mnt/';
  if (used.includes(mountPath)) return 'body.mount_path: already used in this session';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Memory-store attachments

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'store';

/**
 * A memory-store attachment as the server answers it (UNSPEC-SRES-MEMSTORE-ACCESS-DEFAULT,
 * UNSPEC-SRES-MEMSTORE-TIMESTAMPS, UNSPEC-SRES-MEMSTORE-MOUNT-PATH-DERIVATION): the reference
 * server gives it the common timestamps and no `access` or `mount_path` of its own; under
 * `memory-store-attachments-other` it is `read_only` unless told otherwise, mounted at
 * `/mnt/memory_stores/<slug>`, without timestamps.
 */
export function memoryStoreAttachment(
  state: HasVariants,
  attached: MemoryStoreSessionResource,
  timestamp: string,
): MemoryStoreSessionResource {
  if (!state.variants.has('memory-store-attachments-other')) {
    return { ...attached, created_at: timestamp, updated_at: timestamp };
  }
  return {
    access: 'read_only',
    ...attached,
    mount_path: `/mnt/memory_stores/${slug(attached.name ?? attached.memory_store_id)}`,
  };
}

/** What a repository resource shows of its rotated token (UNSPEC-SRES-UPDATE-TOKEN-ECHO): nothing, or a masked hint. */
export function rotatedTokenEcho(state: HasVariants, token: string): { authorization_token_hint?: string } {
  return state.variants.has('additional-fields') ? { authorization_token_hint: `…${token.slice(-4)}` } : {};
}

// ---------------------------------------------------------------------------------------------
// Deletion

/** Per server (by its variant set): the deletion confirmations of the resources deleted so far. */
const confirmations = new WeakMap<object, Map<string, unknown>>();

/**
 * What a second DELETE of a resource answers (UNSPEC-SRES-DELETE-REPEATED): nothing of its own
 * for the reference server (the resource is unknown: 404); under
 * `session-resource-delete-repeated` the confirmation of the first deletion, again. `remember`
 * keeps a confirmation; `repeated` gives it back (undefined when there is none to repeat).
 */
export const repeatedDeletion = {
  remember(state: HasVariants, key: string, confirmation: unknown): void {
    if (!state.variants.has('session-resource-delete-repeated')) return;
    const kept = confirmations.get(state.variants) ?? new Map<string, unknown>();
    confirmations.set(state.variants, kept);
    kept.set(key, confirmation);
  },
  repeated(state: HasVariants, key: string): unknown {
    return state.variants.has('session-resource-delete-repeated')
      ? confirmations.get(state.variants)?.get(key)
      : undefined;
  },
};

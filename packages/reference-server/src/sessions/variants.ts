/**
 * Variants of sessions and session resources: what session creation needs and takes, the
 * add-resource kinds and their rules, memory-store attachments, and repeated deletion.
 */
import { type Endpoint, vendor as publishedVendor } from '@vendor-api/spec';
import { named, type VariantPatches } from '../choices/table.js';
import { type Admission, alsoAdmit, limitAtLeastOne, type RequestParts } from '../pipeline/choices.js';

type JsonObject = Record<string, unknown>;

const isObject = (x: unknown): x is JsonObject => typeof x === 'object' && x !== null && !Array.isArray(x);

/** A body of another kind, validated as this stand-in file body and then handed on as sent. */
const STAND_IN_FILE = { type: 'file', file_id: 'stand-in' };

const OTHER_KINDS = new Set(['memory_store', 'git_host_repository']);

/** Session creation without a beta header: validated as if it carried the documented one. */
function admitSessionCreation(endpoint: Endpoint, parts: RequestParts): Admission | null {
  const beta = publishedVendor.headers.beta;
  if (endpoint.id !== 'sessions.create' || parts.headers[beta] !== undefined) return null;
  return { parts: { ...parts, headers: { ...parts.headers, [beta]: endpoint.betas.join(',') } }, after: {} };
}

/** Add-resource bodies of the other two kinds, set aside for the handler (`resource`). */
function admitOtherKinds(endpoint: Endpoint, parts: RequestParts): Admission | null {
  const body = parts.body;
  if (endpoint.id !== 'sessions.resources.create' || !isObject(body) || !OTHER_KINDS.has(String(body.type)))
    return null;
  return { parts: { ...parts, body: STAND_IN_FILE }, after: { unshown: { resource: body } } };
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'store';

export const variants = named({
  'session-create-more': {
    requiredBetas: (documented) => (endpoint) =>
      endpoint.id === 'sessions.create' ? [] : documented(endpoint),
    admit: alsoAdmit(admitSessionCreation),
    fileItemsAttached: () => true,
  },
  'session-resources-other-kinds': {
    admit: alsoAdmit(admitOtherKinds),
    // Absolute, under `/mnt/` and unused in the session.
    mountPathProblem: () => (mountPath, used) => {
      if (mountPath === undefined) return null;
      if (!mountPath.startsWith('/mnt/') || mountPath.includes('/../'))
        return 'body.mount_path: an absolute path under /mnt/';
      return used.includes(mountPath) ? 'body.mount_path: already used in this session' : null;
    },
  },
  'session-resource-delete-repeated': { deletionRepeated: () => true },
  // `read_only` unless told otherwise, mounted at `/mnt/memory_stores/<slug>`, without timestamps.
  'memory-store-attachments-other': {
    memoryStoreAttachment: () => (attached) => ({
      access: 'read_only',
      ...attached,
      mount_path: `/mnt/memory_stores/${slug(attached.name ?? attached.memory_store_id)}`,
    }),
  },
  'additional-fields': {
    rotatedTokenEcho: () => (token) => ({ authorization_token_hint: `…${token.slice(-4)}` }),
  },
  'other-list-limits': { admit: limitAtLeastOne('sessions.resources.list') },
} satisfies VariantPatches);

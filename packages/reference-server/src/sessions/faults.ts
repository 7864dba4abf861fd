/** Seeded faults of session resources (document 001, "Session resources"). */
import { DREAM_LIST_LIMIT_DEFAULT } from '@vendor-api/spec';
import { rewriteBody } from '../choices/operations.js';
import { type FaultPatches, named } from '../choices/table.js';
import { encodeCursor } from '../pagination.js';

export const faults = named({
  SRES_DEFAULT_MOUNT_PATH_WRONG: {
    // The default drops `uploads/`.
    mountPathFor: (documented) => (params) =>
      params.mount_path === undefined ? `/mnt/session/${params.file_id}` : documented(params),
  },
  SRES_ROTATION_ALLOWED_FOR_FILES: {
    checkRotation: (documented) => (resource) => (resource.type === 'file' ? [] : documented(resource)),
  },
  SRES_DELETE_CONFIRMATION_TYPE_WRONG: rewriteBody('sessions.resources.delete', (body) => ({
    ...body,
    type: 'session_resource',
  })),
  SRES_LIST_LIMIT_OMITTED_ONE_PAGE: {
    // One page when the limit is omitted, of the default size of another list (the dreams').
    resourceListLimit: (documented) => (limit) => {
      const read = documented(limit);
      return read.ok && read.limit === 'all' ? { ok: true, limit: DREAM_LIST_LIMIT_DEFAULT } : read;
    },
  },
  SRES_LIST_NEXT_PAGE_ON_LAST_PAGE: {
    resourcePage: (documented) => (items, idOf, options) => {
      const page = documented(items, idOf, options);
      const last = page.data.at(-1);
      return page.next_page === null && last !== undefined
        ? { ...page, next_page: encodeCursor(idOf(last)) }
        : page;
    },
  },
  // The full hash reads back abbreviated.
  SRES_REPO_COMMIT_SHA_ABBREVIATED: { checkoutCommit: (documented) => (sha) => documented(sha).slice(0, 7) },
  SRES_MEMSTORE_RENAME_PROPAGATES: { storeRenamePropagates: () => true },
  SRES_ROTATION_REFUSED_FOR_REPOSITORIES: {
    checkRotation: (documented) => (resource) =>
      resource.type === 'git_host_repository'
        ? [
            {
              code: 'rotation_refused',
              requirement: 'SRES-UPDATE-ROTATION-REPO-ONLY',
              message: 'rotation refused',
            },
          ]
        : documented(resource),
  },
} satisfies FaultPatches);

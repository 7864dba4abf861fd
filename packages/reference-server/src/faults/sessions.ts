/** Seeded faults of session resources (document 001, "Session resources"). */
import { DREAM_LIST_LIMIT_DEFAULT } from '@vendor-api/spec';
import { encodeCursor } from '../pagination.js';
import { rewriteBody } from './answers.js';
import { type AreaImplementations, IN_TEST_CONTROL } from './types.js';

export const sessions: AreaImplementations<'sessions'> = {
  SRES_DEFAULT_MOUNT_PATH_WRONG: {
    decisions: {
      // The default drops `uploads/`.
      mountPathFor: (documented) => (params) =>
        params.mount_path === undefined ? `/mnt/session/${params.file_id}` : documented(params),
    },
  },
  SRES_ROTATION_ALLOWED_FOR_FILES: {
    decisions: {
      checkRotation: (documented) => (resource) => (resource.type === 'file' ? [] : documented(resource)),
    },
  },
  SRES_DELETE_CONFIRMATION_TYPE_WRONG: {
    operations: {
      'sessions.resources.delete': rewriteBody((body) => ({ ...body, type: 'session_resource' })),
    },
  },
  SRES_LIST_LIMIT_OMITTED_ONE_PAGE: {
    decisions: {
      // One page when the limit is omitted, of the default size of another list (the dreams').
      resourceListLimit: (documented) => (limit) => {
        const read = documented(limit);
        return read.ok && read.limit === 'all' ? { ok: true, limit: DREAM_LIST_LIMIT_DEFAULT } : read;
      },
    },
  },
  SRES_LIST_NEXT_PAGE_ON_LAST_PAGE: {
    decisions: {
      resourcePage: (documented) => (items, idOf, options) => {
        const page = documented(items, idOf, options);
        const last = page.data.at(-1);
        return page.next_page === null && last !== undefined
          ? { ...page, next_page: encodeCursor(idOf(last)) }
          : page;
      },
    },
  },
  SRES_REPO_COMMIT_SHA_ABBREVIATED: IN_TEST_CONTROL,
  SRES_MEMSTORE_RENAME_PROPAGATES: IN_TEST_CONTROL,
  SRES_ROTATION_REFUSED_FOR_REPOSITORIES: {
    decisions: {
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
  },
};

/** Seeded faults of session resources (document 001, "Session resources"). */
import type { FaultDefinition } from './types.js';

export const faults: readonly FaultDefinition[] = [
  {
    name: 'SRES_DEFAULT_MOUNT_PATH_WRONG',
    requirement: 'SRES-CREATE-DEFAULT-MOUNT-PATH',
    description: 'A file resource added without mount_path is mounted at /mnt/session/<file_id>.',
  },
  {
    name: 'SRES_ROTATION_ALLOWED_FOR_FILES',
    requirement: 'SRES-UPDATE-ROTATION-REPO-ONLY',
    description: 'Rotating the authorization token of a file resource succeeds.',
  },
  {
    name: 'SRES_DELETE_CONFIRMATION_TYPE_WRONG',
    requirement: 'SRES-DELETED-SHAPE',
    description: 'The deletion confirmation has type session_resource instead of session_resource_deleted.',
  },
  {
    name: 'SRES_LIST_LIMIT_OMITTED_ONE_PAGE',
    requirement: 'SRES-LIST-LIMIT-OMITTED-ALL',
    description: 'Without limit, the session-resource list returns one page of 20 instead of every resource.',
  },
  {
    name: 'SRES_LIST_NEXT_PAGE_ON_LAST_PAGE',
    requirement: 'SRES-LIST-NEXT-PAGE-NULL',
    description: 'The session-resource list answers a next_page cursor on a non-empty last page.',
  },
  {
    name: 'SRES_ROTATION_REFUSED_FOR_REPOSITORIES',
    requirement: 'SRES-UPDATE-ROTATION-REPO-ONLY',
    description: 'Rotating the authorization token of a git_host_repository resource is refused (400).',
  },
  {
    name: 'SRES_REPO_COMMIT_SHA_ABBREVIATED',
    requirement: 'SRES-REPO-CHECKOUT-COMMIT',
    description: 'A commit checkout reads back with its sha abbreviated to 7 characters.',
  },
  {
    name: 'SRES_MEMSTORE_RENAME_PROPAGATES',
    requirement: 'SRES-MEMSTORE-NAME-NO-PROPAGATE',
    description: 'Renaming a memory store also renames the resources that attached it.',
  },
];

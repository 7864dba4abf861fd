/**
 * Choice points of sessions and session resources: what session creation attaches, mount paths,
 * memory-store attachments, token rotation, the list and deletion.
 */
import { type MemoryStoreSessionResource, sessionRules } from '@vendor-api/spec';
import { point } from '../choices/point.js';
import { cursorPage } from '../pagination.js';

export const sessions = {
  /** Whether `{type: file, file_id}` items of session creation attach file resources (else they are accepted unchecked). */
  fileItemsAttached: point<boolean>(['UNSPEC-SESS-CREATE-RESOURCE-KINDS'], false),
  /** Where a file resource is mounted. */
  mountPathFor: point<typeof sessionRules.mountPathFor>(
    ['SRES-CREATE-DEFAULT-MOUNT-PATH'],
    sessionRules.mountPathFor,
  ),
  /** What is wrong with a caller-chosen `mount_path` (`used`: the session's), or null: any string is taken. */
  mountPathProblem: point<(mountPath: string | undefined, used: readonly string[]) => string | null>(
    ['UNSPEC-SRES-MOUNT-PATH-RULES'],
    () => null,
  ),
  /** A memory-store attachment as answered: with the common timestamps, no `access` or `mount_path` of its own. */
  memoryStoreAttachment: point<
    (attached: MemoryStoreSessionResource, timestamp: string) => MemoryStoreSessionResource
  >(
    [
      'UNSPEC-SRES-MEMSTORE-ACCESS-DEFAULT',
      'UNSPEC-SRES-MEMSTORE-TIMESTAMPS',
      'UNSPEC-SRES-MEMSTORE-MOUNT-PATH-DERIVATION',
    ],
    (attached, timestamp) => ({ ...attached, created_at: timestamp, updated_at: timestamp }),
  ),
  /** What stands against rotating a resource's token. */
  checkRotation: point<typeof sessionRules.checkRotation>(
    ['SRES-UPDATE-ROTATION-REPO-ONLY'],
    sessionRules.checkRotation,
  ),
  /** What a repository resource shows of its rotated token: nothing. */
  rotatedTokenEcho: point<(token: string) => { authorization_token_hint?: string }>(
    ['UNSPEC-SRES-UPDATE-TOKEN-ECHO'],
    () => ({}),
  ),
  /** The page size of the session-resource list. */
  resourceListLimit: point<typeof sessionRules.resourceListLimit>(
    ['SRES-LIST-LIMIT-OMITTED-ALL'],
    sessionRules.resourceListLimit,
  ),
  /** A page of the session-resource list. */
  resourcePage: point<typeof cursorPage>(['SRES-LIST-NEXT-PAGE-NULL'], cursorPage),
  /** Whether a second DELETE of a resource confirms its deletion again (else the resource is unknown). */
  deletionRepeated: point<boolean>(['UNSPEC-SRES-DELETE-REPEATED'], false),
  /** The commit a repository's checkout reads back (test control attaches repositories). */
  checkoutCommit: point<(sha: string) => string>(['SRES-REPO-CHECKOUT-COMMIT'], (sha) => sha),
  /** Whether renaming a memory store renames the resources that attached it (test control renames stores). */
  storeRenamePropagates: point<boolean>(['SRES-MEMSTORE-NAME-NO-PROPAGATE'], false),
};

import { describe } from 'vitest';
import { cases } from '../src/cases/sessions/index.js';
import { itPassesAndCatches, type Kills, pinSettings } from './helpers.js';

const settings = pinSettings(11);

const KILLS: Kills<typeof cases> = [
  ['SRES_DEFAULT_MOUNT_PATH_WRONG', 'sessions.file-resource-create'],
  ['SRES_ROTATION_ALLOWED_FOR_FILES', 'sessions.rotation-refused-for-files'],
  ['SRES_DELETE_CONFIRMATION_TYPE_WRONG', 'sessions.resource-delete'],
  ['SRES_LIST_LIMIT_OMITTED_ONE_PAGE', 'sessions.resource-list-pagination'],
  ['SRES_LIST_NEXT_PAGE_ON_LAST_PAGE', 'sessions.resource-list-pagination'],
  ['SRES_ROTATION_REFUSED_FOR_REPOSITORIES', 'sessions.rotation-repository'],
  ['SRES_REPO_COMMIT_SHA_ABBREVIATED', 'sessions.repository-checkout'],
  ['SRES_MEMSTORE_RENAME_PROPAGATES', 'sessions.memory-store-rename-not-propagated'],
];

describe('session cases', () => {
  itPassesAndCatches('session', cases, KILLS, settings);
});

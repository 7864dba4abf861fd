import type { CaseDefinition } from '../../case.js';
import { adminKeyPrefix } from './admin-key-prefix.js';
import { betaHeadersRequired, unknownBetaNeverServerError } from './beta-headers.js';
import { credentialsRequired } from './credentials.js';
import { versionHeaderRequired } from './version-header.js';
import { versionedPaths } from './versioned-paths.js';

export const cases: readonly CaseDefinition[] = [
  versionHeaderRequired,
  betaHeadersRequired,
  unknownBetaNeverServerError,
  credentialsRequired,
  versionedPaths,
  adminKeyPrefix,
];

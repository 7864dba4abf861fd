import { adminKeyPrefix } from './admin-key-prefix.js';
import { allowedBetasServed, betaHeadersRequired, unknownBetaNeverServerError } from './beta-headers.js';
import { credentialsRequired } from './credentials.js';
import { versionHeader } from './version-header.js';
import { versionedPaths } from './versioned-paths.js';

export const cases = [
  versionHeader,
  allowedBetasServed,
  betaHeadersRequired,
  unknownBetaNeverServerError,
  credentialsRequired,
  versionedPaths,
  adminKeyPrefix,
] as const;

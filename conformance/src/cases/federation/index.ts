import { acceptedAlgorithms, kidAndSignature, rejectedAlgorithms } from './algorithms.js';
import { invalidGrantIndistinguishable, requestErrors } from './errors.js';
import { fetchedKeySets, fetchedUrlRules } from './fetched.js';
import { issByteExact } from './issuer.js';
import {
  inlineKeysUpdate,
  jwksDefaultDiscovery,
  privateCertificateAuthority,
  ruleLifetimeDefault,
  ruleWorkspaceOrganization,
  serviceAccountMembership,
} from './issuer-modes.js';
import { matcherExamples, matcherProperty } from './matchers.js';
import { ruleLifecycleModel } from './model.js';
import {
  registrationIssuerFields,
  registrationNames,
  registrationRuleFields,
  urlValidationError,
} from './registration.js';
import { timeClaimsProperty } from './time-property.js';
import { developerTokenScope, developerTokenSessions, tokenExpiry, tunnelsTokenScope } from './tokens.js';
import { claimBoundaries, sizeBoundary } from './verification.js';
import { tokenWorkspaceIsolation, workspaceResolution } from './workspaces.js';

export const cases = [
  claimBoundaries,
  sizeBoundary,
  timeClaimsProperty,
  acceptedAlgorithms,
  rejectedAlgorithms,
  kidAndSignature,
  issByteExact,
  matcherExamples,
  matcherProperty,
  workspaceResolution,
  tokenWorkspaceIsolation,
  developerTokenScope,
  tunnelsTokenScope,
  tokenExpiry,
  requestErrors,
  invalidGrantIndistinguishable,
  ruleLifecycleModel,
  fetchedKeySets,
  fetchedUrlRules,
  developerTokenSessions,
  registrationNames,
  registrationIssuerFields,
  registrationRuleFields,
  urlValidationError,
  jwksDefaultDiscovery,
  inlineKeysUpdate,
  privateCertificateAuthority,
  ruleLifetimeDefault,
  ruleWorkspaceOrganization,
  serviceAccountMembership,
] as const;

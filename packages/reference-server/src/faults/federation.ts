/**
 * Seeded faults of the token exchange: JWT checks, matchers, the exchange's answers and the key-set
 * cache. Each breaks exactly one requirement; they are checked in `federation/verify.ts`,
 * `federation/exchange.ts` and `federation/keysets.ts`.
 */
import type { FaultDefinition } from './types.js';

export const faults: readonly FaultDefinition[] = [
  {
    name: 'JWT_EXP_SKEW_IGNORED',
    requirement: 'JWT-SKEW-30S',
    description: 'No leeway on exp: a JWT is refused as soon as exp <= now.',
  },
  {
    name: 'JWT_EXP_SKEW_DOUBLED',
    requirement: 'JWT-EXP-FUTURE',
    description: 'The 30 s leeway is applied twice to exp: a JWT expired 30 to 60 s ago is accepted.',
  },
  {
    name: 'JWT_IAT_FUTURE_ACCEPTED',
    requirement: 'JWT-IAT-NOT-FUTURE',
    description: 'An iat more than 30 s in the future is accepted.',
  },
  {
    name: 'JWT_NBF_IGNORED',
    requirement: 'JWT-NBF-SKEW',
    description: 'nbf is not checked: a JWT not valid before a later instant is accepted.',
  },
  {
    name: 'JWT_LIFETIME_MAX_IGNORED',
    requirement: 'JWT-LIFETIME-MAX',
    description: "exp - iat above the issuer's maximum lifetime is accepted.",
  },
  {
    name: 'JWT_ISS_TRAILING_SLASH_LOOSE',
    requirement: 'JWT-ISS-EXACT',
    description: 'iss is compared with issuer_url ignoring trailing slashes, not byte for byte.',
  },
  {
    name: 'JWT_HS256_ACCEPTED',
    requirement: 'JWT-ALG-HMAC-REJECTED',
    description: 'A JWT signed with HS256 (by an oct key of the key set) is accepted.',
  },
  {
    name: 'JWT_KID_MISSING_ACCEPTED',
    requirement: 'JWT-KID-REQUIRED',
    description: 'A JWT whose header has no kid is accepted when some key of the set verifies it.',
  },
  {
    name: 'MATCH_SUBJECT_STAR_ANYWHERE',
    requirement: 'MATCH-SUBJECT-PREFIX',
    description: 'A * anywhere in subject_prefix ends the prefix (only a trailing * should).',
  },
  {
    name: 'MATCH_AUDIENCE_ARRAY_IGNORED',
    requirement: 'MATCH-AUDIENCE-ARRAY',
    description: 'An array aud never satisfies audience, even when one element equals it.',
  },
  {
    name: 'MATCH_CLAIMS_NON_STRING',
    requirement: 'MATCH-CLAIMS-STRING-ONLY',
    description: 'claims compares numeric and boolean claims by their string form (123 equals "123").',
  },
  {
    name: 'MATCH_CEL_ERROR_IS_MATCH',
    requirement: 'MATCH-CONDITION-TRUE',
    description: 'A condition whose evaluation errors or is not boolean counts as satisfied.',
  },
  {
    name: 'EXCH_INVALID_GRANT_REVEALS_CAUSE',
    requirement: 'EXCH-ERR-GRANT-CAUSE-HIDDEN',
    description: 'The invalid_grant message names the specific cause, so bodies differ by cause.',
  },
  {
    name: 'EXCH_EXPIRES_IN_NOT_FROM_RULE',
    requirement: 'EXCH-RESPONSE-EXPIRES-IN',
    description: "expires_in is always 3600 while the token expires after the rule's token_lifetime_seconds.",
  },
  {
    name: 'EXCH_TOKEN_PREFIX_WRONG',
    requirement: 'ID-ACCESS-TOKEN-PREFIX',
    description: 'Access tokens are minted with the prefix sk-<vendor>-oat02- (they still work).',
  },
  {
    name: 'EXCH_WORKSPACE_ID_NOT_REQUIRED',
    requirement: 'EXCH-WORKSPACE-ID-REQUIRED-MULTI',
    description:
      'A rule enabled for several workspaces exchanges without workspace_id (the first one is chosen).',
  },
  {
    name: 'EXCH_ARCHIVED_RULE_ACCEPTED',
    requirement: 'RULE-ARCHIVED-NONEXISTENT',
    description: 'An archived rule still exchanges tokens as if it were active.',
  },
  {
    name: 'KEYSET_NEVER_REFRESHED',
    requirement: 'KEYCACHE-ROTATION-DELAY',
    description: 'A fetched key set is cached forever: a rotated key is never picked up.',
  },
  {
    name: 'URL_PORT_NOT_CHECKED',
    requirement: 'URL-PORT-443',
    description: 'Issuer registration accepts a fetched URL on a port other than 443.',
  },
  {
    name: 'URL_PRIVATE_ADDRESS_ACCEPTED',
    requirement: 'URL-PUBLIC-ADDRESSES',
    description: 'Issuer registration accepts a fetched host that resolves to a non-public address.',
  },
  {
    name: 'URL_UNFETCHED_ISSUER_URL_CHECKED',
    requirement: 'URL-ISSUER-UNFETCHED-FREE',
    description:
      'issuer_url is held to the URL rules even when it is never fetched (inline, explicit_url, discovery_base).',
  },
];

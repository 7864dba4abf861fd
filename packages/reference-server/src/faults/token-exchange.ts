/**
 * Seeded faults of the token exchange (JWT checks, matchers, the exchange's answers, the key-set
 * cache, the issuer URL rules): asked for by name (`faultOn(state, name)`) in
 * `federation-seams.ts`, which patches a copy of the spec's verification table and swaps the
 * exchange's stages, so `src/federation/` reads as the documented behaviour only.
 */
import type { AreaImplementations, FaultImplementation } from './types.js';

const EXCHANGE: FaultImplementation = { askedBy: 'token exchange' };

export const tokenExchange: AreaImplementations<'federation'> = {
  JWT_EXP_SKEW_IGNORED: EXCHANGE,
  JWT_EXP_SKEW_DOUBLED: EXCHANGE,
  JWT_IAT_FUTURE_ACCEPTED: EXCHANGE,
  JWT_NBF_IGNORED: EXCHANGE,
  JWT_LIFETIME_MAX_IGNORED: EXCHANGE,
  JWT_ISS_TRAILING_SLASH_LOOSE: EXCHANGE,
  JWT_HS256_ACCEPTED: EXCHANGE,
  JWT_KID_MISSING_ACCEPTED: EXCHANGE,
  MATCH_SUBJECT_STAR_ANYWHERE: EXCHANGE,
  MATCH_AUDIENCE_ARRAY_IGNORED: EXCHANGE,
  MATCH_CLAIMS_NON_STRING: EXCHANGE,
  MATCH_CEL_ERROR_IS_MATCH: EXCHANGE,
  EXCH_INVALID_GRANT_REVEALS_CAUSE: EXCHANGE,
  EXCH_EXPIRES_IN_NOT_FROM_RULE: EXCHANGE,
  EXCH_TOKEN_PREFIX_WRONG: EXCHANGE,
  EXCH_WORKSPACE_ID_NOT_REQUIRED: EXCHANGE,
  EXCH_ARCHIVED_RULE_ACCEPTED: EXCHANGE,
  KEYSET_NEVER_REFRESHED: EXCHANGE,
  URL_PORT_NOT_CHECKED: EXCHANGE,
  URL_PRIVATE_ADDRESS_ACCEPTED: EXCHANGE,
  URL_UNFETCHED_ISSUER_URL_CHECKED: EXCHANGE,
};

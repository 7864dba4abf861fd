/**
 * JWT verification at exchange (document 000, "Authentication > JWT verification at exchange"):
 * the decision procedure on decoded data. Signature mathematics is the JOSE library's job (jose);
 * this module decides everything around it: size, algorithm, key id, claims, skew, lifetime and
 * issuer, plus how each failure maps to the exchange error table.
 *
 * Times are NumericDates: seconds since the epoch (fractions allowed).
 *
 * In four parts: `jwt/decoding.ts` (a compact JWS decoded, nothing verified), `jwt/checks.ts` (the
 * check table and `checkJwt`), `jwt/verification.ts` (the order of verification and the exchange
 * failures) and `jwt/key-hygiene.ts` (whether an issuer's key is strong enough to trust).
 */

/** Requirement ids this module implements. */
export const requirementIds: readonly string[] = [
  'JWT-SIZE-MAX',
  'JWT-ALG-ACCEPTED',
  'JWT-ALG-HMAC-REJECTED',
  'JWT-ALG-NONE-REJECTED',
  'JWT-KID-REQUIRED',
  'JWT-KID-KNOWN',
  'JWT-SUB-REQUIRED',
  'JWT-IAT-REQUIRED',
  'JWT-IAT-NOT-FUTURE',
  'JWT-EXP-REQUIRED',
  'JWT-EXP-FUTURE',
  'JWT-NBF-SKEW',
  'JWT-SKEW-30S',
  'JWT-LIFETIME-MAX',
  'JWT-LIFETIME-DEFAULT',
  'JWT-ISS-EXACT',
  'ISSUER-MAX-LIFETIME-DEFAULT',
  'ISSUER-MAX-LIFETIME-CONFIGURABLE',
  'EXCH-ASSERTION-MAX',
  'EXCH-ERR-ISS-MISMATCH',
  'EXCH-ERR-KEYSET-FETCH-FAILED',
  'EXCH-ERR-KEYSET-STALE',
  'EXCH-ERR-KEY-NOT-IN-SET',
  'EXCH-ERR-EXPIRED',
  'EXCH-ERR-MATCH-FAILED',
  'EXCH-ERR-RULE-NOT-FOUND',
  'EXCH-ERR-RULE-ARCHIVED',
  'EXCH-ERR-NOT-AUTHORIZED',
  'EXCH-ERR-GRANT-MERGED',
  'EXCH-ERR-GRANT-CAUSE-HIDDEN',
  'EXCH-ERROR-BODY',
];

export * from './jwt/checks.js';
export * from './jwt/decoding.js';
export * from './jwt/key-hygiene.js';
export * from './jwt/verification.js';

/**
 * The order of the exchange's verification against an active rule (the federation-rule
 * machine's `oauth.token` chain reads it) and the exchange failures it ends in: which are
 * `invalid_grant`, which are merged against enumeration. Part of `rules/jwt.ts`.
 */

import type { JwtCheckId } from './checks.js';

/** Guards of the federation-rule machine that the exchange's verification decides, one per step. */
export type VerificationGuard =
  | 'jwtAuthorized'
  | 'otherJwtChecksPass'
  | 'issMatches'
  | 'keySetFetched'
  | 'keySetFresh'
  | 'signedByKnownKey'
  | 'notExpired'
  | 'claimsMatch';

/**
 * How a step is decided: the request's authorization for the rule, JWT checks of the check
 * table (`JWT_CHECK_BY_ID`), the issuer's key set (fetched, then fresh), the signature (after the step's checks) or
 * the rule's `match` (`matchers.matchClaims`).
 */
export type VerificationStage =
  | 'authorization'
  | 'jwt-checks'
  | 'key-set-fetched'
  | 'key-set-fresh'
  | 'signature'
  | 'match';

export interface VerificationStep {
  /** The machine's guard: true when the step passes. */
  readonly guard: VerificationGuard;
  readonly stage: VerificationStage;
  /** The JWT checks the step makes, in order (a `signature` step makes them before the signature). */
  readonly checks: readonly JwtCheckId[];
  /** Whether an assertion that does not decode as a compact JWS fails this step (UNSPEC-EXCH-JWT-CHECK-ERRORS). */
  readonly undecodable?: true;
  /** The exchange failure when the step fails. */
  readonly cause: ExchangeFailureCause;
  /** The Unspecified item of the answer when the error table lists none for this failure. */
  readonly unspecified?: string;
  /** Requirement ids of the failure row. */
  readonly requirements: readonly string[];
  /** The guard, as the machine describes it. */
  readonly description: string;
  /** The failure row's note. */
  readonly note: string;
}

/**
 * The exchange's verification against an active rule, in order: the first step that fails is the
 * answer, every later one is not looked at. The federation-rule machine's chain of `oauth.token`
 * rows and the order of `JWT_CHECKS` (so of `checkJwt`) are both read from here.
 *
 * Which check wins when several fail is not shown (UNSPEC-EXCH-CHECK-ORDER). This order makes the
 * checks that need nothing but the assertion (and that the error table does not list) first, then
 * the documented `invalid_grant` causes: `iss`, the key set, the signing key, `exp`, `match`.
 */
export const EXCHANGE_VERIFICATION: readonly VerificationStep[] = [
  {
    guard: 'jwtAuthorized',
    stage: 'authorization',
    checks: [],
    cause: 'not-authorized',
    requirements: ['EXCH-ERR-NOT-AUTHORIZED', 'EXCH-ERR-GRANT-MERGED', 'EXCH-ERR-GRANT-CAUSE-HIDDEN'],
    description:
      "The JWT is authorized for the rule: issued by the rule's issuer, for the rule's organization, service account and an enabled workspace (UNSPEC-EXCH-NOT-AUTHORIZED-MEANING).",
    note: 'JWT not authorized for the rule: same body as a nonexistent or archived rule.',
  },
  {
    guard: 'otherJwtChecksPass',
    stage: 'jwt-checks',
    checks: [
      'size',
      'alg',
      'kid-present',
      'sub',
      'iat-present',
      'exp-present',
      'iat-not-future',
      'nbf',
      'lifetime',
    ],
    undecodable: true,
    cause: 'other-jwt-check',
    unspecified: 'UNSPEC-EXCH-JWT-CHECK-ERRORS',
    requirements: [
      'JWT-SIZE-MAX',
      'JWT-ALG-ACCEPTED',
      'JWT-ALG-HMAC-REJECTED',
      'JWT-ALG-NONE-REJECTED',
      'JWT-KID-REQUIRED',
      'JWT-SUB-REQUIRED',
      'JWT-IAT-REQUIRED',
      'JWT-EXP-REQUIRED',
      'JWT-IAT-NOT-FUTURE',
      'JWT-NBF-SKEW',
      'JWT-LIFETIME-MAX',
    ],
    description:
      'Every JWT check the error table does not list passes: the assertion decodes, size, algorithm, `kid` present, `sub`, `iat` (present, not in the future beyond skew), `exp` present, `nbf`, lifetime.',
    note: 'Rejected, but the error table does not list these checks; the reference server answers 400 invalid_grant.',
  },
  {
    guard: 'issMatches',
    stage: 'jwt-checks',
    checks: ['iss'],
    cause: 'iss-mismatch',
    requirements: ['EXCH-ERR-ISS-MISMATCH', 'JWT-ISS-EXACT', 'EXCH-ERR-GRANT-CAUSE-HIDDEN'],
    description: 'The JWT `iss` equals the registered `issuer_url` byte for byte.',
    note: '`iss` differs from the registered `issuer_url`.',
  },
  {
    guard: 'keySetFetched',
    stage: 'key-set-fetched',
    checks: [],
    cause: 'keyset-fetch-failed',
    requirements: ['EXCH-ERR-KEYSET-FETCH-FAILED', 'EXCH-ERR-GRANT-CAUSE-HIDDEN'],
    description: "The issuer's key set could be fetched (always true in `inline` mode).",
    note: 'Key-set fetch failed.',
  },
  {
    guard: 'keySetFresh',
    stage: 'key-set-fresh',
    checks: [],
    cause: 'keyset-stale',
    requirements: ['EXCH-ERR-KEYSET-STALE', 'KEYCACHE-ROTATION-DELAY', 'EXCH-ERR-GRANT-CAUSE-HIDDEN'],
    description: "The issuer's key set is not stale (UNSPEC-FED-KEYSET-STALE).",
    note: 'Key set stale.',
  },
  {
    guard: 'signedByKnownKey',
    stage: 'signature',
    checks: ['kid-known'],
    cause: 'key-not-in-set',
    requirements: [
      'EXCH-ERR-KEY-NOT-IN-SET',
      'JWT-KID-KNOWN',
      'JWT-SIGNATURE',
      'EXCH-ERR-GRANT-CAUSE-HIDDEN',
    ],
    description: 'The JWT header `kid` names a key of the key set and its signature verifies with it.',
    note: 'Signed by a key not in the key set.',
  },
  {
    guard: 'notExpired',
    stage: 'jwt-checks',
    checks: ['exp-not-past'],
    cause: 'exp-past',
    requirements: ['EXCH-ERR-EXPIRED', 'JWT-EXP-FUTURE', 'JWT-SKEW-30S', 'EXCH-ERR-GRANT-CAUSE-HIDDEN'],
    description: 'The JWT `exp` is not in the past beyond the 30-second skew.',
    note: '`exp` in the past beyond the 30-second skew.',
  },
  {
    guard: 'claimsMatch',
    stage: 'match',
    checks: [],
    cause: 'match-failed',
    requirements: ['EXCH-ERR-MATCH-FAILED', 'JWT-MATCH', 'MATCH-AND', 'EXCH-ERR-GRANT-CAUSE-HIDDEN'],
    description: "The verified claims satisfy the rule's `match`.",
    note: "Claims do not satisfy the rule's `match`.",
  },
];

/** The step that makes a JWT check. */
const STEP_OF_CHECK = new Map(EXCHANGE_VERIFICATION.flatMap((s) => s.checks.map((id) => [id, s] as const)));

/** The verification step that makes a check (every check is made by exactly one). */
export function stepOfCheck(check: JwtCheckId): VerificationStep {
  return STEP_OF_CHECK.get(check)!;
}

/** The step decided at a stage (the first, for `jwt-checks`). */
export function stepAt(stage: VerificationStage): VerificationStep {
  return EXCHANGE_VERIFICATION.find((s) => s.stage === stage)!;
}

// ---------------------------------------------------------------------------------------------
// Exchange failures: which are `invalid_grant`, which are merged

/** Causes of a failed exchange after the body was accepted. */
export type ExchangeFailureCause =
  | 'iss-mismatch'
  | 'keyset-fetch-failed'
  | 'keyset-stale'
  | 'key-not-in-set'
  | 'exp-past'
  | 'match-failed'
  | 'rule-not-found'
  | 'rule-archived'
  | 'not-authorized'
  /** A JWT check the error table does not list (UNSPEC-EXCH-JWT-CHECK-ERRORS). */
  | 'other-jwt-check';

export interface ExchangeFailure {
  readonly cause: ExchangeFailureCause;
  readonly status: 400;
  readonly errorType: 'invalid_grant';
  /** Whether the error table documents this cause (false: the reference server's choice). */
  readonly documented: boolean;
  /** Causes deliberately merged to prevent enumeration (same body, by design). */
  readonly mergedAgainstEnumeration: boolean;
  readonly requirement: string;
}

const failure = (
  cause: ExchangeFailureCause,
  requirement: string,
  documented = true,
  mergedAgainstEnumeration = false,
): ExchangeFailure => ({
  cause,
  status: 400,
  errorType: 'invalid_grant',
  documented,
  mergedAgainstEnumeration,
  requirement,
});

/** Every `invalid_grant` cause of the exchange error table (plus the undocumented JWT checks). */
export const INVALID_GRANT_CAUSES: readonly ExchangeFailure[] = [
  failure('iss-mismatch', 'EXCH-ERR-ISS-MISMATCH'),
  failure('keyset-fetch-failed', 'EXCH-ERR-KEYSET-FETCH-FAILED'),
  failure('keyset-stale', 'EXCH-ERR-KEYSET-STALE'),
  failure('key-not-in-set', 'EXCH-ERR-KEY-NOT-IN-SET'),
  failure('exp-past', 'EXCH-ERR-EXPIRED'),
  failure('match-failed', 'EXCH-ERR-MATCH-FAILED'),
  failure('rule-not-found', 'EXCH-ERR-RULE-NOT-FOUND', true, true),
  failure('rule-archived', 'EXCH-ERR-RULE-ARCHIVED', true, true),
  failure('not-authorized', 'EXCH-ERR-NOT-AUTHORIZED', true, true),
  failure('other-jwt-check', 'EXCH-ERR-GRANT-CAUSE-HIDDEN', false),
];

/** The failure entry of a cause. */
export function exchangeFailure(cause: ExchangeFailureCause): ExchangeFailure {
  return INVALID_GRANT_CAUSES.find((f) => f.cause === cause)!;
}

/** Whether the cause is one of the three merged to prevent rule enumeration (EXCH-ERR-GRANT-MERGED). */
export function isMergedAgainstEnumeration(cause: ExchangeFailureCause): boolean {
  return exchangeFailure(cause).mergedAgainstEnumeration;
}

/** Which exchange cause a failed JWT check is: its verification step's (unlisted checks are `other-jwt-check`). */
export function causeOfCheck(check: JwtCheckId): ExchangeFailureCause {
  return stepOfCheck(check).cause;
}

/** Message of every `invalid_grant` body: the cause is never exposed (EXCH-ERR-GRANT-CAUSE-HIDDEN). */
export const INVALID_GRANT_MESSAGE = 'The assertion could not be exchanged.';

/**
 * The error body of any `invalid_grant` failure. It ignores its argument on purpose: every cause
 * gives the identical body (EXCH-ERR-GRANT-CAUSE-HIDDEN, EXCH-ERR-GRANT-MERGED).
 */
export function invalidGrantBody(_cause?: ExchangeFailureCause): {
  type: 'error';
  error: { type: 'invalid_grant'; message: string };
} {
  return { type: 'error', error: { type: 'invalid_grant', message: INVALID_GRANT_MESSAGE } };
}

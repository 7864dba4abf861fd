/**
 * Choice points of the token exchange: the JWT checks and how time claims are read, the signature
 * and the match, the answers, the access token minted, the key-set cache and the issuer URL rules.
 */
import { type ErrorBody, jwt, matchers, urls } from '@vendor-api/spec';
import { point } from '../choices/point.js';
import type { IdGenerator } from '../ids.js';
import { signatureVerifies, type VerificationStages } from './verify.js';

/** Runs the JWT checks as the exchange does. */
type CheckJwt = (input: jwt.JwtCheckInput) => jwt.JwtCheckResult;

export const federation = {
  /** The JWT checks by id (the table cites their requirements). */
  jwtChecks: point<Readonly<Record<jwt.JwtCheckId, jwt.JwtCheck>>>([], jwt.JWT_CHECK_BY_ID),
  /** Whether the assertion's signature verifies with a key of the set. */
  signature: point<VerificationStages['signature']>(['JWT-SIGNATURE'], signatureVerifies),
  /** The rule's `match` on the claims (the matchers cite their requirements). */
  match: point<VerificationStages['match']>([], matchers.matchClaims),
  /** The claims as the time checks read them: as sent. */
  claimsAsChecked: point<(claims: jwt.JwtClaims) => jwt.JwtClaims>(
    ['UNSPEC-FED-CLAIM-TYPES'],
    (claims) => claims,
  ),
  /** The instant (seconds) the time checks compare with, from the clock's. */
  jwtCheckInstant: point<(nowSeconds: number) => number>(['UNSPEC-FED-SKEW-BOUNDARY'], (now) => now),
  /**
   * The assertion's failure of a check that needs no rule and that the error table does not list,
   * found before the rule is looked up (`'undecodable'`, the check, or null: the checks run in
   * their usual order).
   */
  assertionRefusedFirst: point<
    (
      assertion: string,
      check: CheckJwt,
      now: number,
      claimsAsChecked: (claims: jwt.JwtClaims) => jwt.JwtClaims,
    ) => 'undecodable' | jwt.JwtCheckId | null
  >(['UNSPEC-EXCH-CHECK-ORDER', 'UNSPEC-EXCH-JWT-CHECK-ERRORS'], () => null),
  /** The error type of an exchange body that fails validation (`body` undefined: not JSON). */
  exchangeBodyErrorType: point<(body: unknown, documented: string) => string>(
    ['UNSPEC-EXCH-OTHER-VALIDATION'],
    (_body, documented) => documented,
  ),
  /** The body of an `invalid_grant` answer, whatever its cause. */
  invalidGrantBody: point<(body: ErrorBody, cause: jwt.ExchangeFailureCause) => ErrorBody>(
    ['EXCH-ERR-GRANT-CAUSE-HIDDEN'],
    (body) => body,
  ),
  /** The workspace chosen when the rule is enabled for several and the body names none: none. */
  workspaceOfSeveral: point<(enabled: readonly string[]) => string | null>(
    ['EXCH-WORKSPACE-ID-REQUIRED-MULTI'],
    () => null,
  ),
  /**
   * Whether a workspace the rule is not enabled for (or the service account is not a member of)
   * is refused once the JWT is verified, with its own answer, instead of as "not authorized".
   */
  workspaceRefusedAfterVerification: point<boolean>(['UNSPEC-EXCH-NOT-AUTHORIZED-MEANING'], false),
  /** Whether an archived rule is treated as archived. */
  archivedRulesRefused: point<boolean>(['RULE-ARCHIVED-NONEXISTENT'], true),
  /** The prefix of a minted access token, from the documented one. */
  accessTokenPrefix: point<(documented: string, vendorName: string) => string>(
    ['ID-ACCESS-TOKEN-PREFIX'],
    (documented) => documented,
  ),
  /** The part of an access token after its prefix. */
  accessTokenBody: point<(reference: string, ids: IdGenerator) => string>(
    ['UNSPEC-EXCH-TOKEN-FORMAT'],
    (reference) => reference,
  ),
  /** How long an access token lives (seconds): the rule's lifetime. */
  accessTokenLifetime: point<(ruleLifetime: number, assertionExp: unknown, nowSeconds: number) => number>(
    ['UNSPEC-EXCH-EXPIRES-IN-VALUE'],
    (ruleLifetime) => ruleLifetime,
  ),
  /** The `expires_in` answered: the token's lifetime. */
  expiresInAnswered: point<(lifetime: number, defaultLifetime: number) => number>(
    ['EXCH-RESPONSE-EXPIRES-IN'],
    (lifetime) => lifetime,
  ),
  /** Whether expired access tokens may be forgotten. */
  expiredTokensForgotten: point<boolean>(['FED-TOKEN-SHORT-LIVED-ONE-WORKSPACE'], true),
  /** Age (ms) at which a fetched key set is fetched again: within a minute. */
  keySetMaxAgeMs: point<number>(['KEYCACHE-ROTATION-DELAY', 'UNSPEC-FED-KEYSET-STALE'], 60_000),
  /** Whether a cached key set past its age is still used as it is. */
  staleKeySetsUsed: point<boolean>(['KEYCACHE-ROTATION-DELAY'], false),
  /** The URL rules an issuer is registered under. */
  issuerUrlRules: point<typeof urls.validateIssuerUrls>(
    ['URL-PORT-443', 'URL-PUBLIC-ADDRESSES', 'URL-ISSUER-UNFETCHED-FREE'],
    urls.validateIssuerUrls,
  ),
};

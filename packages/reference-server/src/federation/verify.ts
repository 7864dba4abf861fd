/**
 * JWT verification at exchange (document 000, "JWT verification at exchange") as the facts the
 * federation-rule machine's `oauth.token` rows decide on. Nothing here restates a rule: the
 * decisions are the spec's `jwt.checkJwt` (size, algorithm, kid, claims, 30 s skew, lifetime,
 * byte-exact `iss`) and `matchers.matchClaims` (subject, audience, claims, CEL condition); the
 * signature is jose's `compactVerify` against the issuer's key set, restricted to the nine
 * accepted algorithms.
 *
 * Facts are produced in the machine's chain order (`issMatches`, `keySetFetched`, `keySetFresh`,
 * `signedByKnownKey`, `notExpired`, `otherJwtChecksPass`, `claimsMatch`) and the first false one
 * ends the verification: `step` treats facts not given as false, and each chain row names only
 * the guards before it, so the first false fact picks its row.
 *
 * Seeded faults of this area are applied here, each where the check it breaks is made.
 */
import { type FederationMatch, jwt, matchers } from '@vendor-api/spec';
import { type CryptoKey, compactVerify, importJWK, type JWK, errors as joseErrors } from 'jose';
import { faultOn } from '../faults/index.js';
import type { ServerState } from '../state.js';
import { claimsAsChecked, jwtCheckInstant } from '../variants/seams.js';
import type { LoadedKeySet } from './keysets.js';
import type { FederationState, IssuerRecord } from './store.js';

export type ChainGuard =
  | 'issMatches'
  | 'keySetFetched'
  | 'keySetFresh'
  | 'signedByKnownKey'
  | 'notExpired'
  | 'otherJwtChecksPass'
  | 'claimsMatch';

export type ChainFacts = Partial<Record<ChainGuard, boolean>>;

export interface Verification {
  /** Guard facts up to (and including) the first false one. */
  readonly facts: ChainFacts;
  /** Why it failed, in the spec's terms (for logs and the cause-revealing fault only). */
  readonly cause: jwt.ExchangeFailureCause | null;
  /** The verified claims (set once the signature verified). */
  readonly claims: jwt.JwtClaims | null;
}

const ACCEPTED = [...jwt.ACCEPTED_ALGORITHMS];

const stripSlash = (s: string) => s.replace(/\/+$/, '');

/**
 * `jwt.checkJwt` plus the faults that bend one of its decisions. Each fault re-asks `checkJwt`
 * with one input changed, so every other check still runs.
 */
export function runJwtChecks(state: ServerState, input: jwt.JwtCheckInput): jwt.JwtCheckResult {
  let current = input;
  let result = jwt.checkJwt(current);
  for (let round = 0; round < 8 && !result.ok; round++) {
    const { claims, header, now } = current;
    let next: jwt.JwtCheckInput | null = null;
    switch (result.check) {
      case 'iss':
        // Fault: `iss` compared ignoring trailing slashes instead of byte for byte.
        if (
          faultOn(state, 'JWT_ISS_TRAILING_SLASH_LOOSE') &&
          typeof claims.iss === 'string' &&
          stripSlash(claims.iss) === stripSlash(current.issuer.issuer_url)
        ) {
          next = { ...current, issuer: { ...current.issuer, issuer_url: claims.iss } };
        }
        break;
      case 'iat-not-future':
        // Fault: an `iat` in the future is accepted (checked as if now were `iat`).
        if (faultOn(state, 'JWT_IAT_FUTURE_ACCEPTED') && typeof claims.iat === 'number') {
          next = { ...current, now: Math.max(now, claims.iat) };
        }
        break;
      case 'exp-not-past':
        // Fault: the 30 s leeway is applied twice to `exp` (60 s).
        if (
          faultOn(state, 'JWT_EXP_SKEW_DOUBLED') &&
          typeof claims.exp === 'number' &&
          claims.exp > now - 2 * jwt.CLOCK_SKEW_SECONDS
        ) {
          next = { ...current, now: now - jwt.CLOCK_SKEW_SECONDS };
        }
        break;
      case 'nbf':
        // Fault: `nbf` is not checked.
        if (faultOn(state, 'JWT_NBF_IGNORED')) {
          const { nbf: _nbf, ...rest } = claims;
          next = { ...current, claims: rest };
        }
        break;
      case 'lifetime':
        // Fault: the issuer's maximum lifetime is not enforced (lifetime is the last check).
        if (faultOn(state, 'JWT_LIFETIME_MAX_IGNORED')) return { ok: true };
        break;
      case 'kid-present':
        // Fault: a header without `kid` is accepted (any key of the set may verify it).
        if (faultOn(state, 'JWT_KID_MISSING_ACCEPTED') && header.kid === undefined) {
          next = { ...current, header: { ...header, kid: current.issuer.kids[0] ?? '' } };
        }
        break;
      case 'alg':
        // Fault: HS256 passes the algorithm check (verified with an `oct` key of the set).
        if (faultOn(state, 'JWT_HS256_ACCEPTED') && header.alg === 'HS256') {
          next = { ...current, header: { ...header, alg: 'ES256' } };
        }
        break;
      default:
        break;
    }
    if (next === null) break;
    current = next;
    result = jwt.checkJwt(current);
  }
  // Fault: no leeway on `exp` (a token is refused as soon as `exp <= now`).
  if (
    result.ok &&
    faultOn(state, 'JWT_EXP_SKEW_IGNORED') &&
    typeof current.claims.exp === 'number' &&
    current.claims.exp <= current.now
  ) {
    return { ok: false, check: 'exp-not-past', requirement: 'JWT-SKEW-30S', message: 'exp without leeway' };
  }
  return result;
}

/** Whether jose verifies the assertion's signature with a key of the set (JWT-SIGNATURE). */
export async function signatureVerifies(
  state: ServerState,
  assertion: string,
  header: jwt.JwtHeader,
  keySet: LoadedKeySet,
): Promise<boolean> {
  if (header.alg === 'HS256' && faultOn(state, 'JWT_HS256_ACCEPTED')) {
    const oct = keySet.keys.find(
      (k) => k.kty === 'oct' && (header.kid === undefined || k.kid === header.kid),
    );
    if (!oct) return false;
    try {
      const key = await importJWK(oct as JWK, 'HS256');
      await compactVerify(assertion, key, { algorithms: ['HS256'] });
      return true;
    } catch {
      return false;
    }
  }
  try {
    await compactVerify(assertion, keySet.resolve, { algorithms: ACCEPTED });
    return true;
  } catch (error) {
    if (error instanceof joseErrors.JWKSMultipleMatchingKeys) {
      const candidates = error as unknown as AsyncIterable<CryptoKey>;
      for await (const key of candidates) {
        try {
          await compactVerify(assertion, key, { algorithms: ACCEPTED });
          return true;
        } catch {}
      }
    }
    return false;
  }
}

/**
 * `matchers.matchClaims` plus the faults that bend one matcher. Only `ok` matters to the
 * exchange; the failing matcher is never revealed (EXCH-ERR-GRANT-CAUSE-HIDDEN).
 */
export function ruleMatches(
  state: ServerState,
  match: FederationMatch,
  claims: jwt.JwtClaims,
): matchers.MatchResult {
  let m = match;
  let c = claims;
  // Fault: a `*` anywhere in `subject_prefix` ends the prefix (not only a trailing one).
  if (faultOn(state, 'MATCH_SUBJECT_STAR_ANYWHERE') && typeof m.subject_prefix === 'string') {
    const star = m.subject_prefix.indexOf('*');
    if (star >= 0) m = { ...m, subject_prefix: m.subject_prefix.slice(0, star + 1) };
  }
  // Fault: an array `aud` is ignored (never satisfies `audience`).
  if (faultOn(state, 'MATCH_AUDIENCE_ARRAY_IGNORED') && Array.isArray(c.aud)) {
    const { aud: _aud, ...rest } = c;
    c = rest;
  }
  // Fault: `claims` compared after converting the claim to a string (123 equals "123").
  if (faultOn(state, 'MATCH_CLAIMS_NON_STRING') && m.claims !== undefined) {
    const converted: Record<string, unknown> = { ...c };
    for (const name of Object.keys(m.claims)) {
      const value = c[name];
      if (typeof value === 'number' || typeof value === 'boolean') converted[name] = String(value);
    }
    c = converted;
  }
  const result = matchers.matchClaims(m, c);
  // Fault: a condition that errors or is not boolean counts as a match.
  if (
    !result.ok &&
    result.matcher === 'condition' &&
    (result.reason === 'error' || result.reason === 'not-boolean') &&
    faultOn(state, 'MATCH_CEL_ERROR_IS_MATCH')
  ) {
    return { ok: true };
  }
  return result;
}

/** Ends a verification at its first false guard fact. */
function stop(facts: ChainFacts, guard: ChainGuard, cause: jwt.ExchangeFailureCause): Verification {
  facts[guard] = false;
  return { facts, cause, claims: null };
}

/**
 * Verifies an assertion against an issuer (everything of the machine chain after the rule and
 * authorization facts, up to and including `claimsMatch`).
 */
export async function verifyAssertion(
  state: ServerState,
  federation: FederationState,
  issuer: IssuerRecord,
  match: FederationMatch,
  assertion: string,
): Promise<Verification> {
  const facts: ChainFacts = {};
  const decoded = jwt.decodeCompactJws(assertion);
  // The exact skew boundaries and the types time claims may take are not shown
  // (UNSPEC-FED-SKEW-BOUNDARY, UNSPEC-FED-CLAIM-TYPES).
  const now = jwtCheckInstant(state, state.clock.now() / 1000);
  const issuerFacts = {
    issuer_url: issuer.issuer_url,
    ...(issuer.maxLifetimeSeconds !== undefined ? { maxLifetimeSeconds: issuer.maxLifetimeSeconds } : {}),
  };
  if (!decoded.ok) {
    // An undecodable assertion fails the JWT checks (UNSPEC-EXCH-JWT-CHECK-ERRORS).
    Object.assign(facts, {
      issMatches: true,
      keySetFetched: true,
      keySetFresh: true,
      signedByKnownKey: true,
      notExpired: true,
    });
    return stop(facts, 'otherJwtChecksPass', 'other-jwt-check');
  }
  const { header, claims } = decoded;
  const checked = claimsAsChecked(state, claims);

  // `iss` first (the machine's order): every check but the key id, which needs the key set.
  const assumedKid = 'kid';
  const pre = runJwtChecks(state, {
    assertion,
    header: { ...header, kid: assumedKid },
    claims: checked,
    now,
    issuer: { ...issuerFacts, kids: [assumedKid] },
  });
  if (!pre.ok && pre.check === 'iss') return stop(facts, 'issMatches', 'iss-mismatch');
  facts.issMatches = true;

  const keySet = await federation.keySets.get(state, issuer);
  if (!keySet.ok) {
    if (keySet.cause === 'keyset-stale') facts.keySetFetched = true;
    return stop(facts, keySet.cause === 'keyset-stale' ? 'keySetFresh' : 'keySetFetched', keySet.cause);
  }
  facts.keySetFetched = true;
  facts.keySetFresh = true;

  const full = runJwtChecks(state, {
    assertion,
    header,
    claims: checked,
    now,
    issuer: { ...issuerFacts, kids: keySet.keySet.kids },
  });
  if (!full.ok && full.check === 'kid-known') return stop(facts, 'signedByKnownKey', 'key-not-in-set');
  if (!full.ok && (full.check === 'size' || full.check === 'alg' || full.check === 'kid-present')) {
    // Not verifiable at all: the signature is not attempted.
    facts.signedByKnownKey = true;
    facts.notExpired = true;
    return stop(facts, 'otherJwtChecksPass', 'other-jwt-check');
  }
  if (!(await signatureVerifies(state, assertion, header, keySet.keySet))) {
    return stop(facts, 'signedByKnownKey', 'key-not-in-set');
  }
  facts.signedByKnownKey = true;
  if (!full.ok) {
    const cause = jwt.causeOfCheck(full.check);
    if (cause === 'exp-past') return stop(facts, 'notExpired', cause);
    facts.notExpired = true;
    return stop(facts, 'otherJwtChecksPass', cause);
  }
  facts.notExpired = true;
  facts.otherJwtChecksPass = true;

  if (!ruleMatches(state, match, claims).ok) return stop(facts, 'claimsMatch', 'match-failed');
  facts.claimsMatch = true;
  return { facts, cause: null, claims: checked };
}

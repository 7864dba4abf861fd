/**
 * JWT verification at exchange (document 000, "JWT verification at exchange") as the facts the
 * federation-rule machine's `oauth.token` rows decide on. Nothing here restates a rule or an
 * order: the steps and their order are the spec's `jwt.EXCHANGE_VERIFICATION`, the checks its
 * `jwt.JWT_CHECK_BY_ID` (size, algorithm, kid, claims, 30 s skew, lifetime, byte-exact `iss`), the
 * match `matchers.matchClaims` (subject, audience, claims, CEL condition); the signature is jose's
 * `compactVerify` against the issuer's key set, restricted to the nine accepted algorithms.
 *
 * The steps run in order and the first that fails ends the verification: `step` treats facts not
 * given as false, and each chain row names only the guards before it, so the first false fact
 * picks its row.
 */
import { type FederationMatch, jwt, type matchers } from '@vendor-api/spec';
import { type CryptoKey, compactVerify, errors as joseErrors } from 'jose';
import type { ServerState } from '../state.js';
import type { LoadedKeySet } from './keysets.js';
import type { FederationState, IssuerRecord } from './store.js';

/** The guard facts the verification gives the machine. */
export type ChainFacts = Partial<Record<jwt.VerificationGuard, boolean>>;

export interface Verification {
  /** Guard facts up to (and including) the first false one. */
  readonly facts: ChainFacts;
  /** Why it failed, in the spec's terms (null: every step passed). */
  readonly cause: jwt.ExchangeFailureCause | null;
  /** The verified claims (set once every step passed). */
  readonly claims: jwt.JwtClaims | null;
}

/**
 * The stages of the verification that are code rather than data: the check table, the signature
 * and the match, as the server chooses them (`stagesOf`).
 */
export interface VerificationStages {
  /** The JWT checks by id. */
  readonly checks: Readonly<Record<jwt.JwtCheckId, jwt.JwtCheck>>;
  /** Whether the assertion's signature verifies with a key of the set (JWT-SIGNATURE). */
  readonly signature: (assertion: string, header: jwt.JwtHeader, keySet: LoadedKeySet) => Promise<boolean>;
  /** The rule's `match` on the claims; only `ok` matters (EXCH-ERR-GRANT-CAUSE-HIDDEN). */
  readonly match: (match: FederationMatch, claims: jwt.JwtClaims) => matchers.MatchResult;
}

const ACCEPTED = [...jwt.ACCEPTED_ALGORITHMS];

/** Whether jose verifies the assertion's signature with a key of the set (JWT-SIGNATURE). */
export async function signatureVerifies(
  assertion: string,
  _header: jwt.JwtHeader,
  keySet: LoadedKeySet,
): Promise<boolean> {
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

/** The stages as the server chooses them (the documented ones: the spec's check table, jose's signature, the spec's matchers). */
export const stagesOf = (state: ServerState): VerificationStages => ({
  checks: state.choices.jwtChecks,
  signature: state.choices.signature,
  match: state.choices.match,
});

/** The steps after the request's authorization (which the exchange decides), in the spec's order. */
const STEPS = jwt.EXCHANGE_VERIFICATION.filter((s) => s.stage !== 'authorization');

/** The checks of each step, resolved in the documented table once. */
const DOCUMENTED_CHECKS = new Map(STEPS.map((s) => [s, s.checks.map((id) => jwt.JWT_CHECK_BY_ID[id])]));

const checksOf = (stages: VerificationStages, step: jwt.VerificationStep): readonly jwt.JwtCheck[] =>
  stages.checks === jwt.JWT_CHECK_BY_ID
    ? DOCUMENTED_CHECKS.get(step)!
    : step.checks.map((id) => stages.checks[id]);

/** Every JWT check in the verification's order, as `stages` makes them (`jwt.checkJwt` over them). */
export function checksInOrder(stages: VerificationStages): readonly jwt.JwtCheck[] {
  return stages.checks === jwt.JWT_CHECK_BY_ID
    ? jwt.JWT_CHECKS
    : jwt.JWT_CHECKS.map((c) => stages.checks[c.id]);
}

/**
 * Verifies an assertion against an issuer: every step of the machine's chain after the
 * authorization, up to and including `claimsMatch`, stopping at the first that fails.
 */
export async function verifyAssertion(
  state: ServerState,
  stages: VerificationStages,
  federation: FederationState,
  issuer: IssuerRecord,
  match: FederationMatch,
  assertion: string,
): Promise<Verification> {
  const facts: ChainFacts = {};
  const decoded = jwt.decodeCompactJws(assertion);
  // The exact skew boundaries and the types time claims may take are not shown
  // (UNSPEC-FED-SKEW-BOUNDARY, UNSPEC-FED-CLAIM-TYPES).
  let input: jwt.JwtCheckInput | null = decoded.ok
    ? {
        assertion,
        header: decoded.header,
        claims: state.choices.claimsAsChecked(decoded.claims),
        now: state.choices.jwtCheckInstant(state.clock.now() / 1000),
        issuer: {
          issuer_url: issuer.issuer_url,
          ...(issuer.maxLifetimeSeconds !== undefined
            ? { maxLifetimeSeconds: issuer.maxLifetimeSeconds }
            : {}),
          // Known once the key set is (only the signature step's check reads them).
          kids: [],
        },
      }
    : null;
  let keySet: Awaited<ReturnType<FederationState['keySets']['get']>> | null = null;
  for (const step of STEPS) {
    let passed = false;
    if (input === null) {
      // An undecodable assertion fails the step that says so (UNSPEC-EXCH-JWT-CHECK-ERRORS).
      passed = step.undecodable !== true;
    } else {
      switch (step.stage) {
        case 'jwt-checks':
          passed = jwt.checkJwt(input, checksOf(stages, step)).ok;
          break;
        case 'key-set-fetched':
          // At hand (inline, or fetched and fresh) without waiting; else loaded or fetched.
          keySet = federation.keySets.ready(state, issuer) ?? (await federation.keySets.load(state, issuer));
          passed = keySet.ok || keySet.cause === 'keyset-stale';
          break;
        case 'key-set-fresh':
          passed = keySet?.ok === true;
          if (keySet?.ok) input = { ...input, issuer: { ...input.issuer, kids: keySet.keySet.kids } };
          break;
        case 'signature':
          passed =
            keySet?.ok === true &&
            jwt.checkJwt(input, checksOf(stages, step)).ok &&
            (await stages.signature(assertion, input.header, keySet.keySet));
          break;
        case 'match':
          // `match` reads the claims as the assertion carries them.
          passed = decoded.ok && stages.match(match, decoded.claims).ok;
          break;
        case 'authorization':
          break;
      }
    }
    facts[step.guard] = passed;
    if (!passed) return { facts, cause: step.cause, claims: null };
  }
  return { facts, cause: null, claims: input?.claims ?? null };
}

/**
 * The oracle: what the exchange must answer. Nothing here restates a rule or an order. The verdict
 * on a JWT is `jwt.checkJwt`, on claims `matchers.matchClaims`; which guard of the federation-rule
 * machine a failure falsifies is its step of the spec's `jwt.EXCHANGE_VERIFICATION`, and the HTTP
 * outcome is the row `step` picks for those facts.
 */
import {
  FederationRuleId,
  federationRulesMachine,
  idPrefix,
  jwt,
  type matchers,
  type Outcome,
  type StepResult,
  step,
} from '@vendor-api/spec';
import type { CaseContext } from '../../../case.js';
import type { Response } from '../../../http.js';
import { WINDOW } from './clock.js';
import { exchange } from './exchange.js';
import type { IssuerHandle, RuleHandle } from './fixtures.js';

const machine = federationRulesMachine.machine;
export type RuleState = federationRulesMachine.State;
export type Guard = (typeof federationRulesMachine.guardNames)[number];
type Facts = Partial<Record<Guard, boolean>>;
export type ExchangeStep = StepResult<RuleState, federationRulesMachine.Event, Guard, 'token.minted'>;

/**
 * The facts of an exchange where everything holds: a body that is fine, every step of the
 * verification passing, a workspace that needs no choosing.
 */
const ALL_PASS: Readonly<Record<Guard, boolean>> = {
  requiredFieldMissing: false,
  ruleIdMalformed: false,
  ...(Object.fromEntries(jwt.EXCHANGE_VERIFICATION.map((s) => [s.guard, true])) as Record<
    jwt.VerificationGuard,
    boolean
  >),
  workspaceIdMissingForMultiWorkspace: false,
};

/** The guards the verification's stages decide: an undecodable assertion, the signature, the match. */
const UNDECODABLE = jwt.EXCHANGE_VERIFICATION.find((s) => s.undecodable)!.guard;
const SIGNATURE = jwt.stepAt('signature').guard;
const MATCH = jwt.stepAt('match').guard;

export interface Verdict {
  /** The JWT checks' verdict (`jwt.checkJwt`), or 'undecodable' when the token is not a compact JWS. */
  readonly jwt?: jwt.JwtCheckResult | 'undecodable';
  /** Whether the signature verifies with the key its kid names (false: forged, truncated, tampered). */
  readonly signature?: boolean;
  /** The matchers' verdict (`matchers.matchClaims`). */
  readonly match?: matchers.MatchResult;
  /** Other facts (authorization, workspace choice, ...). */
  readonly facts?: Facts;
  readonly state?: RuleState;
}

/** What the exchange must answer: the row `step` picks for the facts the verdicts give. */
export function expected(verdict: Verdict): ExchangeStep {
  const facts: Facts = { ...ALL_PASS, ...verdict.facts };
  // A failed check falsifies the guard of its step; `step` picks the earliest false one.
  if (verdict.jwt === 'undecodable') facts[UNDECODABLE] = false;
  else if (verdict.jwt && !verdict.jwt.ok) facts[jwt.stepOfCheck(verdict.jwt.check).guard] = false;
  if (verdict.signature === false) facts[SIGNATURE] = false;
  if (verdict.match && !verdict.match.ok) facts[MATCH] = false;
  return step(machine, verdict.state ?? 'active', 'oauth.token', facts) as ExchangeStep;
}

/** Asserts an answer against a row's outcome (success is any 2xx; an unspecified rejection any 4xx). */
export function expectOutcome(ctx: CaseContext, res: Response, outcome: Outcome): void {
  switch (outcome.kind) {
    case 'ok':
      ctx.http.expect(res, [{ kind: 'status-class', equals: '2xx' }]);
      return;
    case 'error':
      ctx.status(res, outcome.status, { errorType: outcome.errorType });
      return;
    case 'unspecified':
      ctx.clientError(res);
      return;
    default:
      ctx.fail(`an operation cannot have the outcome ${outcome.kind}`);
  }
}

/** The JWT verdict of a token for an issuer at `now` (seconds). */
export function jwtVerdict(
  token: string,
  issuer: IssuerHandle,
  now: number,
): jwt.JwtCheckResult | 'undecodable' {
  const decoded = jwt.decodeCompactJws(token);
  if (!decoded.ok) return 'undecodable';
  return jwt.checkJwt({
    assertion: token,
    header: decoded.header,
    claims: decoded.claims,
    now,
    issuer: {
      issuer_url: issuer.issuer_url,
      kids: [
        ...issuer.keys.map((k) => k.kid),
        ...issuer.extraKeys.flatMap((k) => (typeof k.kid === 'string' ? [k.kid] : [])),
      ],
      ...(issuer.maxLifetimeSeconds !== undefined ? { maxLifetimeSeconds: issuer.maxLifetimeSeconds } : {}),
    },
  });
}

/**
 * The JWT verdict, or null when it is not the same over `[now - WINDOW, now + WINDOW]`: the exact
 * instant of a skew boundary is not shown (UNSPEC-FED-SKEW-BOUNDARY), and a live clock moves
 * while the request travels.
 */
export function stableJwtVerdict(
  token: string,
  issuer: IssuerHandle,
  now: number,
): jwt.JwtCheckResult | 'undecodable' | null {
  const early = jwtVerdict(token, issuer, now - WINDOW);
  const late = jwtVerdict(token, issuer, now + WINDOW);
  const key = (v: typeof early) => (typeof v === 'string' ? v : v.ok ? 'ok' : v.check);
  return key(early) === key(late) ? jwtVerdict(token, issuer, now) : null;
}

/** The canonical `invalid_grant` answer of the target: an exchange naming a rule that does not exist. */
export async function nonexistentRuleAnswer(ctx: CaseContext, rule: RuleHandle, assertion: string) {
  const res = await exchange(ctx, rule, assertion, {
    federation_rule_id: `${idPrefix(FederationRuleId)}${'0'.repeat(24)}`,
  });
  // A rule that does not exist is answered like an archived one (RULE-ARCHIVED-NONEXISTENT).
  expectOutcome(ctx, res, expected({ state: 'archived' }).outcome);
  return res;
}

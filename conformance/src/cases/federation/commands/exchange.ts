import { jwt, matchers } from '@vendor-api/spec';
import type fc from 'fast-check';
import {
  type Claims,
  exchange,
  expected,
  expectOutcome,
  expectToken,
  MARGIN,
  serverNow,
  sign,
  stableJwtVerdict,
  validClaims,
} from '../support/index.js';
import type { RuleModel, RuleReal } from './model.js';

export const TOKEN_KINDS = ['valid', 'foreign-iss', 'expired', 'forged', 'unmatched'] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];

/** POST /v1/oauth/token naming the rule, with a JWT of one kind: the answer is the machine's row. */
export class ExchangeCommand implements fc.AsyncCommand<RuleModel, RuleReal> {
  constructor(readonly kind: TokenKind) {}
  check(): boolean {
    return true;
  }
  async run(model: RuleModel, real: RuleReal): Promise<void> {
    const { ctx, rule } = real;
    const now = await serverNow(ctx);
    const t = Math.floor(now);
    const claims: Claims =
      this.kind === 'foreign-iss'
        ? validClaims(now, { iss: 'https://other.example/' })
        : this.kind === 'expired'
          ? validClaims(now, { iat: t - 600, exp: t - jwt.CLOCK_SKEW_SECONDS - MARGIN })
          : this.kind === 'unmatched'
            ? validClaims(now, { sub: 'repo:someone-else' })
            : validClaims(now);
    const token = await sign(this.kind === 'forged' ? real.forger : real.key, claims);
    const verdict = stableJwtVerdict(token, rule.issuer, now);
    if (verdict === null) throw new Error('the command built a token on a skew boundary');
    const step = expected({
      state: model.state,
      jwt: verdict,
      signature: this.kind !== 'forged',
      match: matchers.matchClaims(rule.match, claims),
    });
    const res = await exchange(ctx, rule, token);
    expectOutcome(ctx, res, step.outcome);
    if (step.outcome.kind === 'ok') expectToken(ctx, res, rule);
    model.state = step.next;
  }
  toString(): string {
    return `exchange(${this.kind})`;
  }
}

/**
 * A property over the time claims: generated `iat`, `exp`, `nbf` and lifetimes around the skew and
 * lifetime boundaries of an issuer with the default maximum and one with a configured maximum.
 * Each run moves one claim off its valid value (or none), so a refusal has one cause; the verdict
 * is `jwt.checkJwt`'s, and runs whose verdict would change within a second of the boundary (the
 * exact instant is not shown: UNSPEC-FED-SKEW-BOUNDARY) are not judged.
 */
import { jwt } from '@vendor-api/spec';
import fc from 'fast-check';
import { FEDERATION_CAPABILITIES } from '../../capabilities.js';
import { defineCase } from '../../case.js';
import {
  type Claims,
  createIssuer,
  createRule,
  exchange,
  expected,
  expectOutcome,
  keyPair,
  type RuleHandle,
  serverNow,
  sign,
  stableJwtVerdict,
  validClaims,
} from './support/index.js';

const SKEW = jwt.CLOCK_SKEW_SECONDS;

const timeCaseArb = fc.record({
  moved: fc.constantFrom('iat', 'exp', 'nbf', 'lifetime', 'none'),
  /** Offset of the moved claim from now (seconds): anywhere, or near the skew boundaries and now. */
  offset: fc.oneof(
    fc.integer({ min: -120, max: 120 }),
    fc.integer({ min: -2 * SKEW - 4, max: -SKEW + 4 }),
    fc.integer({ min: -4, max: 4 }),
    fc.integer({ min: SKEW - 4, max: 2 * SKEW + 4 }),
  ),
  /** Lifetime beyond the issuer maximum (seconds), when the lifetime is what moves. */
  over: fc.integer({ min: -3, max: 3 }),
  /** How long ago the token was issued. */
  age: fc.integer({ min: 0, max: 50 }),
  withNbf: fc.boolean(),
  configured: fc.boolean(),
});

export const timeClaimsProperty = defineCase({
  id: 'federation.time-claims-property',
  family: 'federation',
  title:
    'generated iat/exp/nbf and lifetimes around the 30 s skew and the issuer maximum: accepted exactly when jwt.checkJwt accepts',
  requirements: [
    'JWT-SKEW-30S',
    'JWT-EXP-FUTURE',
    'JWT-IAT-NOT-FUTURE',
    'JWT-NBF-SKEW',
    'JWT-LIFETIME-MAX',
    'JWT-LIFETIME-DEFAULT',
    'ISSUER-MAX-LIFETIME-CONFIGURABLE',
    'EXCH-ERR-EXPIRED',
    'FED-EXCHANGE-VERIFIES',
  ],
  needs: [...FEDERATION_CAPABILITIES],
  async run(ctx) {
    const key = await keyPair('ES256');
    const byDefault = await createRule(ctx, await createIssuer(ctx, { keys: [key] }));
    const configured = await createRule(
      ctx,
      await createIssuer(ctx, { keys: [key], maxLifetimeSeconds: 900 }),
    );
    await ctx.property(timeCaseArb, async (c) => {
      const rule: RuleHandle = c.configured ? configured : byDefault;
      const now = await serverNow(ctx);
      const t = Math.floor(now);
      const claims: Claims = validClaims(now, { iat: t - c.age, exp: t + 300 });
      if (c.withNbf) claims.nbf = t - c.age;
      switch (c.moved) {
        case 'iat':
          claims.iat = t + c.offset;
          break;
        case 'exp':
          claims.exp = t + c.offset;
          break;
        case 'nbf':
          claims.nbf = t + c.offset;
          break;
        case 'lifetime':
          claims.exp = (claims.iat as number) + jwt.maxLifetime(rule.issuer) + c.over;
          break;
        case 'none':
          break;
      }
      const token = await sign(key, claims);
      const verdict = stableJwtVerdict(token, rule.issuer, now);
      if (verdict === null) return;
      const res = await exchange(ctx, rule, token);
      expectOutcome(ctx, res, expected({ jwt: verdict }).outcome);
    });
  },
});

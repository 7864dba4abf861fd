/**
 * The verification table at its boundaries: each time claim on both sides of the 30 s skew, the
 * issuer's maximum lifetime (default and configured) at and one second over, the required claims,
 * and the 16 KiB size at and over. The verdicts are `jwt.checkJwt`'s; the answers the machine's.
 */
import { jwt } from '@vendor-api/spec';
import { FEDERATION_CAPABILITIES } from '../../capabilities.js';
import { type CaseContext, defineCase } from '../../case.js';
import type { Response } from '../../http.js';
import {
  type Claims,
  createIssuer,
  createRule,
  exchange,
  expected,
  expectOutcome,
  type IssuerHandle,
  keyPair,
  MARGIN,
  type RuleHandle,
  serverNow,
  sign,
  signToSize,
  stableJwtVerdict,
  validClaims,
  without,
} from './support/index.js';

/** Checks one signed token against the verdict of the spec and the machine's answer. */
export async function judge(
  ctx: CaseContext,
  rule: RuleHandle,
  token: string,
  now: number,
  what: string,
): Promise<Response> {
  const verdict = stableJwtVerdict(token, rule.issuer, now);
  if (verdict === null) throw new Error(`${what}: the case built a token on a skew boundary`);
  const res = await exchange(ctx, rule, token);
  try {
    expectOutcome(ctx, res, expected({ jwt: verdict }).outcome);
  } catch (error) {
    (error as Error).message = `${what}: ${(error as Error).message}`;
    throw error;
  }
  return res;
}

export const claimBoundaries = defineCase({
  id: 'federation.jwt-claim-boundaries',
  family: 'federation',
  title:
    'exp, iat and nbf on both sides of the 30 s skew, sub/iat/exp missing, and exp - iat at and one second over the default and a configured issuer maximum',
  requirements: [
    'JWT-EXP-FUTURE',
    'JWT-EXP-REQUIRED',
    'JWT-SKEW-30S',
    'EXCH-ERR-EXPIRED',
    'JWT-IAT-NOT-FUTURE',
    'JWT-IAT-REQUIRED',
    'JWT-NBF-SKEW',
    'JWT-SUB-REQUIRED',
    'JWT-LIFETIME-MAX',
    'JWT-LIFETIME-DEFAULT',
    'ISSUER-MAX-LIFETIME-DEFAULT',
    'ISSUER-MAX-LIFETIME-CONFIGURABLE',
    'FED-EXCHANGE-VERIFIES',
    'EXCH-ERR-GRANT-CAUSE-HIDDEN',
  ],
  needs: [...FEDERATION_CAPABILITIES],
  async run(ctx) {
    const key = await keyPair('ES256');
    const issuers: IssuerHandle[] = [
      await createIssuer(ctx, { keys: [key] }),
      await createIssuer(ctx, { keys: [key], maxLifetimeSeconds: 600 }),
      await createIssuer(ctx, { keys: [key], maxLifetimeSeconds: 7200 }),
    ];
    const rules: RuleHandle[] = [];
    for (const issuer of issuers) rules.push(await createRule(ctx, issuer));
    const [plain] = rules as [RuleHandle];
    const skew = jwt.CLOCK_SKEW_SECONDS;
    const now = await serverNow(ctx);
    const t = Math.floor(now);

    const rows: [string, RuleHandle, Claims][] = [
      ['exp inside the skew', plain, validClaims(now, { iat: t - 100, exp: t - skew + MARGIN })],
      ['exp beyond the skew', plain, validClaims(now, { iat: t - 100, exp: t - skew - MARGIN })],
      ['exp missing', plain, without(validClaims(now), 'exp')],
      ['iat inside the skew', plain, validClaims(now, { iat: t + skew - MARGIN })],
      ['iat beyond the skew', plain, validClaims(now, { iat: t + skew + MARGIN })],
      ['iat missing', plain, without(validClaims(now), 'iat')],
      ['nbf inside the skew', plain, validClaims(now, { nbf: t + skew - MARGIN })],
      ['nbf beyond the skew', plain, validClaims(now, { nbf: t + skew + MARGIN })],
      ['nbf in the past', plain, validClaims(now, { nbf: t - 60 })],
      ['sub missing', plain, without(validClaims(now), 'sub')],
    ];
    for (const rule of rules) {
      const max = jwt.maxLifetime(rule.issuer);
      const iat = t - 10;
      rows.push(
        [`lifetime at the maximum ${max}`, rule, validClaims(now, { iat, exp: iat + max })],
        [`lifetime one second over the maximum ${max}`, rule, validClaims(now, { iat, exp: iat + max + 1 })],
      );
    }
    // A lifetime between the configured maximum (600) and the default: the configured value rules.
    rows.push([
      'lifetime over a configured maximum',
      rules[1]!,
      validClaims(now, { iat: t - 10, exp: t + 1800 }),
    ]);
    for (const [what, rule, claims] of rows) await judge(ctx, rule, await sign(key, claims), now, what);
  },
});

export const sizeBoundary = defineCase({
  id: 'federation.jwt-size-boundary',
  family: 'federation',
  title: 'an assertion of exactly 16 KiB (16384 bytes) is exchanged; one byte more is refused',
  requirements: ['JWT-SIZE-MAX', 'EXCH-ASSERTION-MAX', 'FED-EXCHANGE-VERIFIES'],
  needs: [...FEDERATION_CAPABILITIES],
  async run(ctx) {
    const key = await keyPair('ES256');
    const rule = await createRule(ctx, await createIssuer(ctx, { keys: [key] }));
    const now = await serverNow(ctx);
    for (const bytes of [jwt.MAX_ASSERTION_BYTES, jwt.MAX_ASSERTION_BYTES + 1]) {
      const token = await signToSize(key, validClaims(now), bytes);
      await judge(ctx, rule, token, now, `${bytes}-byte assertion`);
    }
  },
});

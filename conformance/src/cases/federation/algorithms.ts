/**
 * Algorithms, key ids and signatures: the nine accepted algorithms, the rejected HMAC ones (also
 * when the key set holds a symmetric key, and with a public key used as the HMAC secret) and
 * `none`; a missing or unknown `kid`; forged, truncated and tampered signatures; undecodable
 * assertions. Verdicts are `jwt.checkJwt`'s (plus whether the signature verifies), answers the
 * machine's.
 */
import { jwt } from '@vendor-api/spec';
import { FEDERATION_CAPABILITIES } from '../../capabilities.js';
import { defineCase } from '../../case.js';
import {
  createIssuer,
  createRule,
  exchange,
  expected,
  expectOutcome,
  expectToken,
  HMAC_ALGORITHMS,
  keyPair,
  publicPem,
  serverNow,
  sign,
  signHmac,
  stableJwtVerdict,
  tamper,
  truncate,
  unsecured,
  validClaims,
} from './support/index.js';
import { judge } from './verification.js';

export const acceptedAlgorithms = defineCase({
  id: 'federation.accepted-algorithms',
  family: 'federation',
  title: 'a valid JWT signed with each of ES256/384/512, RS256/384/512 and PS256/384/512 is exchanged',
  requirements: [
    'JWT-ALG-ACCEPTED',
    'JWT-SIGNATURE',
    'JWT-KID-KNOWN',
    'FED-EXCHANGE-VERIFIES',
    'EXCH-RESPONSE-SHAPE',
  ],
  needs: [...FEDERATION_CAPABILITIES],
  async run(ctx) {
    const keys = await Promise.all(jwt.ACCEPTED_ALGORITHMS.map((alg) => keyPair(alg)));
    const rule = await createRule(ctx, await createIssuer(ctx, { keys }));
    const now = await serverNow(ctx);
    for (const key of keys) {
      const token = await sign(key, validClaims(now));
      expectToken(ctx, await judge(ctx, rule, token, now, key.alg), rule);
    }
  },
});

export const rejectedAlgorithms = defineCase({
  id: 'federation.rejected-algorithms',
  family: 'federation',
  title:
    'HS256/384/512 (signed with a symmetric key of the key set, and with a public key as the secret) and none are refused',
  requirements: [
    'JWT-ALG-HMAC-REJECTED',
    'JWT-ALG-NONE-REJECTED',
    'JWT-ALG-ACCEPTED',
    'FED-EXCHANGE-VERIFIES',
  ],
  needs: [...FEDERATION_CAPABILITIES],
  async run(ctx) {
    const es = await keyPair('ES256');
    const rs = await keyPair('RS256');
    const secret = new TextEncoder().encode('a-shared-secret-of-thirty-two-by');
    // An issuer that (wrongly) publishes a symmetric key: HMAC stays refused even so.
    const oct = { kty: 'oct', kid: 'hmac-1', k: Buffer.from(secret).toString('base64url') };
    const rule = await createRule(ctx, await createIssuer(ctx, { keys: [es, rs], extraKeys: [oct] }));
    const now = await serverNow(ctx);
    const claims = validClaims(now);
    const pem = new TextEncoder().encode(await publicPem(rs));
    const jwkText = new TextEncoder().encode(JSON.stringify(rs.jwk));
    const tokens: [string, string][] = [];
    for (const alg of HMAC_ALGORITHMS) {
      tokens.push([`${alg} with the key set's oct key`, await signHmac(alg, secret, oct.kid, claims)]);
      tokens.push([
        `${alg} with the RS256 public key (PEM) as secret`,
        await signHmac(alg, pem, rs.kid, claims),
      ]);
    }
    tokens.push([
      'HS256 with the RS256 public JWK as secret',
      await signHmac('HS256', jwkText, rs.kid, claims),
    ]);
    tokens.push(['none', unsecured(es.kid, claims)]);
    tokens.push(['none with a signature', `${unsecured(es.kid, claims)}c2ln`]);
    for (const [what, token] of tokens) await judge(ctx, rule, token, now, what);
    // The control: the same claims properly signed are exchanged.
    expectToken(ctx, await exchange(ctx, rule, await sign(es, claims)), rule);
  },
});

export const kidAndSignature = defineCase({
  id: 'federation.kid-and-signature',
  family: 'federation',
  title:
    'a missing or unknown kid, a signature by a key not in the set, a truncated signature, a tampered payload and undecodable assertions are refused',
  requirements: [
    'JWT-KID-REQUIRED',
    'JWT-KID-KNOWN',
    'JWT-SIGNATURE',
    'EXCH-ERR-KEY-NOT-IN-SET',
    'EXCH-ERR-GRANT-CAUSE-HIDDEN',
    'FED-EXCHANGE-VERIFIES',
  ],
  needs: [...FEDERATION_CAPABILITIES],
  async run(ctx) {
    const first = await keyPair('ES256');
    const second = await keyPair('RS256');
    // A forger's keys publishing the kids of the real ones.
    const forgedEs = await keyPair('ES256', first.kid, 'forger');
    const forgedRs = await keyPair('RS256', second.kid, 'forger');
    const rule = await createRule(ctx, await createIssuer(ctx, { keys: [first, second] }));
    const now = await serverNow(ctx);
    const claims = validClaims(now);
    const good = await sign(first, claims);

    // Verdicts of the JWT checks alone (a missing or unknown kid fails them).
    for (const [what, token] of [
      ['no kid, signed by the first key of the set', await sign(first, claims, { noKid: true })],
      ['no kid, signed by another key of the set', await sign(second, claims, { noKid: true })],
      ['an unknown kid', await sign(first, claims, { header: { kid: 'not-in-the-set' } })],
      ['a non-string kid', await sign(first, claims, { header: { kid: 1 } })],
      ['two segments', good.split('.').slice(0, 2).join('.')],
      ['not a JWT', 'not-a-jwt'],
      ['four segments', `${good}.${good.split('.')[2]}`],
    ] as const) {
      await judge(ctx, rule, token, now, what);
    }

    // Tokens whose checks pass but whose signature does not verify with the key the kid names.
    for (const [what, token] of [
      ['signed by a forged ES256 key', await sign(forgedEs, claims)],
      ['signed by a forged RS256 key', await sign(forgedRs, claims)],
      ['a truncated signature', truncate(good)],
      ['an emptied signature', `${good.split('.').slice(0, 2).join('.')}.`],
      ['a tampered payload', tamper(good, { ...claims, sub: `${claims.sub}-other` })],
      ['the kid of the other key', await sign(first, claims, { header: { kid: second.kid, alg: 'ES256' } })],
    ] as const) {
      const verdict = stableJwtVerdict(token, rule.issuer, now);
      if (verdict === null || verdict === 'undecodable' || !verdict.ok)
        throw new Error(`${what}: the case meant the JWT checks to pass`);
      const res = await exchange(ctx, rule, token);
      expectOutcome(ctx, res, expected({ jwt: verdict, signature: false }).outcome);
    }
    expectToken(ctx, await exchange(ctx, rule, good), rule);
  },
});

/**
 * The exchange's refusals: body errors (a missing field, a malformed `federation_rule_id`: 400
 * `invalid_request`), the one `invalid_grant` body whatever the cause (a rule that does not exist,
 * an archived rule, iss, kid, signature, exp, match), the request id of every refusal, and the
 * version header the exchange needs like every request.
 */

import { randomUUID } from 'node:crypto';
import { jwt, matchers, TokenExchangeParams } from '@vendor-api/spec';
import { validateSchema } from '@vendor-api/validators';
import { FEDERATION_CAPABILITIES } from '../../capabilities.js';
import { type CaseContext, defineCase } from '../../case.js';
import { noisePointers } from '../../data.js';
import type { Response } from '../../http.js';
import {
  createIssuer,
  createRule,
  createServiceAccount,
  exchange,
  expected,
  expectOutcome,
  expectToken,
  keyPair,
  MARGIN,
  nonexistentRuleAnswer,
  serverNow,
  sign,
  stableJwtVerdict,
  type Verdict,
  validClaims,
} from './support/index.js';

/** The error type of every refused assertion (the spec's `jwt.invalidGrantBody`). */
const INVALID_GRANT = jwt.invalidGrantBody().error.type;

/**
 * The refusal carries a request id the client can expose. Where it travels is not shown
 * (UNSPEC-EXCH-REQUEST-ID-LOCATION): a response header naming a request id, or a `request_id`
 * member of the body, will do.
 */
export function expectRequestId(ctx: CaseContext, res: Response): void {
  const header = Object.entries(res.headers).some(
    ([name, value]) => /request[-_]?id/i.test(name) && value.trim() !== '',
  );
  const body = res.body as { request_id?: unknown; error?: { request_id?: unknown } } | null;
  const inBody =
    typeof body === 'object' &&
    body !== null &&
    (typeof body.request_id === 'string' || typeof body.error?.request_id === 'string');
  if (!header && !inBody)
    ctx.fail(`the exchange refusal (${res.status}) carries no request id in a header or its body`);
}

export const requestErrors = defineCase({
  id: 'federation.request-errors',
  family: 'federation',
  title:
    'each required field missing, or a malformed federation_rule_id, is 400 invalid_request with the error body and a request id',
  requirements: [
    'EXCH-ERR-FIELD-MISSING',
    'EXCH-GRANT-TYPE-REQUIRED',
    'EXCH-ASSERTION-REQUIRED',
    'EXCH-RULE-ID-REQUIRED',
    'EXCH-ORGANIZATION-ID-REQUIRED',
    'EXCH-SERVICE-ACCOUNT-ID-REQUIRED',
    'EXCH-ERR-RULE-ID-MALFORMED',
    'EXCH-RULE-ID-SHAPE',
    'ID-FEDERATION-RULE-PREFIX',
    'EXCH-ERROR-BODY',
    'ERROR-EXCHANGE-STANDARD-BODY',
    'ERROR-EXCHANGE-TYPED-REQUEST-ID',
  ],
  needs: [...FEDERATION_CAPABILITIES],
  async run(ctx) {
    const key = await keyPair('ES256');
    const rule = await createRule(ctx, await createIssuer(ctx, { keys: [key] }));
    const token = await sign(key, validClaims(await serverNow(ctx)));
    for (const field of TokenExchangeParams.required ?? []) {
      const res = await exchange(ctx, rule, token, { [field]: undefined });
      expectOutcome(ctx, res, expected({ facts: { requiredFieldMissing: true } }).outcome);
      expectRequestId(ctx, res);
    }
    const malformed = ['rule_abc', 'FDRL_abc', 'fdrl-abc', 'abc', 'fdrl', `x${rule.id}`].filter(
      (id) => !validateSchema('FederationRuleId', id).ok,
    );
    for (const id of malformed) {
      const res = await exchange(ctx, rule, token, { federation_rule_id: id });
      expectOutcome(ctx, res, expected({ facts: { ruleIdMalformed: true } }).outcome);
      expectRequestId(ctx, res);
    }
    expectToken(ctx, await exchange(ctx, rule, token), rule);
  },
});

export const invalidGrantIndistinguishable = defineCase({
  id: 'federation.invalid-grant-indistinguishable',
  family: 'federation',
  title:
    'a rule that does not exist, an archived rule, a foreign iss, an unknown kid, a forged signature, an expired JWT and unmatched claims all get the same 400 invalid_grant body, byte for byte',
  requirements: [
    'EXCH-ERR-GRANT-MERGED',
    'EXCH-ERR-GRANT-CAUSE-HIDDEN',
    'EXCH-ERR-RULE-NOT-FOUND',
    'EXCH-ERR-RULE-ARCHIVED',
    'RULE-ARCHIVED-NONEXISTENT',
    'EXCH-ERR-ISS-MISMATCH',
    'EXCH-ERR-KEY-NOT-IN-SET',
    'EXCH-ERR-EXPIRED',
    'EXCH-ERR-MATCH-FAILED',
    'EXCH-ERR-NOT-AUTHORIZED',
    'EXCH-ERROR-BODY',
    'ERROR-EXCHANGE-STANDARD-BODY',
    'ERROR-EXCHANGE-TYPED-REQUEST-ID',
  ],
  needs: [...FEDERATION_CAPABILITIES],
  async run(ctx) {
    const key = await keyPair('ES256');
    const forger = await keyPair('ES256', key.kid, 'forger');
    const issuer = await createIssuer(ctx, { keys: [key] });
    const rule = await createRule(ctx, issuer);
    const archived = await createRule(ctx, issuer);
    const now = await serverNow(ctx);
    const t = Math.floor(now);
    const good = await sign(key, validClaims(now));
    expectToken(ctx, await exchange(ctx, archived, good), archived);
    await ctx.fixture('federation-rules', 'archiveFederationRule', archived.id);

    const canonical = await nonexistentRuleAnswer(ctx, rule, good);
    expectRequestId(ctx, canonical);
    // What differs between two answers to the same request is per answer (a request id, a
    // timestamp), not per cause: every other part of the body must not tell the causes apart.
    const noise = noisePointers(canonical.body, (await nonexistentRuleAnswer(ctx, rule, good)).body);
    const verdictOf = (token: string) => {
      const v = stableJwtVerdict(token, issuer, now);
      if (v === null) throw new Error('the case built a token on a skew boundary');
      return v;
    };
    const refusals: [string, string, string, Verdict][] = [];
    const add = async (what: string, ruleId: string, token: string, extra: Omit<Verdict, 'jwt'> = {}) => {
      refusals.push([what, ruleId, token, { jwt: verdictOf(token), ...extra }]);
    };
    await add('archived rule', archived.id, good, { state: 'archived' });
    await add('foreign iss', rule.id, await sign(key, validClaims(now, { iss: 'https://other.example/' })));
    await add('unknown kid', rule.id, await sign(key, validClaims(now), { header: { kid: 'unknown' } }));
    await add('forged signature', rule.id, await sign(forger, validClaims(now)), { signature: false });
    await add(
      'expired',
      rule.id,
      await sign(key, validClaims(now, { iat: t - 600, exp: t - jwt.CLOCK_SKEW_SECONDS - MARGIN })),
    );
    const unmatched = validClaims(now, { sub: 'repo:other' });
    await add('unmatched claims', rule.id, await sign(key, unmatched), {
      match: matchers.matchClaims(rule.match, unmatched),
    });
    for (const [what, ruleId, token, verdict] of refusals) {
      const res = await exchange(ctx, { id: ruleId, serviceAccountId: rule.serviceAccountId }, token);
      try {
        expectOutcome(ctx, res, expected(verdict).outcome);
        ctx.sameBody(res, canonical, { ignore: noise });
        expectRequestId(ctx, res);
      } catch (error) {
        (error as Error).message = `${what}: ${(error as Error).message}`;
        throw error;
      }
    }

    // Not authorized for the rule: what counts is not shown (UNSPEC-EXCH-NOT-AUTHORIZED-MEANING),
    // so these are refused with some 4xx; an invalid_grant among them is the same body.
    const outsider = await createServiceAccount(ctx, []);
    for (const [what, extra] of [
      ['another organization', { organization_id: randomUUID() }],
      ['a service account outside the workspace', { service_account_id: outsider }],
      ['a workspace the rule is not enabled for', { workspace_id: 'default' }],
    ] as const) {
      const res = await exchange(ctx, rule, good, extra);
      ctx.clientError(res);
      const type = (res.body as { error?: { type?: unknown } }).error?.type;
      if (res.status === 400 && type === INVALID_GRANT) ctx.sameBody(res, canonical, { ignore: noise });
      else if (type === INVALID_GRANT) ctx.fail(`${what}: ${INVALID_GRANT} with status ${res.status}`);
    }
  },
});

/** The exchange call (`oauth.token`) and what a successful one must answer. */
import { TokenExchangeParams, type TokenExchangeResponse } from '@vendor-api/spec';
import type { CaseContext } from '../../../case.js';
import type { Auth, Response } from '../../../http.js';
import type { RuleHandle } from './fixtures.js';

/** The one grant type of the exchange (the spec's constant). */
export const GRANT_TYPE = TokenExchangeParams.properties.grant_type.const;

/** The exchange body for a rule (fields given in `extra` replace or add; `undefined` drops one). */
export function exchangeBody(
  ctx: CaseContext,
  rule: Pick<RuleHandle, 'id' | 'serviceAccountId'>,
  assertion: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    grant_type: GRANT_TYPE,
    assertion,
    federation_rule_id: rule.id,
    organization_id: ctx.target.organizationId,
    service_account_id: rule.serviceAccountId,
    ...extra,
  };
  for (const [k, v] of Object.entries(body)) if (v === undefined) delete body[k];
  return body;
}

export function exchange(
  ctx: CaseContext,
  rule: Pick<RuleHandle, 'id' | 'serviceAccountId'>,
  assertion: string,
  extra: Record<string, unknown> = {},
): Promise<Response> {
  // `extra` may drop a required field or give a malformed one on purpose.
  return ctx.callUnchecked('oauth.token', { body: exchangeBody(ctx, rule, assertion, extra) });
}

let tokens = 0;
/** The bearer credential of an exchange's access token (a placeholder keeps it out of traces). */
export function bearer(res: Response): Auth {
  return {
    bearer: (res.body as TokenExchangeResponse).access_token,
    placeholder: `access_token_${++tokens}`,
  };
}

/**
 * Checks a successful exchange: 2xx with the documented body (validated strictly by the call),
 * the access-token prefix, `token_type` Bearer and the rule's scope.
 */
export function expectToken(ctx: CaseContext, res: Response, rule: Pick<RuleHandle, 'oauth_scope'>): void {
  ctx.http.expect(res, [{ kind: 'status-class', equals: '2xx' }]);
  const body = res.body as TokenExchangeResponse;
  if (typeof body.access_token !== 'string' || !body.access_token.startsWith(ctx.vendor.prefixes.accessToken))
    ctx.fail(`access_token does not start with ${ctx.vendor.prefixes.accessToken}`);
  ctx.field(res, '/token_type', 'Bearer');
  ctx.field(res, '/scope', rule.oauth_scope);
  if (!Number.isInteger(body.expires_in) || body.expires_in <= 0)
    ctx.fail(`expires_in is not a positive integer: ${JSON.stringify(body.expires_in)}`);
}

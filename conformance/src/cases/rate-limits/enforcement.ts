import type { MessageBatch, OrganizationRateLimit } from '@vendor-api/spec';
import { FEDERATION_CAPABILITIES } from '../../capabilities.js';
import { defineCase } from '../../case.js';
import type { Auth } from '../../http.js';
import {
  bearer,
  createIssuer,
  createRule,
  exchange,
  expectToken,
  keyPair,
  serverNow,
  sign,
  validClaims,
} from '../federation/support/index.js';
import { allPages } from './support.js';

const turn = [{ role: 'user', content: 'hi' }] as const;

/**
 * Rate limits count enqueued batch requests (`enqueued_batch_requests` of the `batch` group), and
 * the limits of a rule's workspace apply to the tokens minted under it: with that limiter lowered
 * to 2 for a workspace, a batch of 2 requests is created, and one more request, with the
 * workspace's key or a token for that workspace, is refused (the status is not shown: a 4xx with
 * the error body) while another workspace is not limited. Needs a target that enforces an
 * override at once (the reference server does: 429 `rate_limit_error`,
 * UNSPEC-BATCH-ENQUEUED-LIMIT-ERROR).
 */
export const enqueuedBatchRequestsEnforced = defineCase({
  id: 'rate-limits.enqueued-batch-requests-enforced',
  family: 'rate-limits',
  title:
    "a workspace's enqueued_batch_requests limit refuses a batch that would exceed it, for its keys and for tokens of rules for it",
  requirements: ['BATCH-RATE-LIMIT-ENQUEUED', 'RULE-WORKSPACE-LIMITS-APPLY'],
  needs: ['workspaces', 'rate-limit-overrides', 'rate-limit-enforcement', ...FEDERATION_CAPABILITIES],
  async run(ctx) {
    const org = await allPages<OrganizationRateLimit>(ctx, 'organizations.rate_limits.list', {
      query: { group_type: 'batch' },
    });
    const entry = org.find((e) => e.limits.some((l) => l.type === 'enqueued_batch_requests'));
    const orgLimit = entry?.limits.find((l) => l.type === 'enqueued_batch_requests')?.value;
    if (!entry || orgLimit === undefined || orgLimit < 4)
      return ctx.fail('the organization has no enqueued_batch_requests limit above 3');
    const ws = await ctx.workspace();
    const set = await ctx.fixture('rate-limit-overrides', 'setRateLimitOverrides', ws.id, [
      { group_type: 'batch', models: null, limits: [{ type: 'enqueued_batch_requests', value: 2 }] },
    ]);
    if (set.status >= 300) ctx.fail(`the adapter could not set the override: ${set.status}`);
    const key: Auth = { apiKey: ws.apiKey, placeholder: 'workspace_key_2' };
    const batch = (auth: Auth, n: number) =>
      ctx.call(
        'messages.batches.create',
        {
          auth,
          body: {
            requests: Array.from({ length: n }, (_, i) => ({
              custom_id: `r${i}`,
              params: { model: ctx.vendor.models.sonnet, max_tokens: 8, messages: turn },
            })),
          },
        },
        false,
      );
    const first = await batch(key, 2);
    ctx.http.expect(first, [{ kind: 'status-class', equals: '2xx' }]);
    if ((first.body as MessageBatch).processing_status !== 'in_progress') return; // nothing is enqueued any more
    ctx.clientError(await batch(key, 1));

    const pair = await keyPair('ES256');
    const issuer = await createIssuer(ctx, { keys: [pair] });
    const jwt = await sign(pair, validClaims(await serverNow(ctx)));
    const limited = await createRule(ctx, issuer, { workspaces: [ws] });
    const limitedToken = await exchange(ctx, limited, jwt);
    expectToken(ctx, limitedToken, limited);
    ctx.clientError(await batch(bearer(limitedToken), 1));
    // Another workspace has its own limits.
    const free = await createRule(ctx, issuer);
    const freeToken = await exchange(ctx, free, jwt);
    expectToken(ctx, freeToken, free);
    ctx.http.expect(await batch(bearer(freeToken), 1), [{ kind: 'status-class', equals: '2xx' }]);
  },
});

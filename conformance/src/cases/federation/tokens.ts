/**
 * The issued access token: its scope on the documented endpoints (a `workspace:developer` token
 * works like a workspace key and gets 403 on administrative endpoints; an `org:manage_tunnels`
 * token gets 403 on every documented endpoint, none of which is a tunnels endpoint) and its
 * expiry with the clock.
 */
import { access, MANAGE_TUNNELS_SCOPE, type TokenExchangeResponse } from '@vendor-api/spec';
import { FEDERATION_CAPABILITIES } from '../../capabilities.js';
import { defineCase } from '../../case.js';
import { needFor } from '../../needs.js';
import { PROBE_NEEDS, probe } from '../access/probes.js';
import {
  bearer,
  createIssuer,
  createRule,
  exchange,
  expectToken,
  keyPair,
  MARGIN,
  serverNow,
  sign,
  validClaims,
} from './support/index.js';
import { batchWith, expectReach } from './workspaces.js';

const turn = [{ role: 'user', content: 'hello' }] as const;

export const developerTokenScope = defineCase({
  id: 'federation.developer-token-scope',
  family: 'federation',
  title:
    'a workspace:developer token serves messages, token counting, batches and dreams in its workspace (with the usual headers) and gets 403 on every administrative endpoint',
  requirements: [
    'SCOPE-WORKSPACE-DEVELOPER-GRANTS',
    'SCOPE-WORKSPACE-DEVELOPER-SAME-AS-KEY',
    'SCOPE-WORKSPACE-DEVELOPER-NOT-ADMINISTRATIVE',
    'SCOPE-OUTSIDE-403',
    'WS-ADMIN-ACCESS-TOKEN-403',
    'AUTH-ACCESS-TOKEN-BEARER',
    'AUTH-ACCESS-TOKEN-STANDARD-IN-SCOPE',
    'EXCH-RESPONSE-SCOPE',
    'ID-ACCESS-TOKEN-PREFIX',
    'EXCH-RESPONSE-ACCESS-TOKEN',
    'EXCH-RESPONSE-TOKEN-TYPE',
    'BETA-DREAMS-BOTH',
    'AUTH-ACCESS-TOKEN-PREFIX',
    'MSG-AUTH-CREDENTIALS',
    'MSG-AUTH-SCOPE',
    'DREAM-AUTH-CREDENTIALS',
    'RL-ACCESS-TOKEN-403',
    'USAGE-ACCESS-TOKEN-403',
  ],
  needs: [...PROBE_NEEDS, ...FEDERATION_CAPABILITIES],
  async run(ctx) {
    const key = await keyPair('ES256');
    const rule = await createRule(ctx, await createIssuer(ctx, { keys: [key] }));
    const res = await exchange(ctx, rule, await sign(key, validClaims(await serverNow(ctx))));
    expectToken(ctx, res, rule);
    const auth = bearer(res);
    const model = ctx.vendor.models.sonnet;

    const ok = (r: { status: number }) => r.status >= 200 && r.status < 300;
    const counted = await ctx.call('messages.count_tokens', { auth, body: { model, messages: turn } });
    if (!ok(counted)) ctx.fail(`count_tokens with the token answered ${counted.status}`);
    const created = await ctx.call('messages.create', {
      auth,
      body: { model, max_tokens: 16, messages: turn },
    });
    if (!ok(created)) ctx.fail(`messages.create with the token answered ${created.status}`);
    await expectReach(ctx, auth, await batchWith(ctx, auth), true);
    const dreams = ctx.http.endpoint('dreams.list');
    const listed = await ctx.call('dreams.list', { auth });
    if (!ok(listed)) ctx.fail(`dreams.list with the token answered ${listed.status}`);
    const listedWithKey = await ctx.call('dreams.list');
    if (!ok(listedWithKey)) ctx.fail(`dreams.list with the workspace key answered ${listedWithKey.status}`);
    // The usual header rules hold for tokens too: every required beta.
    for (const beta of dreams.betas) ctx.clientError(await ctx.call('dreams.list', { auth, betas: [beta] }));

    for (const endpoint of ctx.spec.endpoints) {
      if (access.endpointClass(endpoint) !== 'administrative') continue;
      const p = await probe(ctx, endpoint);
      if (!p) continue;
      ctx.status(await ctx.call(endpoint.id, { ...p.options, auth }, false), 403);
    }
  },
});

export const tunnelsTokenScope = defineCase({
  id: 'federation.tunnels-token-scope',
  family: 'federation',
  title:
    'an org:manage_tunnels token is issued with that scope and gets 403 on every documented endpoint that takes a credential (no tunnels endpoint is documented)',
  requirements: [
    'SCOPE-MANAGE-TUNNELS-GRANTS',
    'SCOPE-TUNNELS-TOKEN-ONLY',
    'SCOPE-OUTSIDE-403',
    'SCOPE-VALUES',
    'RULE-OAUTH-SCOPE-ENUM',
    'EXCH-RESPONSE-SCOPE',
    'MSG-AUTH-SCOPE-403',
    'BATCH-AUTH-SCOPE-403',
    'RL-ACCESS-TOKEN-403',
    'USAGE-ACCESS-TOKEN-403',
  ],
  needs: [...PROBE_NEEDS, ...FEDERATION_CAPABILITIES],
  async run(ctx) {
    const key = await keyPair('ES256');
    const rule = await createRule(ctx, await createIssuer(ctx, { keys: [key] }), {
      scope: MANAGE_TUNNELS_SCOPE,
    });
    const res = await exchange(ctx, rule, await sign(key, validClaims(await serverNow(ctx))));
    expectToken(ctx, res, rule);
    const auth = bearer(res);
    for (const endpoint of ctx.spec.endpoints) {
      if (endpoint.auth.length === 0) continue;
      const p = await probe(ctx, endpoint);
      if (!p) continue;
      ctx.status(await ctx.call(endpoint.id, { ...p.options, auth }, false), 403);
    }
  },
});

export const developerTokenSessions = defineCase({
  id: 'federation.developer-token-sessions',
  family: 'federation',
  title:
    'a workspace:developer token creates sessions and adds, lists, reads and deletes session resources like a key of its workspace; an org:manage_tunnels token gets 403',
  requirements: ['SRES-AUTH-CREDENTIALS', 'SRES-AUTH-SCOPE', 'SCOPE-WORKSPACE-DEVELOPER-SAME-AS-KEY'],
  needs: [...FEDERATION_CAPABILITIES, 'sessions', 'files'],
  async run(ctx) {
    const key = await keyPair('ES256');
    const issuer = await createIssuer(ctx, { keys: [key] });
    const developer = await createRule(ctx, issuer);
    const tunnels = await createRule(ctx, issuer, { scope: MANAGE_TUNNELS_SCOPE });
    const jwt = await sign(key, validClaims(await serverNow(ctx)));
    const devRes = await exchange(ctx, developer, jwt);
    expectToken(ctx, devRes, developer);
    const auth = bearer(devRes);
    const tunnelsRes = await exchange(ctx, tunnels, jwt);
    expectToken(ctx, tunnelsRes, tunnels);
    const outside = bearer(tunnelsRes);
    const success = (r: { status: number }, what: string) => {
      if (r.status < 200 || r.status >= 300) ctx.fail(`${what} answered ${r.status}`);
    };

    // Session creation: where the key may create one, so may the token (its body is not shown).
    const sessionBody = { agent: 'agent_conformance', environment_id: 'env_conformance', resources: [] };
    const withKey = await ctx.call('sessions.create', { body: sessionBody }, false);
    if (withKey.status >= 200 && withKey.status < 300)
      success(
        await ctx.call('sessions.create', { body: sessionBody, auth }, false),
        'sessions.create with the token',
      );

    const session = (await ctx.fixture('sessions', 'createSession', ctx.target.workspace)).id;
    const file = await ctx.fixture('files', 'createFile', ctx.target.workspace);
    const path = { session_id: session };
    const added = await ctx.call('sessions.resources.create', {
      path,
      body: { type: 'file', file_id: file.id },
      auth,
    });
    success(added, 'adding a file resource with the token');
    const resource = (added.body as { id: string }).id;
    const tokenList = await ctx.call('sessions.resources.list', { path, auth });
    success(tokenList, 'listing the resources with the token');
    const keyList = await ctx.call('sessions.resources.list', { path });
    success(keyList, 'listing the resources with the key');
    ctx.sameBody(tokenList, keyList);
    success(
      await ctx.call('sessions.resources.retrieve', { path: { ...path, resource_id: resource }, auth }),
      'reading the resource with the token',
    );

    // Outside the token's scope: 403 on every session-resource operation.
    ctx.status(await ctx.call('sessions.resources.list', { path, auth: outside }, false), 403);
    ctx.status(
      await ctx.call(
        'sessions.resources.retrieve',
        { path: { ...path, resource_id: resource }, auth: outside },
        false,
      ),
      403,
    );
    ctx.status(
      await ctx.call(
        'sessions.resources.delete',
        { path: { ...path, resource_id: resource }, auth: outside },
        false,
      ),
      403,
    );
    ctx.status(await ctx.call('sessions.create', { body: sessionBody, auth: outside }, false), 403);

    success(
      await ctx.call('sessions.resources.delete', { path: { ...path, resource_id: resource }, auth }),
      'deleting the resource with the token',
    );
  },
});

export const tokenExpiry = defineCase({
  id: 'federation.token-expiry',
  family: 'federation',
  title: 'an access token works until expires_in seconds have passed and is refused after',
  requirements: ['EXCH-RESPONSE-EXPIRES-IN', 'FED-TOKEN-SHORT-LIVED-ONE-WORKSPACE'],
  needs: [
    ...FEDERATION_CAPABILITIES,
    needFor('clock', "an access token's lifetime (up to 15 minutes) of server time"),
  ],
  async run(ctx) {
    const key = await keyPair('ES256');
    const issuer = await createIssuer(ctx, { keys: [key] });
    const model = ctx.vendor.models.sonnet;
    // The shortest lifetime a rule may have, and one that is not the default.
    for (const lifetime of [60, 900]) {
      const rule = await createRule(ctx, issuer, { lifetime });
      const res = await exchange(ctx, rule, await sign(key, validClaims(await serverNow(ctx))));
      expectToken(ctx, res, rule);
      const auth = bearer(res);
      const expiresIn = (res.body as TokenExchangeResponse).expires_in;
      const use = () => ctx.call('messages.count_tokens', { auth, body: { model, messages: turn } });
      await ctx.fixture('clock', 'advanceClock', (expiresIn - MARGIN) * 1000);
      const before = await use();
      if (before.status < 200 || before.status >= 300)
        ctx.fail(
          `the token was refused ${MARGIN} s before its expires_in (${expiresIn} s): ${before.status}`,
        );
      await ctx.fixture('clock', 'advanceClock', 2 * MARGIN * 1000);
      ctx.clientError(await use());
    }
  },
});

/**
 * Issuer key-set modes and rule fields seen through the exchange: a `jwks` without `type` is the
 * discovery mode, an inline key set never refreshes by itself and takes rotated keys only when
 * the issuer is updated, `ca_cert_pem` trusts a private authority for the fetch, a rule's
 * default lifetime is 3600 seconds, and a rule's workspace is one of its organization's with the
 * service account a member of it.
 */
import {
  RULE_TOKEN_LIFETIME_DEFAULT_SECONDS,
  type TokenExchangeResponse,
  WORKSPACE_DEVELOPER_SCOPE,
} from '@vendor-api/spec';
import { MissingCapabilityError } from '../../adapter.js';
import { FEDERATION_CAPABILITIES } from '../../capabilities.js';
import { type CaseContext, defineCase } from '../../case.js';
import { needFor, observedWith } from '../../needs.js';
import { createWorkspace, freshOrganization } from '../workspaces/support.js';
import { judgeKey } from './fetched.js';
import {
  createIssuer,
  createRule,
  createServiceAccount,
  exchange,
  expected,
  expectOutcome,
  expectToken,
  ISSUER_URL,
  type IssuerHandle,
  keyPair,
  MARGIN,
  SUBJECT,
  serverNow,
  sign,
  validClaims,
} from './support/index.js';

const PUBLIC = ['93.184.215.14'];
let hosts = 0;
const freshHost = (label: string) => `${label}-${++hosts}.conformance-modes.com`;
/** Seconds after which a fetched key set is refreshed (KEYCACHE-ROTATION-DELAY: up to one minute). */
const REFRESH = 60;

function publish(ctx: CaseContext, url: string, body: unknown, addresses?: readonly string[]) {
  return ctx.fixture('issuer-hosting', 'publishDocument', url, body, addresses);
}

/** Publishes a discovery document at `issuerUrl` pointing at a key set holding `keys`. */
async function publishDiscovery(
  ctx: CaseContext,
  issuerUrl: string,
  keys: readonly Record<string, unknown>[],
) {
  const keysUrl = `${issuerUrl}/jwks.json`;
  await publish(ctx, keysUrl, { keys }, PUBLIC);
  await publish(ctx, `${issuerUrl}/.well-known/openid-configuration`, {
    issuer: issuerUrl,
    jwks_uri: keysUrl,
  });
  return keysUrl;
}

export const jwksDefaultDiscovery = defineCase({
  id: 'federation.jwks-default-discovery',
  family: 'federation',
  title: 'an issuer whose jwks names no type fetches its keys by discovery',
  requirements: ['ISSUER-JWKS-DEFAULT-DISCOVERY', 'JWKS-DISCOVERY-FETCH'],
  needs: [...FEDERATION_CAPABILITIES, 'issuer-hosting'],
  async run(ctx) {
    const key = await keyPair('ES256', 'default-discovery');
    const issuerUrl = `https://${freshHost('idp')}`;
    await publishDiscovery(ctx, issuerUrl, [key.jwk as Record<string, unknown>]);
    // Whether `jwks` or only its `type` may be left out is not shown (UNSPEC-ISSUER-JWKS-OMITTED):
    // a jwks without type first, then no jwks at all; one of them must be the discovery mode.
    let id: string | null = null;
    let attempt = 0;
    for (const fields of [{ jwks: {} }, {}]) {
      const r = await ctx.fixture('issuers', 'registerIssuer', {
        name: `default-discovery-${++attempt}`,
        issuer_url: issuerUrl,
        ...fields,
      });
      if (r.id !== null && r.status < 300) {
        id = r.id;
        break;
      }
    }
    if (id === null) return ctx.fail('an issuer without a jwks type (or without jwks) was refused');
    const issuer: IssuerHandle = { id, issuer_url: issuerUrl, keys: [key], extraKeys: [] };
    const rule = await createRule(ctx, issuer);
    await judgeKey(ctx, rule, issuer, key, 'the key published by discovery');
  },
});

export const inlineKeysUpdate = defineCase({
  id: 'federation.inline-keys-update',
  family: 'federation',
  title:
    'an inline issuer never picks up a rotated key by itself (not even when its issuer_url serves it), and takes it as soon as the issuer is updated',
  requirements: ['KEYCACHE-INLINE-UPDATE', 'JWKS-INLINE-NO-REFRESH', 'JWKS-INLINE-NO-FETCH'],
  needs: [
    ...FEDERATION_CAPABILITIES,
    'issuer-updates',
    needFor('clock', 'a minute of server time past the key-set refresh'),
    // The trap of JWKS-INLINE-NO-FETCH: a discovery document at the issuer URL serving the rotated key.
    observedWith('issuer-hosting', 'JWKS-INLINE-NO-FETCH'),
  ],
  async run(ctx) {
    const first = await keyPair('ES256', 'inline-1');
    const second = await keyPair('ES256', 'inline-2');
    let issuerUrl = ISSUER_URL;
    if (ctx.adapter.capabilities.has('issuer-hosting')) {
      // A trap: the issuer URL serves the rotated key by discovery, which an inline issuer never reads.
      issuerUrl = `https://${freshHost('inline')}`;
      await publishDiscovery(ctx, issuerUrl, [first.jwk, second.jwk] as Record<string, unknown>[]);
    }
    const issuer = await createIssuer(ctx, { keys: [first], issuerUrl });
    const rule = await createRule(ctx, issuer);
    const claims = async () => validClaims(await serverNow(ctx), { iss: issuerUrl });
    await judgeKey(ctx, rule, issuer, first, 'the registered key');
    await judgeKey(ctx, rule, issuer, second, 'a rotated key before the update');
    await ctx.fixture('clock', 'advanceClock', (REFRESH + MARGIN) * 1000);
    await judgeKey(ctx, rule, issuer, second, 'a rotated key a minute later, without an update');

    // The update: both keys, then the new key only.
    await ctx.fixture('issuer-updates', 'updateIssuer', issuer.id, {
      type: 'inline',
      keys: [first.jwk, second.jwk] as Record<string, unknown>[],
    });
    const both = { ...issuer, keys: [first, second] };
    await judgeKey(ctx, rule, both, second, 'the rotated key after the update');
    await judgeKey(ctx, rule, both, first, 'the old key kept by the update');
    await ctx.fixture('issuer-updates', 'updateIssuer', issuer.id, {
      type: 'inline',
      keys: [second.jwk] as Record<string, unknown>[],
    });
    const rotated = { ...issuer, keys: [second] };
    await judgeKey(ctx, rule, rotated, first, 'the old key after it was removed');
    const res = await exchange(ctx, rule, await sign(second, await claims()));
    expectToken(ctx, res, rule);
  },
});

export const privateCertificateAuthority = defineCase({
  id: 'federation.jwks-ca-cert-pem',
  family: 'federation',
  title:
    'a key set served under a private certificate authority is fetched only by an issuer whose ca_cert_pem trusts it (discovery and explicit_url)',
  requirements: ['JWKS-CA-CERT-PEM', 'EXCH-ERR-KEYSET-FETCH-FAILED'],
  needs: [...FEDERATION_CAPABILITIES, 'issuer-hosting', 'private-ca'],
  async run(ctx) {
    for (const mode of ['explicit_url', 'discovery'] as const) {
      const key = await keyPair('ES256', `private-${mode}`);
      const issuerUrl = `https://${freshHost('private')}`;
      const keysUrl = await publishDiscovery(ctx, issuerUrl, [key.jwk as Record<string, unknown>]);
      const { caCertPem } = await ctx.fixture('private-ca', 'privateCertificateAuthority', issuerUrl);
      const jwksOf = (pem?: string) =>
        mode === 'discovery'
          ? { type: 'discovery', ...(pem === undefined ? {} : { ca_cert_pem: pem }) }
          : { type: 'explicit_url', url: keysUrl, ...(pem === undefined ? {} : { ca_cert_pem: pem }) };

      const untrusting = await createIssuer(ctx, { keys: [key], issuerUrl, jwks: jwksOf() });
      const refused = await createRule(ctx, untrusting);
      const res = await exchange(
        ctx,
        refused,
        await sign(key, validClaims(await serverNow(ctx), { iss: issuerUrl })),
      );
      try {
        expectOutcome(ctx, res, expected({ facts: { keySetFetched: false } }).outcome);
      } catch (error) {
        (error as Error).message = `${mode} without ca_cert_pem: ${(error as Error).message}`;
        throw error;
      }

      const trusting = await createIssuer(ctx, { keys: [key], issuerUrl, jwks: jwksOf(caCertPem) });
      await judgeKey(ctx, await createRule(ctx, trusting), trusting, key, `${mode} with ca_cert_pem`);
    }
  },
});

export const ruleLifetimeDefault = defineCase({
  id: 'federation.rule-lifetime-default',
  family: 'federation',
  title: 'a rule without token_lifetime_seconds issues tokens like a rule with 3600',
  requirements: ['RULE-LIFETIME-DEFAULT'],
  needs: [...FEDERATION_CAPABILITIES],
  async run(ctx) {
    const key = await keyPair('ES256');
    const issuer = await createIssuer(ctx, { keys: [key] });
    const byDefault = await createRule(ctx, issuer);
    const explicit = await createRule(ctx, issuer, { lifetime: RULE_TOKEN_LIFETIME_DEFAULT_SECONDS });
    const token = await sign(key, validClaims(await serverNow(ctx)));
    const a = await exchange(ctx, byDefault, token);
    expectToken(ctx, a, byDefault);
    const b = await exchange(ctx, explicit, token);
    expectToken(ctx, b, explicit);
    // How expires_in relates to the lifetime is not shown (UNSPEC-EXCH-EXPIRES-IN-VALUE): the two
    // rules must only agree (within a second, for a clock that moves between the two exchanges).
    const ea = (a.body as TokenExchangeResponse).expires_in;
    const eb = (b.body as TokenExchangeResponse).expires_in;
    if (Math.abs(ea - eb) > 1)
      ctx.fail(`a rule without token_lifetime_seconds gave expires_in ${ea}, a rule with 3600 gave ${eb}`);
  },
});

export const ruleWorkspaceOrganization = defineCase({
  id: 'federation.rule-workspace-same-organization',
  family: 'federation',
  title:
    "a rule cannot be enabled for another organization's workspace: it is refused, or no token is ever issued for that workspace",
  requirements: ['RULE-WORKSPACE-SAME-ORGANIZATION'],
  needs: [...FEDERATION_CAPABILITIES, 'organizations'],
  async run(ctx) {
    const org = await freshOrganization(ctx);
    const { res: created, id: foreign } = await createWorkspace(ctx, org, 'foreign-rule-target');
    ctx.http.expect(created, [{ kind: 'status-class', equals: '2xx' }]);
    const key = await keyPair('ES256');
    const issuer = await createIssuer(ctx, { keys: [key] });
    const account = await createServiceAccount(ctx, [ctx.target.workspace]);
    const fields = (name: string, workspaceId: string) => ({
      name,
      issuer: issuer.id,
      match: { subject_prefix: SUBJECT },
      oauth_scope: WORKSPACE_DEVELOPER_SCOPE,
      service_account_id: account,
      workspace_ids: [workspaceId],
    });
    const own = await ctx.fixture(
      'federation-rules',
      'registerFederationRule',
      fields('own-workspace', ctx.target.workspace.id),
    );
    if (own.id === null || own.status >= 300)
      ctx.fail(
        `a rule for the organization's own workspace was refused: ${own.status} ${JSON.stringify(own.body)}`,
      );
    const r = await ctx.fixture(
      'federation-rules',
      'registerFederationRule',
      fields('foreign-workspace', foreign!),
    );
    if (r.id === null || r.status >= 300) return;
    const res = await exchange(
      ctx,
      { id: r.id, serviceAccountId: account },
      await sign(key, validClaims(await serverNow(ctx))),
      {
        workspace_id: foreign,
      },
    );
    ctx.clientError(res);
  },
});

export const serviceAccountMembership = defineCase({
  id: 'federation.service-account-member-of-rule-workspace',
  family: 'federation',
  title:
    "an exchange for a service account that is not a member of the rule's workspace issues no token; one that is a member gets one",
  requirements: ['RULE-WORKSPACE-SERVICE-ACCOUNT-MEMBER'],
  needs: [...FEDERATION_CAPABILITIES, 'workspaces'],
  async run(ctx) {
    const other = await ctx.workspace();
    if (other.id === ctx.target.workspace.id) throw new MissingCapabilityError('workspaces');
    const key = await keyPair('ES256');
    const issuer = await createIssuer(ctx, { keys: [key] });
    const outsider = await createServiceAccount(ctx, [other]);
    const rule = await createRule(ctx, issuer, {
      workspaces: [ctx.target.workspace],
      serviceAccountId: outsider,
    });
    const token = await sign(key, validClaims(await serverNow(ctx)));
    // What "not authorized" answers is not shown beyond a refusal (UNSPEC-EXCH-NOT-AUTHORIZED-MEANING).
    ctx.clientError(await exchange(ctx, rule, token));
    const member = await createServiceAccount(ctx, [ctx.target.workspace]);
    const res = await exchange(ctx, { ...rule, serviceAccountId: member }, token);
    expectToken(ctx, res, rule);
  },
});

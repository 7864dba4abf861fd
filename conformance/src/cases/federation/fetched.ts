/**
 * Issuers whose key sets the implementation fetches (`explicit_url`, `discovery`): the URL rules
 * at registration, the key set fetched and cached, a rotated key picked up within a minute, and a
 * key set that cannot be fetched. Needs an adapter that can publish documents at https URLs the
 * implementation fetches (the reference server's virtual network).
 */
import { urls } from '@vendor-api/spec';
import { MissingCapabilityError } from '../../adapter.js';
import { FEDERATION_CAPABILITIES } from '../../capabilities.js';
import { type CaseContext, defineCase } from '../../case.js';
import { needFor } from '../../needs.js';
import {
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
  stableJwtVerdict,
  validClaims,
} from './support/index.js';

/** An address outside every non-public range (the URL rules judge it public). */
const PUBLIC = ['93.184.215.14'];
const PRIVATE = ['10.1.2.3'];
const DOMAIN = 'conformance-idp.com';
/** Seconds after which a rotated key must be picked up (KEYCACHE-ROTATION-DELAY: up to one minute). */
const ROTATION_DELAY = 60;

let hosts = 0;
const freshHost = (label: string) => `${label}-${++hosts}.${DOMAIN}`;

function publish(ctx: CaseContext, url: string, body: unknown, addresses?: readonly string[]) {
  return ctx.fixture('issuer-hosting', 'publishDocument', url, body, addresses);
}

/** Exchanges a token signed by `key` for `rule` and judges it against an issuer with `issuer.keys`. */
export async function judgeKey(
  ctx: CaseContext,
  rule: RuleHandle,
  issuer: IssuerHandle,
  key: Awaited<ReturnType<typeof keyPair>>,
  what: string,
) {
  const now = await serverNow(ctx);
  const token = await sign(key, validClaims(now, { iss: issuer.issuer_url }));
  const verdict = stableJwtVerdict(token, issuer, now);
  if (verdict === null) throw new Error(`${what}: a token on a skew boundary`);
  const res = await exchange(ctx, rule, token);
  try {
    expectOutcome(ctx, res, expected({ jwt: verdict }).outcome);
  } catch (error) {
    (error as Error).message = `${what}: ${(error as Error).message}`;
    throw error;
  }
}

export const fetchedKeySets = defineCase({
  id: 'federation.fetched-key-sets',
  family: 'federation',
  title:
    'explicit_url and discovery issuers: the fetched key set verifies tokens, a rotated key works at the latest a minute after it is published, and a key set that cannot be fetched gives invalid_grant',
  requirements: [
    'JWKS-EXPLICIT-URL-FETCH',
    'JWKS-DISCOVERY-FETCH',
    'KEYCACHE-CACHED',
    'KEYCACHE-ROTATION-DELAY',
    'EXCH-ERR-KEYSET-FETCH-FAILED',
    'EXCH-ERR-KEYSET-STALE',
    'EXCH-ERR-GRANT-CAUSE-HIDDEN',
    'URL-ISSUER-UNFETCHED-FREE',
  ],
  needs: [
    ...FEDERATION_CAPABILITIES,
    'issuer-hosting',
    needFor('clock', 'a minute of server time past the key rotation delay'),
  ],
  async run(ctx) {
    for (const mode of ['explicit_url', 'discovery'] as const) {
      const first = await keyPair('ES256', `${mode}-1`);
      const second = await keyPair('ES256', `${mode}-2`);
      const keysUrl = `https://${freshHost('keys')}/jwks.json`;
      await publish(ctx, keysUrl, { keys: [first.jwk] }, PUBLIC);
      let issuerUrl: string;
      let jwks: Record<string, unknown>;
      if (mode === 'discovery') {
        issuerUrl = `https://${freshHost('idp')}`;
        await publish(
          ctx,
          `${issuerUrl}/.well-known/openid-configuration`,
          { issuer: issuerUrl, jwks_uri: keysUrl },
          PUBLIC,
        );
        jwks = { type: 'discovery' };
      } else {
        // Never fetched: an internal host on another port is fine (URL-ISSUER-UNFETCHED-FREE).
        issuerUrl = 'https://idp.internal.test:8443/realm/';
        jwks = { type: 'explicit_url', url: keysUrl };
      }
      const issuer = await createIssuer(ctx, { keys: [first], issuerUrl, jwks });
      const rule = await createRule(ctx, issuer);
      await judgeKey(ctx, rule, issuer, first, `${mode}: the published key`);
      // A key that is not published yet is refused.
      await judgeKey(ctx, rule, issuer, second, `${mode}: a key not yet published`);

      // Rotation: the new key is published beside the old one; within a minute it must work.
      await publish(ctx, keysUrl, { keys: [first.jwk, second.jwk] });
      // Right after the rotation the cached key set may be stale: the new key then fails, and a
      // stale key set is a 400 invalid_grant like every key-set failure (EXCH-ERR-KEYSET-STALE).
      const early = await exchange(ctx, rule, await sign(second, validClaims(await serverNow(ctx))));
      if (early.status < 200 || early.status >= 300)
        expectOutcome(ctx, early, expected({ facts: { keySetFresh: false } }).outcome);
      await ctx.fixture('clock', 'advanceClock', (ROTATION_DELAY + MARGIN) * 1000);
      const rotated = { ...issuer, keys: [first, second] };
      await judgeKey(ctx, rule, rotated, second, `${mode}: the rotated key a minute later`);
      await judgeKey(ctx, rule, rotated, first, `${mode}: the old key after the rotation`);
    }

    // A key set that cannot be fetched (nothing is served at its URL).
    const key = await keyPair('ES256');
    const host = freshHost('gone');
    await publish(ctx, `https://${host}/other.json`, { keys: [] }, PUBLIC);
    const issuer = await createIssuer(ctx, {
      keys: [key],
      jwks: { type: 'explicit_url', url: `https://${host}/jwks.json` },
    });
    const rule = await createRule(ctx, issuer);
    const res = await exchange(ctx, rule, await sign(key, validClaims(await serverNow(ctx))));
    expectOutcome(ctx, res, expected({ facts: { keySetFetched: false } }).outcome);
  },
});

export const fetchedUrlRules = defineCase({
  id: 'federation.fetched-url-rules',
  family: 'federation',
  title:
    'an issuer is registered exactly when urls.validateIssuerUrls accepts the URLs it fetches: https, port 443, a public DNS name resolving to public addresses; unfetched URLs are free',
  requirements: [
    'URL-HTTPS',
    'URL-PORT-443',
    'URL-IP-LITERAL-REJECTED',
    'URL-PUBLIC-DNS-NAME',
    'URL-PUBLIC-ADDRESSES',
    'URL-ONLY-FETCHED',
    'URL-ISSUER-UNFETCHED-FREE',
    'JWKS-DISCOVERY-BASE-OVERRIDES',
  ],
  needs: ['issuers', 'issuer-hosting'],
  async run(ctx) {
    const publicHost = freshHost('public');
    const privateHost = freshHost('private');
    const resolved = new Map<string, readonly string[]>([
      [publicHost, PUBLIC],
      [privateHost, PRIVATE],
    ]);
    for (const [host, addresses] of resolved) await publish(ctx, `https://${host}/ping`, {}, addresses);
    const resolve: urls.Resolver = (hostname) => {
      const found = resolved.get(hostname.toLowerCase());
      if (!found) throw new Error(`${hostname} does not resolve`);
      return found;
    };
    const internal = 'https://idp.internal.test:8443/realm/';
    const candidates: [string, { issuer_url: string; jwks: Record<string, unknown> }][] = [
      ['discovery on a public host', { issuer_url: `https://${publicHost}`, jwks: { type: 'discovery' } }],
      ['discovery on port 8443', { issuer_url: `https://${publicHost}:8443`, jwks: { type: 'discovery' } }],
      [
        'discovery on an explicit 443',
        { issuer_url: `https://${publicHost}:443/realm`, jwks: { type: 'discovery' } },
      ],
      ['discovery over http', { issuer_url: `http://${publicHost}`, jwks: { type: 'discovery' } }],
      ['discovery on an IP literal', { issuer_url: `https://${PUBLIC[0]}`, jwks: { type: 'discovery' } }],
      [
        'discovery on a private address',
        { issuer_url: `https://${privateHost}`, jwks: { type: 'discovery' } },
      ],
      [
        'discovery_base public, issuer_url internal',
        { issuer_url: internal, jwks: { type: 'discovery', discovery_base: `https://${publicHost}` } },
      ],
      [
        'discovery_base on a private address',
        {
          issuer_url: `https://${publicHost}`,
          jwks: { type: 'discovery', discovery_base: `https://${privateHost}` },
        },
      ],
      [
        'explicit_url public',
        { issuer_url: internal, jwks: { type: 'explicit_url', url: `https://${publicHost}/k` } },
      ],
      [
        'explicit_url on port 8443',
        { issuer_url: internal, jwks: { type: 'explicit_url', url: `https://${publicHost}:8443/k` } },
      ],
      [
        'explicit_url on a private address',
        { issuer_url: internal, jwks: { type: 'explicit_url', url: `https://${privateHost}/k` } },
      ],
    ];
    const key = await keyPair('ES256');
    for (const [what, fields] of candidates) {
      const verdict = await urls.validateIssuerUrls(fields as Parameters<typeof urls.validateIssuerUrls>[0], {
        resolve,
      });
      let accepted = true;
      try {
        await createIssuer(ctx, { keys: [key], issuerUrl: fields.issuer_url, jwks: fields.jwks });
      } catch (error) {
        if (error instanceof MissingCapabilityError) throw error;
        accepted = false;
      }
      // The refusal's status and body belong to an endpoint that is not shown
      // (UNSPEC-ISSUER-URL-VALIDATION-ENDPOINT): only acceptance is compared.
      if (accepted !== verdict.ok)
        ctx.fail(
          `${what}: the issuer was ${accepted ? 'accepted' : 'refused'}, the URL rules ${verdict.ok ? 'accept' : 'refuse'} it`,
        );
    }
  },
});

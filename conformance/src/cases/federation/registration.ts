/**
 * What an implementation accepts when issuers, service accounts and federation rules are
 * registered (their endpoints are not shown: UNSPEC-FED-ISSUER-ENDPOINTS, UNSPEC-RULE-ENDPOINTS,
 * UNSPEC-SVAC-ENDPOINTS, so the adapter registers them and reports a refusal as an answer). The
 * verdict on a record is the spec's schema (`FederationName`, `FederationIssuer`,
 * `FederationRule`) and URL rules (`urls.validateIssuerUrls`); a refusal's status and body are
 * not shown (UNSPEC-RULE-VALIDATION-ERROR), so only acceptance is compared, except for a URL
 * validation failure, whose 400 `invalid_request_error` and field prefix the documents give.
 */
import {
  RULE_TOKEN_LIFETIME_DEFAULT_SECONDS as DEFAULT,
  RULE_TOKEN_LIFETIME_MAX_SECONDS as MAX,
  RULE_TOKEN_LIFETIME_MIN_SECONDS as MIN,
  urls,
  WORKSPACE_DEVELOPER_SCOPE,
} from '@vendor-api/spec';
import { validateSchema } from '@vendor-api/validators';
import fc from 'fast-check';
import type { Registration } from '../../adapter.js';
import { FEDERATION_CAPABILITIES } from '../../capabilities.js';
import { type CaseContext, defineCase } from '../../case.js';
import { createIssuer, createServiceAccount, ISSUER_URL, keyPair, SUBJECT } from './support/index.js';

const PUBLIC = ['93.184.215.14'];
const PRIVATE = ['10.1.2.3'];
let hosts = 0;
const freshHost = (label: string) => `${label}-${++hosts}.conformance-registration.com`;

const accepted = (r: Registration) => r.status >= 200 && r.status < 300 && r.id !== null;

/** Fails when the implementation's acceptance differs from the spec's verdict. */
function judgeAcceptance(ctx: CaseContext, what: string, r: Registration, valid: boolean): void {
  if (accepted(r) !== valid)
    ctx.fail(
      `${what}: the implementation ${accepted(r) ? 'accepted' : `refused (${r.status} ${JSON.stringify(r.body)})`} it, the spec ${valid ? 'accepts' : 'refuses'} it`,
    );
}

type Kind = 'issuer' | 'rule' | 'service account';

/** Names around the pattern and both length bounds. */
const names: fc.Arbitrary<string> = fc.oneof(
  fc.stringMatching(/^[a-z0-9-]{1,40}$/),
  fc.constantFrom('', 'A', 'abc-XYZ', 'a_b', 'a b', 'a.b', 'é', 'a\n', '-', '0'),
  fc.string({ maxLength: 12 }),
  fc.integer({ min: 250, max: 260 }).map((n) => 'n'.repeat(n)),
);

export const registrationNames = defineCase({
  id: 'federation.registration-names',
  family: 'federation',
  title:
    'an issuer, a service account or a rule is registered exactly when its name is 1 to 255 characters of ^[a-z0-9-]+$; a service account id is svac_...',
  requirements: [
    'FED-NAME-LIMITS',
    'ISSUER-NAME-PATTERN',
    'ISSUER-NAME-LENGTH-MIN',
    'ISSUER-NAME-LENGTH-MAX',
    'RULE-NAME-PATTERN',
    'RULE-NAME-LENGTH-MIN',
    'RULE-NAME-LENGTH-MAX',
    'SVAC-NAME-PATTERN',
    'SVAC-NAME-LENGTH-MIN',
    'SVAC-NAME-LENGTH-MAX',
    'SVAC-ID',
  ],
  needs: [...FEDERATION_CAPABILITIES],
  async run(ctx) {
    const key = await keyPair('ES256');
    const issuer = await createIssuer(ctx, { keys: [key] });
    const account = await createServiceAccount(ctx, [ctx.target.workspace]);
    if (!validateSchema('ServiceAccountId', account).ok)
      ctx.fail(`service account id ${JSON.stringify(account)} is not svac_ followed by an opaque string`);
    // Names are not said to be unique, nor not to be: a name is registered at most once per kind.
    const used = new Map<Kind, Set<string>>([
      ['issuer', new Set()],
      ['rule', new Set()],
      ['service account', new Set()],
    ]);
    const register = async (kind: Kind, name: string) => {
      if (used.get(kind)!.has(name)) return;
      const r =
        kind === 'issuer'
          ? await ctx.fixture('issuers', 'registerIssuer', {
              name,
              issuer_url: ISSUER_URL,
              jwks: { type: 'inline', keys: [key.jwk as Record<string, unknown>] },
            })
          : kind === 'service account'
            ? await ctx.fixture('service-accounts', 'registerServiceAccount', name, [ctx.target.workspace.id])
            : await ctx.fixture('federation-rules', 'registerFederationRule', {
                name,
                issuer: issuer.id,
                match: { subject_prefix: SUBJECT },
                oauth_scope: WORKSPACE_DEVELOPER_SCOPE,
                service_account_id: account,
                workspace_ids: [ctx.target.workspace.id],
              });
      const valid = validateSchema('FederationName', name).ok;
      judgeAcceptance(
        ctx,
        `${kind} named ${JSON.stringify(name.length > 40 ? `${name.slice(0, 8)}... (${name.length})` : name)}`,
        r,
        valid,
      );
      if (accepted(r)) used.get(kind)!.add(name);
      if (kind === 'service account' && r.id !== null && !validateSchema('ServiceAccountId', r.id).ok)
        ctx.fail(`service account id ${JSON.stringify(r.id)} is not svac_ followed by an opaque string`);
    };
    const kinds: Kind[] = ['issuer', 'rule', 'service account'];
    // The bounds, for every kind, in every run.
    for (const kind of kinds)
      for (const name of ['', 'a', 'b'.repeat(255), 'c'.repeat(256), 'Upper', 'under_score'])
        await register(kind, name);
    await ctx.property(
      fc.tuple(fc.constantFrom(...kinds), names),
      async ([kind, name]) => register(kind, name),
      { numRuns: Math.min(ctx.settings.numRuns, 25) },
    );
  },
});

export const registrationIssuerFields = defineCase({
  id: 'federation.registration-issuer-fields',
  family: 'federation',
  title:
    'an issuer needs a URL issuer_url and a jwks that is exactly one variant by type (discovery: discovery_base, ca_cert_pem; explicit_url: url, ca_cert_pem; inline: a keys array) with no other fields',
  requirements: [
    'ISSUER-URL-FIELD',
    'ISSUER-JWKS-DISCRIMINATED',
    'JWKS-DISCOVERY-FIELDS',
    'JWKS-EXPLICIT-URL-FIELDS',
    'JWKS-INLINE-FIELDS',
    'JWKS-VARIANTS-EXCLUSIVE',
  ],
  needs: ['issuers', 'issuer-hosting'],
  async run(ctx) {
    const host = freshHost('idp');
    await ctx.fixture('issuer-hosting', 'publishDocument', `https://${host}/ping`, {}, PUBLIC);
    const resolve: urls.Resolver = (hostname) => {
      if (hostname.toLowerCase() !== host) throw new Error(`${hostname} does not resolve`);
      return PUBLIC;
    };
    const jwk = (await keyPair('ES256')).jwk as Record<string, unknown>;
    const base = `https://${host}`;
    const url = `${base}/jwks.json`;
    const pem = '-----BEGIN CERTIFICATE-----\nY29uZm9ybWFuY2U=\n-----END CERTIFICATE-----\n';
    const inline = { type: 'inline', keys: [jwk] };
    const examples: [string, Record<string, unknown>][] = [
      ['inline', { issuer_url: ISSUER_URL, jwks: inline }],
      [
        'inline with the key-set wrapper',
        { issuer_url: ISSUER_URL, jwks: { type: 'inline', keys: { keys: [jwk] } } },
      ],
      ['inline without keys', { issuer_url: ISSUER_URL, jwks: { type: 'inline' } }],
      ['inline with a url', { issuer_url: ISSUER_URL, jwks: { ...inline, url } }],
      ['inline with ca_cert_pem', { issuer_url: ISSUER_URL, jwks: { ...inline, ca_cert_pem: pem } }],
      ['explicit_url', { issuer_url: ISSUER_URL, jwks: { type: 'explicit_url', url } }],
      [
        'explicit_url with ca_cert_pem',
        { issuer_url: ISSUER_URL, jwks: { type: 'explicit_url', url, ca_cert_pem: pem } },
      ],
      ['explicit_url without url', { issuer_url: ISSUER_URL, jwks: { type: 'explicit_url' } }],
      [
        'explicit_url with keys',
        { issuer_url: ISSUER_URL, jwks: { type: 'explicit_url', url, keys: [jwk] } },
      ],
      [
        'explicit_url with discovery_base',
        { issuer_url: ISSUER_URL, jwks: { type: 'explicit_url', url, discovery_base: base } },
      ],
      ['discovery', { issuer_url: base, jwks: { type: 'discovery' } }],
      [
        'discovery with discovery_base',
        { issuer_url: ISSUER_URL, jwks: { type: 'discovery', discovery_base: base } },
      ],
      ['discovery with ca_cert_pem', { issuer_url: base, jwks: { type: 'discovery', ca_cert_pem: pem } }],
      ['discovery with a url', { issuer_url: base, jwks: { type: 'discovery', url } }],
      ['discovery with keys', { issuer_url: base, jwks: { type: 'discovery', keys: [jwk] } }],
      ['an unknown jwks type', { issuer_url: base, jwks: { type: 'jwks_uri', url } }],
      ['a numeric jwks type', { issuer_url: ISSUER_URL, jwks: { type: 1, keys: [jwk] } }],
      ['no issuer_url', { jwks: inline }],
      ['an issuer_url that is not a URL', { issuer_url: 'not a url', jwks: inline }],
      ['a numeric issuer_url', { issuer_url: 443, jwks: inline }],
    ];
    let n = 0;
    for (const [what, fields] of examples) {
      const name = `fields-${++n}`;
      const schema = validateSchema('FederationIssuer', { name, ...fields }, { mode: 'contract' }).ok;
      const valid =
        schema &&
        (await urls.validateIssuerUrls(fields as Parameters<typeof urls.validateIssuerUrls>[0], { resolve }))
          .ok;
      const r = await ctx.fixture('issuers', 'registerIssuer', { name, ...fields });
      judgeAcceptance(ctx, `an issuer with ${what}`, r, valid);
    }
  },
});

export const registrationRuleFields = defineCase({
  id: 'federation.registration-rule-fields',
  family: 'federation',
  title:
    'a rule needs a match with subject_prefix, claims or condition (audience alone or nothing is refused) and an integer token_lifetime_seconds of 60 to 86400, refused outside, never clamped',
  requirements: [
    'RULE-MATCH-FIELD',
    'MATCH-AT-LEAST-ONE',
    'MATCH-AUDIENCE-ONLY-REJECTED',
    'MATCH-EMPTY-REJECTED',
    'RULE-LIFETIME-INTEGER',
    'RULE-LIFETIME-MIN',
    'RULE-LIFETIME-MAX',
    'RULE-LIFETIME-REJECTED-AT-REQUEST',
  ],
  needs: [...FEDERATION_CAPABILITIES],
  async run(ctx) {
    const issuer = await createIssuer(ctx);
    const account = await createServiceAccount(ctx, [ctx.target.workspace]);
    const subject = { subject_prefix: SUBJECT };
    // A `claims` map that is empty is left out: whether it counts is not shown (UNSPEC-RULE-EMPTY-MATCHER).
    const examples: [string, { match?: unknown; token_lifetime_seconds?: unknown }][] = [
      ['subject_prefix', { match: subject }],
      ['claims', { match: { claims: { repository: 'acme/app' } } }],
      ['condition', { match: { condition: 'claims.sub == "x"' } }],
      ['audience and subject_prefix', { match: { ...subject, audience: 'vendor-api' } }],
      ['audience only', { match: { audience: 'vendor-api' } }],
      ['no matchers', { match: {} }],
      ['no match', {}],
      ['a match that is a string', { match: SUBJECT }],
      [`lifetime ${MIN - 1}`, { match: subject, token_lifetime_seconds: MIN - 1 }],
      [`lifetime ${MIN}`, { match: subject, token_lifetime_seconds: MIN }],
      [`lifetime ${DEFAULT}`, { match: subject, token_lifetime_seconds: DEFAULT }],
      [`lifetime ${MAX}`, { match: subject, token_lifetime_seconds: MAX }],
      [`lifetime ${MAX + 1}`, { match: subject, token_lifetime_seconds: MAX + 1 }],
      ['lifetime 0', { match: subject, token_lifetime_seconds: 0 }],
      ['lifetime -60', { match: subject, token_lifetime_seconds: -60 }],
      ['lifetime 600.5', { match: subject, token_lifetime_seconds: 600.5 }],
      ['lifetime "600"', { match: subject, token_lifetime_seconds: '600' }],
      ['lifetime 1000000', { match: subject, token_lifetime_seconds: 1_000_000 }],
    ];
    let n = 0;
    for (const [what, fields] of examples) {
      const name = `rule-fields-${++n}`;
      const oauth_scope = WORKSPACE_DEVELOPER_SCOPE;
      const valid = validateSchema(
        'FederationRule',
        { name, oauth_scope, ...fields },
        { mode: 'contract' },
      ).ok;
      const r = await ctx.fixture('federation-rules', 'registerFederationRule', {
        name,
        issuer: issuer.id,
        oauth_scope,
        service_account_id: account,
        workspace_ids: [ctx.target.workspace.id],
        ...fields,
      });
      judgeAcceptance(ctx, `a rule with ${what}`, r, valid);
    }
  },
});

export const urlValidationError = defineCase({
  id: 'federation.url-validation-error',
  family: 'federation',
  title:
    'an issuer whose fetched URL fails validation is refused with 400 invalid_request_error, the message starting with the failing field',
  requirements: ['URL-ERROR-400', 'URL-ERROR-FIELD-PREFIX'],
  needs: ['issuers', 'issuer-hosting'],
  async run(ctx) {
    const publicHost = freshHost('public');
    const privateHost = freshHost('private');
    await ctx.fixture('issuer-hosting', 'publishDocument', `https://${publicHost}/ping`, {}, PUBLIC);
    await ctx.fixture('issuer-hosting', 'publishDocument', `https://${privateHost}/ping`, {}, PRIVATE);
    const resolve: urls.Resolver = (hostname) => {
      const h = hostname.toLowerCase();
      if (h === publicHost) return PUBLIC;
      if (h === privateHost) return PRIVATE;
      throw new Error(`${hostname} does not resolve`);
    };
    const candidates: [string, { issuer_url: string; jwks: Record<string, unknown> }][] = [
      ['discovery over http', { issuer_url: `http://${publicHost}`, jwks: { type: 'discovery' } }],
      ['discovery on port 8443', { issuer_url: `https://${publicHost}:8443`, jwks: { type: 'discovery' } }],
      [
        'discovery_base on a private address',
        { issuer_url: ISSUER_URL, jwks: { type: 'discovery', discovery_base: `https://${privateHost}` } },
      ],
      [
        'discovery_base on an IP literal',
        { issuer_url: ISSUER_URL, jwks: { type: 'discovery', discovery_base: `https://${PUBLIC[0]}` } },
      ],
      [
        'explicit_url on port 8443',
        { issuer_url: ISSUER_URL, jwks: { type: 'explicit_url', url: `https://${publicHost}:8443/k` } },
      ],
      [
        'explicit_url on a private address',
        { issuer_url: ISSUER_URL, jwks: { type: 'explicit_url', url: `https://${privateHost}/k` } },
      ],
    ];
    let n = 0;
    for (const [what, fields] of candidates) {
      const verdict = await urls.validateIssuerUrls(fields as Parameters<typeof urls.validateIssuerUrls>[0], {
        resolve,
      });
      if (verdict.ok) throw new Error(`${what}: the URL rules accept it; the case expects a failure`);
      const r = await ctx.fixture('issuers', 'registerIssuer', { name: `url-error-${++n}`, ...fields });
      const error = (r.body as { error?: { type?: unknown; message?: unknown } } | null)?.error;
      if (r.status !== verdict.status || error?.type !== verdict.body.error.type)
        ctx.fail(
          `${what}: expected ${verdict.status} ${verdict.body.error.type}, the implementation answered ${r.status} ${JSON.stringify(r.body)}`,
        );
      if (typeof error?.message !== 'string' || !error.message.startsWith(verdict.field))
        ctx.fail(
          `${what}: the message ${JSON.stringify(error?.message)} does not start with the failing field ${verdict.field}`,
        );
    }
  },
});

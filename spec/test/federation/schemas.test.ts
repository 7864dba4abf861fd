/**
 * Federation schemas at every documented boundary: identifier shapes, names, jwks variants,
 * rules and matchers, service accounts, and the token exchange request and response.
 */
import { describe, expect, it } from 'vitest';
import {
  FederationIssuer,
  FederationJwks,
  FederationMatch,
  FederationName,
  FederationOAuthScope,
  FederationRule,
  FederationRuleId,
  Jwk,
  ServiceAccount,
  ServiceAccountId,
  TokenExchangeParams,
  TokenExchangeResponse,
} from '../../src/resources/federation.js';
import { Fail, Ok, str } from '../helpers.js';

const ORG = '6f1c1a9e-0c1f-4a55-9f4e-2b8f3c2d7e10';
const exchange = {
  grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
  assertion: 'aaa.bbb.ccc',
  federation_rule_id: 'fdrl_01abc',
  organization_id: ORG,
  service_account_id: 'svac_01abc',
};
const without = <T extends object>(value: T, key: keyof T) => {
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  delete copy[key as string];
  return copy;
};

describe('identifier shapes', () => {
  it('accepts fdrl_ and svac_ followed by an opaque string', () => {
    Ok(FederationRuleId, 'fdrl_x');
    Ok(FederationRuleId, 'fdrl_01HZX-anything.at/all');
    Ok(ServiceAccountId, 'svac_x');
  });
  it('rejects a bare prefix, another prefix or a different case', () => {
    Fail(FederationRuleId, 'fdrl_');
    Fail(FederationRuleId, 'svac_x');
    Fail(FederationRuleId, 'FDRL_x');
    Fail(FederationRuleId, 'x_fdrl_x');
    Fail(ServiceAccountId, 'svac_');
    Fail(ServiceAccountId, 'fdrl_x');
  });
});

describe('FederationName (issuer, rule and service account names)', () => {
  it('accepts 1 and 255 characters of [a-z0-9-]', () => {
    Ok(FederationName, 'a');
    Ok(FederationName, str(255));
    Ok(FederationName, 'ci-deploy-2');
    Ok(FederationName, '-');
  });
  it('rejects 0 and 256 characters', () => {
    Fail(FederationName, '');
    Fail(FederationName, str(256));
  });
  it.each(['A', 'ci_deploy', 'ci deploy', 'ci.deploy', 'é', 'a\n'])('rejects %j', (name) => {
    Fail(FederationName, name);
  });
  it('applies to issuers, rules and service accounts alike', () => {
    const issuer = { issuer_url: 'https://token.actions.example.com' };
    Ok(FederationIssuer, { ...issuer, name: str(255) });
    Fail(FederationIssuer, { ...issuer, name: str(256) });
    Fail(FederationIssuer, { ...issuer, name: 'Bad' });
    const rule = { match: { subject_prefix: 'repo:*' }, oauth_scope: 'workspace:developer' };
    Ok(FederationRule, { ...rule, name: 'a' });
    Fail(FederationRule, { ...rule, name: '' });
    Ok(ServiceAccount, { id: 'svac_1', name: str(255) });
    Fail(ServiceAccount, { id: 'svac_1', name: str(256) });
    Fail(ServiceAccount, { id: 'svac_1', name: 'UPPER' });
  });
});

describe('FederationJwks variants', () => {
  it('accepts discovery with or without type, discovery_base and ca_cert_pem', () => {
    Ok(FederationJwks, {});
    Ok(FederationJwks, { type: 'discovery' });
    Ok(FederationJwks, { type: 'discovery', discovery_base: 'https://idp.example.com/base' });
    Ok(FederationJwks, {
      discovery_base: 'https://idp.example.com',
      ca_cert_pem: '-----BEGIN CERTIFICATE-----',
    });
  });
  it('accepts explicit_url with url, and with ca_cert_pem', () => {
    Ok(FederationJwks, { type: 'explicit_url', url: 'https://idp.example.com/jwks.json' });
    Ok(FederationJwks, {
      type: 'explicit_url',
      url: 'https://idp.example.com/jwks.json',
      ca_cert_pem: 'pem',
    });
  });
  it('rejects explicit_url without url', () => {
    Fail(FederationJwks, { type: 'explicit_url' });
  });
  it('accepts inline with an array of JWKs (the keys array, not the wrapper)', () => {
    Ok(FederationJwks, { type: 'inline', keys: [{ kty: 'EC', kid: 'k1', crv: 'P-256', x: 'x', y: 'y' }] });
    Ok(FederationJwks, { type: 'inline', keys: [] });
    Fail(FederationJwks, { type: 'inline', keys: { keys: [{ kty: 'EC' }] } });
    Fail(FederationJwks, { type: 'inline' });
  });
  it('rejects a key without kty', () => {
    Fail(Jwk, { kid: 'k1' });
    Ok(Jwk, { kty: 'RSA', n: 'n', e: 'AQAB' });
    Fail(FederationJwks, { type: 'inline', keys: [{ kid: 'k1' }] });
  });
  it('keeps the variants mutually exclusive', () => {
    Fail(FederationJwks, { type: 'discovery', url: 'https://idp.example.com/jwks' });
    Fail(FederationJwks, { url: 'https://idp.example.com/jwks' });
    Fail(FederationJwks, {
      type: 'explicit_url',
      url: 'https://a.example.com/j',
      discovery_base: 'https://a.example.com',
    });
    Fail(FederationJwks, { type: 'explicit_url', url: 'https://a.example.com/j', keys: [] });
    Fail(FederationJwks, { type: 'inline', keys: [], url: 'https://a.example.com/j' });
    Fail(FederationJwks, { type: 'inline', keys: [], ca_cert_pem: 'pem' });
    Fail(FederationJwks, { keys: [] });
  });
  it('rejects an unknown type', () => {
    Fail(FederationJwks, { type: 'jwks_uri', url: 'https://a.example.com/j' });
  });
  it('rejects a discovery_base or url that is not a URL', () => {
    Fail(FederationJwks, { discovery_base: 'not a url' });
    Fail(FederationJwks, { type: 'explicit_url', url: 'not a url' });
  });
});

describe('FederationIssuer', () => {
  it('defaults jwks to discovery', () => {
    expect(FederationIssuer.properties.jwks.default).toEqual({ type: 'discovery' });
    Ok(FederationIssuer, { name: 'gh', issuer_url: 'https://token.actions.example.com' });
  });
  it('stays open for the not-shown maximum lifetime field', () => {
    Ok(FederationIssuer, {
      name: 'gh',
      issuer_url: 'https://idp.example.com',
      max_jwt_lifetime_seconds: 7200,
    });
  });
  it('accepts an internal issuer_url (URL rules apply only when fetched)', () => {
    Ok(FederationIssuer, {
      name: 'internal',
      issuer_url: 'http://idp.internal:8080/',
      jwks: { type: 'inline', keys: [{ kty: 'EC', kid: 'k' }] },
    });
  });
  it('requires issuer_url as a URL', () => {
    Fail(FederationIssuer, { name: 'gh' });
    Fail(FederationIssuer, { name: 'gh', issuer_url: 'not a url' });
    Fail(FederationIssuer, { name: 'gh', issuer_url: 'https://a.example.com', jwks: { type: 'inline' } });
  });
});

describe('FederationMatch', () => {
  it.each([
    [{ subject_prefix: 'repo:acme/app:*' }],
    [{ claims: { repository: 'acme/app' } }],
    [{ condition: 'claims.ref == "refs/heads/main"' }],
    [{ subject_prefix: 'x', audience: 'api', claims: { a: 'b' }, condition: 'true' }],
    [{ audience: 'api', subject_prefix: '' }],
  ])('accepts %j', (match) => {
    Ok(FederationMatch, match);
  });
  it('rejects a match with only audience', () => {
    Fail(FederationMatch, { audience: 'api' });
  });
  it('rejects a match with no matchers', () => {
    Fail(FederationMatch, {});
  });
  it('rejects an empty claims map as the only matcher', () => {
    Fail(FederationMatch, { claims: {} });
    Fail(FederationMatch, { claims: {}, audience: 'api' });
    Ok(FederationMatch, { claims: {}, subject_prefix: 'x' });
  });
  it('rejects non-string claim values and unknown matchers', () => {
    Fail(FederationMatch, { claims: { run_attempt: 1 } });
    Fail(FederationMatch, { claims: { nested: { a: 'b' } } });
    Fail(FederationMatch, { subject_prefix: 'x', issuer: 'y' });
    Fail(FederationMatch, { subject_prefix: 1 });
    Fail(FederationMatch, { condition: true });
  });
});

describe('FederationRule', () => {
  const rule = { name: 'ci', match: { subject_prefix: 'repo:*' }, oauth_scope: 'workspace:developer' };
  it('accepts token_lifetime_seconds 60 and 86400', () => {
    Ok(FederationRule, { ...rule, token_lifetime_seconds: 60 });
    Ok(FederationRule, { ...rule, token_lifetime_seconds: 86400 });
  });
  it('rejects token_lifetime_seconds 59 and 86401', () => {
    Fail(FederationRule, { ...rule, token_lifetime_seconds: 59 });
    Fail(FederationRule, { ...rule, token_lifetime_seconds: 86401 });
  });
  it('rejects a fractional token_lifetime_seconds', () => {
    Fail(FederationRule, { ...rule, token_lifetime_seconds: 3600.5 });
  });
  it('defaults token_lifetime_seconds to 3600', () => {
    expect(FederationRule.properties.token_lifetime_seconds.default).toBe(3600);
    Ok(FederationRule, rule);
  });
  it('accepts both oauth scopes and nothing else', () => {
    Ok(FederationOAuthScope, 'workspace:developer');
    Ok(FederationOAuthScope, 'org:manage_tunnels');
    Fail(FederationOAuthScope, 'workspace:admin');
    Fail(FederationRule, { ...rule, oauth_scope: 'Workspace:developer' });
  });
  it('takes an optional wrkspc_ workspace_id', () => {
    Ok(FederationRule, { ...rule, workspace_id: 'wrkspc_1' });
    Fail(FederationRule, { ...rule, workspace_id: 'default' });
  });
  it('requires a valid match', () => {
    Fail(FederationRule, { ...rule, match: { audience: 'api' } });
    Fail(FederationRule, without(rule, 'match'));
  });
  it('stays open for the fields not shown', () => {
    Ok(FederationRule, { ...rule, id: 'fdrl_1', enabled: true });
  });
});

describe('ServiceAccount', () => {
  it('has a svac_ id and a name, open for other fields', () => {
    Ok(ServiceAccount, { id: 'svac_1', name: 'deployer', created_at: '2025-01-01T00:00:00Z' });
    Fail(ServiceAccount, { id: 'fdrl_1', name: 'deployer' });
    Fail(ServiceAccount, { name: 'deployer' });
  });
});

describe('TokenExchangeParams', () => {
  it('accepts the five required fields', () => {
    Ok(TokenExchangeParams, exchange);
  });
  it.each([
    'grant_type',
    'assertion',
    'federation_rule_id',
    'organization_id',
    'service_account_id',
  ] as const)('rejects a body without %s', (field) => {
    Fail(TokenExchangeParams, without(exchange, field));
  });
  it('rejects any other grant_type', () => {
    Fail(TokenExchangeParams, { ...exchange, grant_type: 'client_credentials' });
    Fail(TokenExchangeParams, { ...exchange, grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange' });
  });
  it('accepts a 16384-character assertion and rejects 16385', () => {
    Ok(TokenExchangeParams, { ...exchange, assertion: str(16384) });
    Fail(TokenExchangeParams, { ...exchange, assertion: str(16385) });
    Fail(TokenExchangeParams, { ...exchange, assertion: 42 });
  });
  it('rejects a malformed federation_rule_id, organization_id or service_account_id', () => {
    Fail(TokenExchangeParams, { ...exchange, federation_rule_id: 'rule_1' });
    Fail(TokenExchangeParams, { ...exchange, federation_rule_id: 'fdrl_' });
    Fail(TokenExchangeParams, { ...exchange, organization_id: 'org_1' });
    Fail(TokenExchangeParams, { ...exchange, service_account_id: 'sa_1' });
  });
  it('accepts workspace_id wrkspc_... or default, and nothing else', () => {
    Ok(TokenExchangeParams, { ...exchange, workspace_id: 'wrkspc_01' });
    Ok(TokenExchangeParams, { ...exchange, workspace_id: 'default' });
    Fail(TokenExchangeParams, { ...exchange, workspace_id: 'Default' });
    Fail(TokenExchangeParams, { ...exchange, workspace_id: 'wrkspc_' });
    Fail(TokenExchangeParams, { ...exchange, workspace_id: null });
  });
  it('rejects unknown fields', () => {
    Fail(TokenExchangeParams, { ...exchange, scope: 'workspace:developer' });
  });
});

describe('TokenExchangeResponse', () => {
  const response = {
    access_token: 'sk-vendor-oat01-abc',
    token_type: 'Bearer',
    expires_in: 3600,
    scope: 'workspace:developer',
  };
  it('accepts the RFC 6749 section 5.1 shape', () => {
    Ok(TokenExchangeResponse, response);
    Ok(TokenExchangeResponse, { ...response, scope: 'org:manage_tunnels' });
  });
  it('requires the access-token prefix', () => {
    Fail(TokenExchangeResponse, { ...response, access_token: 'sk-vendor-api03-abc' });
  });
  it('requires token_type Bearer exactly', () => {
    Fail(TokenExchangeResponse, { ...response, token_type: 'bearer' });
  });
  it('requires an integer expires_in', () => {
    Fail(TokenExchangeResponse, { ...response, expires_in: 3600.5 });
    Fail(TokenExchangeResponse, { ...response, expires_in: '3600' });
  });
  it.each(['access_token', 'token_type', 'expires_in', 'scope'] as const)('requires %s', (field) => {
    Fail(TokenExchangeResponse, without(response, field));
  });
  it('lists the shape completely', () => {
    Fail(TokenExchangeResponse, { ...response, refresh_token: 'r' });
  });
});

/**
 * The reference adapter's federation methods (issuers, service accounts, rules) over the
 * server's `/_test/federation/...` test control. Everything is created in the seeded (demo)
 * organization; a workspace id `default` is its Default Workspace. Issuer hosting is the server's
 * virtual network (it is on whenever test control is).
 */
import type { IssuerFixture, LooseFixture, Registration, RuleFixture } from '../adapter.js';
import type { AreaMethods, TestControl } from './reference.js';

const segment = encodeURIComponent;

/** Test control's answer as a registration (the id of an accepted record). */
function registration(r: { status: number; body: unknown }): Registration {
  const id = (r.body as { id?: unknown } | null)?.id;
  return { status: r.status, body: r.body, id: r.status < 300 && typeof id === 'string' ? id : null };
}

/** The test-control body of an issuer (fields left out stay out). */
function issuerBody(issuer: LooseFixture<IssuerFixture>): Record<string, unknown> {
  return {
    ...('name' in issuer ? { name: issuer.name } : {}),
    ...('issuer_url' in issuer ? { issuer_url: issuer.issuer_url } : {}),
    ...('jwks' in issuer ? { jwks: issuer.jwks } : {}),
    ...(issuer.maxLifetimeSeconds !== undefined
      ? { max_token_lifetime_seconds: issuer.maxLifetimeSeconds }
      : {}),
  };
}

/** The test-control body of a rule (fields left out stay out). */
function ruleBody(rule: LooseFixture<RuleFixture>): Record<string, unknown> {
  return {
    ...('issuer' in rule ? { issuer_id: rule.issuer } : {}),
    ...('name' in rule ? { name: rule.name } : {}),
    ...('match' in rule ? { match: rule.match } : {}),
    ...('oauth_scope' in rule ? { oauth_scope: rule.oauth_scope } : {}),
    ...('workspace_ids' in rule ? { workspace_ids: rule.workspace_ids } : {}),
    ...('token_lifetime_seconds' in rule ? { token_lifetime_seconds: rule.token_lifetime_seconds } : {}),
  };
}

let authorities = 0;

export function federationMethods(tc: TestControl): AreaMethods {
  return {
    capabilities: [
      'issuers',
      'federation-rules',
      'service-accounts',
      'issuer-hosting',
      'issuer-updates',
      'private-ca',
    ],
    methods: {
      async createIssuer(issuer: IssuerFixture) {
        const r = await tc.ok<{ id: string }>('POST', '/federation/issuers', {
          name: issuer.name,
          issuer_url: issuer.issuer_url,
          jwks: issuer.jwks,
          ...(issuer.maxLifetimeSeconds !== undefined
            ? { max_token_lifetime_seconds: issuer.maxLifetimeSeconds }
            : {}),
        });
        return { id: r.id };
      },
      async createServiceAccount(name: string, workspaceIds: readonly string[]) {
        const r = await tc.ok<{ id: string }>('POST', '/federation/service_accounts', {
          name,
          workspace_ids: workspaceIds,
        });
        return { id: r.id };
      },
      async createFederationRule(rule: RuleFixture) {
        const r = await tc.ok<{ id: string }>('POST', '/federation/rules', {
          issuer_id: rule.issuer,
          name: rule.name,
          match: rule.match,
          oauth_scope: rule.oauth_scope,
          workspace_ids: rule.workspace_ids,
          ...(rule.token_lifetime_seconds !== undefined
            ? { token_lifetime_seconds: rule.token_lifetime_seconds }
            : {}),
        });
        // The server's rules name no service account: any service account of the organization
        // that is a member of the chosen workspace may exchange under it.
        return { id: r.id };
      },
      async registerIssuer(issuer: LooseFixture<IssuerFixture>) {
        return registration(await tc.call('POST', '/federation/issuers', issuerBody(issuer)));
      },
      async registerServiceAccount(name: unknown, workspaceIds: readonly string[]) {
        return registration(
          await tc.call('POST', '/federation/service_accounts', { name, workspace_ids: workspaceIds }),
        );
      },
      async registerFederationRule(rule: LooseFixture<RuleFixture>) {
        return registration(await tc.call('POST', '/federation/rules', ruleBody(rule)));
      },
      async updateIssuer(id: string, jwks: IssuerFixture['jwks']) {
        await tc.ok('POST', `/federation/issuers/${segment(id)}`, { jwks });
      },
      // The virtual network trusts a host's authority only when an issuer names exactly its PEM.
      async privateCertificateAuthority(url: string) {
        const label = `conformance private authority ${++authorities}`;
        const caCertPem = `-----BEGIN CERTIFICATE-----\n${Buffer.from(label).toString('base64')}\n-----END CERTIFICATE-----\n`;
        await tc.ok('POST', '/federation/hosts', { hostname: new URL(url).hostname, ca_cert_pem: caCertPem });
        return { caCertPem };
      },
      async archiveFederationRule(id: string) {
        await tc.ok('POST', `/federation/rules/${segment(id)}/archive`);
      },
      // The server's virtual network: hosts with addresses, documents at URLs.
      async publishDocument(url: string, body: unknown, addresses?: readonly string[]) {
        if (addresses !== undefined)
          await tc.ok('POST', '/federation/hosts', { hostname: new URL(url).hostname, addresses });
        await tc.ok('POST', '/federation/hosts/documents', { url, body });
      },
    },
  };
}

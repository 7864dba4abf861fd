/**
 * The control adapter's federation methods (issuers, service accounts, rules, the hosts issuer
 * documents are fetched from) over the control API. Everything is created in the target's
 * organization; a workspace id `default` is its Default Workspace.
 */
import type { IssuerFixture, LooseFixture, Registration, RuleFixture } from '../adapter.js';
import type { AreaMethods, ControlCalls } from './control.js';

/** The control API's answer as a registration (the id of an accepted record). */
function registration(r: { status: number; body: unknown }): Registration {
  const id = (r.body as { id?: unknown } | null)?.id;
  return { status: r.status, body: r.body, id: r.status < 300 && typeof id === 'string' ? id : null };
}

/** The control body of an issuer (fields left out stay out). */
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

/** The control body of a rule (fields left out stay out). */
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

export function federationMethods(tc: ControlCalls): AreaMethods {
  return {
    methods: {
      async createIssuer(issuer: IssuerFixture) {
        return { id: (await tc.ok<{ id: string }>('issuers.create', {}, issuerBody(issuer))).id };
      },
      async createServiceAccount(name: string, workspaceIds: readonly string[]) {
        const r = await tc.ok<{ id: string }>(
          'service-accounts.create',
          {},
          {
            name,
            workspace_ids: workspaceIds,
          },
        );
        return { id: r.id };
      },
      async createFederationRule(rule: RuleFixture) {
        // A rule of the protocol names no service account: any service account of the organization
        // that is a member of the chosen workspace may exchange under it.
        return { id: (await tc.ok<{ id: string }>('rules.create', {}, ruleBody(rule))).id };
      },
      async registerIssuer(issuer: LooseFixture<IssuerFixture>) {
        return registration(await tc.call('issuers.create', {}, issuerBody(issuer)));
      },
      async registerServiceAccount(name: unknown, workspaceIds: readonly string[]) {
        return registration(
          await tc.call('service-accounts.create', {}, { name, workspace_ids: workspaceIds }),
        );
      },
      async registerFederationRule(rule: LooseFixture<RuleFixture>) {
        return registration(await tc.call('rules.create', {}, ruleBody(rule)));
      },
      async updateIssuer(id: string, jwks: IssuerFixture['jwks']) {
        await tc.ok('issuers.update', { issuer_id: id }, { jwks });
      },
      async privateCertificateAuthority(url: string) {
        const r = await tc.ok<{ ca_cert_pem: string }>(
          'hosts.private-ca',
          {},
          { hostname: new URL(url).hostname },
        );
        return { caCertPem: r.ca_cert_pem };
      },
      async archiveFederationRule(id: string) {
        await tc.ok('rules.archive', { rule_id: id });
      },
      // Hosts with addresses, documents at URLs: what the server fetches issuer documents from.
      async publishDocument(url: string, body: unknown, addresses?: readonly string[]) {
        if (addresses !== undefined)
          await tc.ok('hosts.set', {}, { hostname: new URL(url).hostname, addresses });
        await tc.ok('hosts.documents', {}, { url, body });
      },
    },
  };
}

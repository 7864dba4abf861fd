/**
 * The reference adapter's federation methods (issuers, service accounts, rules) over the
 * server's `/_test/federation/...` test control. Everything is created in the seeded (demo)
 * organization; a workspace id `default` is its Default Workspace. Issuer hosting is the server's
 * virtual network (it is on whenever test control is).
 */
import type { IssuerFixture, RuleFixture } from '../adapter.js';
import type { AreaMethods, TestControl } from './reference.js';

const segment = encodeURIComponent;

export function federationMethods(tc: TestControl): AreaMethods {
  return {
    capabilities: ['issuers', 'federation-rules', 'service-accounts', 'issuer-hosting'],
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

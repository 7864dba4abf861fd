/**
 * Test control of federation (mounted under `/_test/` with the rest of test control): issuers,
 * service accounts, federation rules and the virtual hosts issuer key sets are fetched from. The
 * documents show no endpoint for any of them (UNSPEC-FED-ISSUER-ENDPOINTS, UNSPEC-RULE-ENDPOINTS,
 * UNSPEC-SVAC-ENDPOINTS). Records are checked with the spec's schemas (`validateSchema`), its
 * matcher rules (`matchers.validateMatch`) and URL rules (`urls.validateIssuerUrls`, against the
 * server's network: a virtual host resolving to a private address is refused like a real one).
 * A rejected record is 400 `invalid_request_error` with the field name as message prefix
 * (URL-ERROR-400, URL-ERROR-FIELD-PREFIX, UNSPEC-RULE-VALIDATION-ERROR).
 *
 *   POST /_test/federation/issuers                    {organization_id?, name, issuer_url, jwks?, max_token_lifetime_seconds?}
 *   POST /_test/federation/issuers/:id                {issuer_url?, jwks?, max_token_lifetime_seconds?}  (update)
 *   POST /_test/federation/service_accounts           {organization_id?, name, workspace_ids?}
 *   POST /_test/federation/service_accounts/:id/workspaces {workspace_id}   (add a membership)
 *   POST /_test/federation/rules                      {organization_id?, issuer_id, name, match, oauth_scope,
 *                                                      workspace_id?, workspace_ids?, token_lifetime_seconds?}
 *   POST /_test/federation/rules/:id/workspaces       {workspace_id}   (enable for one more workspace)
 *   POST /_test/federation/rules/:id/archive
 *   POST /_test/federation/hosts                      {hostname, addresses?, ca_cert_pem?, down?}
 *   POST /_test/federation/hosts/documents            {url, body, status?}
 *   GET  /_test/federation/fetches
 *
 * `organization_id` may be omitted or `demo` (the seeded organization). A workspace id `default`
 * is the organization's Default Workspace. Nothing here mints credentials: access tokens come only
 * from the exchange.
 */
import {
  type FederationJwks,
  type FederationMatch,
  FederationOAuthScope,
  FederationRuleId,
  federationRulesMachine,
  idPrefix,
  matchers,
  ServiceAccountId,
  step,
} from '@vendor-api/spec';
import { validateSchema } from '@vendor-api/validators';
import type { FastifyInstance } from 'fastify';
import { iso } from '../clock.js';
import { apiError, notFound, refused } from '../errors.js';
import { DEFAULT_TOKEN_LIFETIME_SECONDS } from '../federation/exchange.js';
import { issuerUrlRejection, weakKeyRejection } from '../federation/issuers.js';
import { VirtualNetwork } from '../federation/network.js';
import {
  federationOf,
  type IssuerRecord,
  type RuleRecord,
  type ServiceAccountRecord,
} from '../federation/store.js';
import { defaultWorkspaceKey } from '../seed.js';
import type { ServerState } from '../state.js';
import { BodyFields, controlRoute, invalid, TEST_CONTROL_PREFIX } from './common.js';

/** The scope of a rule test control creates without one: the spec's workspace scope. */
const DEFAULT_RULE_SCOPE: FederationOAuthScope = FederationOAuthScope.anyOf[0].const;

const PREFIX = `${TEST_CONTROL_PREFIX}/federation`;
/** Issuer ids are not documented (UNSPEC-ISSUER-RECORD-FIELDS): this server's own prefix. */
export const ISSUER_ID_PREFIX = 'fdiss_';

/** Throws the first issue of a schema check, prefixed with the field. */
function checkSchema(name: string, value: unknown, field: string): void {
  const result = validateSchema(name, value);
  if (!result.ok) {
    const issue = result.issues[0];
    const where = issue ? issue.where.replace(new RegExp(`^${name}`), field) : field;
    throw invalid(`${where}: ${issue?.message ?? 'is invalid'}`);
  }
}

function organizationIdOf(state: ServerState, body: BodyFields): string {
  const given = body.string('organization_id');
  const id = given === undefined || given === 'demo' ? state.demo.organizationId : given;
  if (!state.store.organizations.get(id)) throw notFound('organization', id);
  return id;
}

/** Store key of a workspace of the organization (`default` is the Default Workspace). */
function workspaceKeyOf(state: ServerState, organizationId: string, id: unknown, field: string): string {
  if (typeof id !== 'string') throw invalid(`${field}: must be a workspace id or "default"`);
  const key = id === 'default' ? defaultWorkspaceKey(organizationId) : id;
  const workspace = state.store.workspaces.get(key);
  // RULE-WORKSPACE-SAME-ORGANIZATION
  if (!workspace || workspace.organizationId !== organizationId) {
    throw invalid(`${field}: no workspace ${JSON.stringify(id)} in this organization`);
  }
  return key;
}

function workspaceKeysOf(state: ServerState, organizationId: string, body: BodyFields): string[] {
  const keys: string[] = [];
  const { workspace_id, workspace_ids } = body.values;
  if (workspace_id !== undefined)
    keys.push(workspaceKeyOf(state, organizationId, workspace_id, 'workspace_id'));
  if (workspace_ids !== undefined) {
    if (!Array.isArray(workspace_ids)) throw body.refuse('workspace_ids', 'must be an array');
    workspace_ids.forEach((id, i) => {
      const key = workspaceKeyOf(state, organizationId, id, `workspace_ids[${i}]`);
      if (!keys.includes(key)) keys.push(key);
    });
  }
  return keys;
}

const wireWorkspace = (state: ServerState, key: string) =>
  state.store.workspaces.get(key)?.isDefault ? 'default' : key;

function renderIssuer(issuer: IssuerRecord) {
  return {
    id: issuer.id,
    name: issuer.name,
    issuer_url: issuer.issuer_url,
    jwks: issuer.jwks,
    max_token_lifetime_seconds: issuer.maxLifetimeSeconds ?? null,
    created_at: iso(issuer.createdAt),
  };
}

function renderRule(state: ServerState, rule: RuleRecord) {
  return {
    id: rule.id,
    issuer_id: rule.issuerId,
    name: rule.name,
    match: rule.match,
    oauth_scope: rule.oauth_scope,
    token_lifetime_seconds: rule.token_lifetime_seconds,
    workspace_ids: rule.workspaceKeys.map((k) => wireWorkspace(state, k)),
    archived_at: rule.archivedAt === null ? null : iso(rule.archivedAt),
    created_at: iso(rule.createdAt),
  };
}

function renderServiceAccount(state: ServerState, account: ServiceAccountRecord) {
  return {
    id: account.id,
    name: account.name,
    workspace_ids: account.workspaceKeys.map((k) => wireWorkspace(state, k)),
  };
}

function maxLifetimeOf(body: BodyFields): number | undefined {
  const value = body.values.max_token_lifetime_seconds;
  if (value === undefined || value === null) return undefined;
  // Any positive number of seconds (UNSPEC-ISSUER-MAX-LIFETIME-RANGE).
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw body.refuse('max_token_lifetime_seconds', 'must be a positive number');
  }
  return value;
}

/** The issuer's `jwks` with `type` filled in (ISSUER-JWKS-DEFAULT-DISCOVERY, UNSPEC-ISSUER-JWKS-OMITTED). */
function jwksOf(value: unknown): IssuerRecord['jwks'] {
  if (value === undefined) return { type: 'discovery' };
  const jwks = value as FederationJwks;
  if (typeof jwks === 'object' && jwks !== null && !('type' in jwks && jwks.type !== undefined)) {
    return { ...(jwks as object), type: 'discovery' } as IssuerRecord['jwks'];
  }
  return jwks as IssuerRecord['jwks'];
}

/** Validates an issuer's fields and the URLs the service will fetch (URL-ONLY-FETCHED). */
async function checkIssuer(
  state: ServerState,
  fields: { name: string; issuer_url: string; jwks: unknown },
): Promise<void> {
  checkSchema('FederationIssuer', fields, 'issuer');
  const weak = weakKeyRejection(fields.jwks);
  if (weak !== null) throw invalid(weak);
  const rejection = await issuerUrlRejection(state, {
    issuer_url: fields.issuer_url,
    jwks: fields.jwks as FederationJwks,
  });
  if (rejection) {
    const { type: errorType, message } = rejection.body.error;
    throw refused({ status: rejection.status, errorType, message });
  }
}

function virtualNetwork(state: ServerState): VirtualNetwork {
  const network = federationOf(state).network;
  if (!(network instanceof VirtualNetwork)) {
    throw apiError('test_control_network_key_sets');
  }
  return network;
}

function findRule(state: ServerState, id: string): RuleRecord {
  const rule = federationOf(state).rules.get(id);
  if (!rule) throw notFound('federation rule', id);
  return rule;
}

export function registerFederationTestControl(app: FastifyInstance, state: ServerState): void {
  const federation = federationOf(state);

  app.post(controlRoute('issuers.create'), async (request) => {
    const body = BodyFields.of(request.body, '');
    const organizationId = organizationIdOf(state, body);
    const name = body.string('name') ?? 'issuer';
    const issuer_url = body.string('issuer_url');
    if (issuer_url === undefined) throw body.refuse('issuer_url', 'is required');
    const jwks = jwksOf(body.values.jwks);
    await checkIssuer(state, { name, issuer_url, jwks });
    const issuer = federation.issuers.put({
      id: `${ISSUER_ID_PREFIX}${state.ids.token('issuer').slice(0, 24)}`,
      organizationId,
      name,
      issuer_url,
      jwks,
      maxLifetimeSeconds: maxLifetimeOf(body),
      createdAt: state.clock.now(),
      version: 1,
    });
    return renderIssuer(issuer);
  });

  // Updating an issuer (rotating inline keys, KEYCACHE-INLINE-UPDATE) drops its cached key set.
  app.post<{ Params: { issuer_id: string } }>(controlRoute('issuers.update'), async (request) => {
    const body = BodyFields.of(request.body, '');
    const issuer = federation.issuers.get(request.params.issuer_id);
    if (!issuer) throw notFound('issuer', request.params.issuer_id);
    const issuer_url = body.string('issuer_url') ?? issuer.issuer_url;
    const jwks = body.values.jwks === undefined ? issuer.jwks : jwksOf(body.values.jwks);
    await checkIssuer(state, { name: issuer.name, issuer_url, jwks });
    issuer.issuer_url = issuer_url;
    issuer.jwks = jwks;
    if (body.values.max_token_lifetime_seconds !== undefined) issuer.maxLifetimeSeconds = maxLifetimeOf(body);
    issuer.version += 1;
    federation.keySets.drop(issuer.id);
    return renderIssuer(issuer);
  });

  app.post(controlRoute('service-accounts.create'), async (request) => {
    const body = BodyFields.of(request.body, '');
    const organizationId = organizationIdOf(state, body);
    const name = body.string('name') ?? 'service-account';
    checkSchema('FederationName', name, 'name');
    const account = federation.serviceAccounts.put({
      id: `${idPrefix(ServiceAccountId)}${state.ids.token('service_account').slice(0, 24)}`,
      organizationId,
      name,
      workspaceKeys: workspaceKeysOf(state, organizationId, body),
      createdAt: state.clock.now(),
    });
    return renderServiceAccount(state, account);
  });

  app.post<{ Params: { id: string } }>(`${PREFIX}/service_accounts/:id/workspaces`, async (request) => {
    const body = BodyFields.of(request.body, '');
    const account = federation.serviceAccounts.get(request.params.id);
    if (!account) throw notFound('service account', request.params.id);
    const key = workspaceKeyOf(state, account.organizationId, body.values.workspace_id, 'workspace_id');
    if (!account.workspaceKeys.includes(key)) account.workspaceKeys.push(key);
    return renderServiceAccount(state, account);
  });

  app.post(controlRoute('rules.create'), async (request) => {
    const body = BodyFields.of(request.body, '');
    const organizationId = organizationIdOf(state, body);
    const issuerId = body.string('issuer_id');
    const issuer = issuerId === undefined ? undefined : federation.issuers.get(issuerId);
    if (!issuer || issuer.organizationId !== organizationId)
      throw body.refuse('issuer_id', 'no such issuer in this organization');
    const name = body.string('name') ?? 'rule';
    const fields: Record<string, unknown> = {
      name,
      match: body.values.match,
      oauth_scope: body.values.oauth_scope ?? DEFAULT_RULE_SCOPE,
      ...(body.values.token_lifetime_seconds !== undefined
        ? { token_lifetime_seconds: body.values.token_lifetime_seconds }
        : {}),
      ...(typeof body.values.workspace_id === 'string' && body.values.workspace_id !== 'default'
        ? { workspace_id: body.values.workspace_id }
        : {}),
    };
    // The matcher rules first: their messages name the matcher (MATCH-AT-LEAST-ONE, ...).
    const match = matchers.validateMatch(body.values.match);
    if (!match.ok) throw invalid(match.message);
    // RULE-LIFETIME-MIN/MAX, RULE-LIFETIME-REJECTED-AT-REQUEST, RULE-OAUTH-SCOPE-ENUM, FED-NAME-LIMITS.
    checkSchema('FederationRule', fields, 'rule');
    const keys = workspaceKeysOf(state, organizationId, body);
    // A rule without a workspace covers the Default Workspace (UNSPEC-RULE-MULTI-WORKSPACE-FIELD).
    if (keys.length === 0) keys.push(defaultWorkspaceKey(organizationId));
    const rule = federation.rules.put({
      id: `${idPrefix(FederationRuleId)}${state.ids.token('federation_rule').slice(0, 24)}`,
      organizationId,
      issuerId: issuer.id,
      name,
      match: body.values.match as FederationMatch,
      oauth_scope: fields.oauth_scope as FederationOAuthScope,
      token_lifetime_seconds:
        typeof body.values.token_lifetime_seconds === 'number'
          ? body.values.token_lifetime_seconds
          : DEFAULT_TOKEN_LIFETIME_SECONDS,
      workspaceKeys: keys,
      archivedAt: null,
      createdAt: state.clock.now(),
    });
    return renderRule(state, rule);
  });

  app.post<{ Params: { id: string } }>(`${PREFIX}/rules/:id/workspaces`, async (request) => {
    const body = BodyFields.of(request.body, '');
    const rule = findRule(state, request.params.id);
    const key = workspaceKeyOf(state, rule.organizationId, body.values.workspace_id, 'workspace_id');
    if (!rule.workspaceKeys.includes(key)) rule.workspaceKeys.push(key); // RULE-MULTI-WORKSPACE
    return renderRule(state, rule);
  });

  // Archival is the machine's happening `rule.archived` (UNSPEC-RULE-TRANSITIONS).
  app.post<{ Params: { rule_id: string } }>(controlRoute('rules.archive'), async (request) => {
    const rule = findRule(state, request.params.rule_id);
    const from = federationRulesMachine.stateOf({
      name: rule.name,
      match: rule.match,
      oauth_scope: rule.oauth_scope,
      archived: rule.archivedAt !== null,
    });
    const result = step(federationRulesMachine.machine, from, 'rule.archived');
    if (result.changed && result.next === 'archived') rule.archivedAt = state.clock.now();
    return renderRule(state, rule);
  });

  app.post(controlRoute('hosts.set'), async (request) => {
    const body = BodyFields.of(request.body, '');
    const network = virtualNetwork(state);
    const hostname = body.string('hostname');
    if (hostname === undefined || hostname === '') throw body.refuse('hostname', 'is required');
    const addresses = body.values.addresses;
    if (
      addresses !== undefined &&
      (!Array.isArray(addresses) || !addresses.every((a) => typeof a === 'string'))
    ) {
      throw body.refuse('addresses', 'must be an array of strings');
    }
    const host = network.host(hostname, {
      ...(addresses !== undefined ? { addresses: addresses as string[] } : {}),
      ...(body.string('ca_cert_pem') !== undefined ? { caCertPem: body.string('ca_cert_pem') } : {}),
    });
    if (typeof body.values.down === 'boolean') host.down = body.values.down;
    return { hostname: hostname.toLowerCase(), addresses: host.addresses, down: host.down };
  });

  // A host served with a private certificate authority: the virtual network trusts it only when an
  // issuer names exactly this PEM (`ca_cert_pem`). The PEM stands for the authority; no TLS is spoken.
  app.post(controlRoute('hosts.private-ca'), async (request) => {
    const body = BodyFields.of(request.body, '');
    const network = virtualNetwork(state);
    const hostname = body.string('hostname');
    if (hostname === undefined || hostname === '') throw body.refuse('hostname', 'is required');
    const label = `private certificate authority ${state.ids.token('issuer')}`;
    const caCertPem = `-----BEGIN CERTIFICATE-----\n${Buffer.from(label).toString('base64')}\n-----END CERTIFICATE-----\n`;
    network.host(hostname, { caCertPem });
    return { hostname: hostname.toLowerCase(), ca_cert_pem: caCertPem };
  });

  app.post(controlRoute('hosts.documents'), async (request) => {
    const body = BodyFields.of(request.body, '');
    const network = virtualNetwork(state);
    const url = body.string('url');
    if (url === undefined || !URL.canParse(url)) throw body.refuse('url', 'must be an absolute URL');
    const status = body.values.status ?? 200;
    if (typeof status !== 'number' || !Number.isInteger(status))
      throw body.refuse('status', 'must be an integer');
    network.serve(url, body.values.body, status);
    return { url, status };
  });

  app.get(`${PREFIX}/fetches`, async () => ({ fetches: virtualNetwork(state).log }));
}

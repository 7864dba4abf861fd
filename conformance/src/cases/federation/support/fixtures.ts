/**
 * Federation fixtures through the adapter (the issuer, rule and service-account endpoints are not
 * shown): an issuer with its key set, a service account in workspaces, a rule.
 */
import { type FederationMatch, type FederationOAuthScope, WORKSPACE_DEVELOPER_SCOPE } from '@vendor-api/spec';
import type { Workspace } from '../../../adapter.js';
import type { CaseContext } from '../../../case.js';
import { type KeyPair, keyPair } from './keys.js';
import { ISSUER_URL, SUBJECT } from './tokens.js';

export interface IssuerHandle {
  readonly id: string;
  readonly issuer_url: string;
  readonly keys: readonly KeyPair[];
  /** Extra non-signing members of the key set (an `oct` key, ...). */
  readonly extraKeys: readonly Record<string, unknown>[];
  readonly maxLifetimeSeconds?: number;
}

export interface RuleHandle {
  readonly id: string;
  readonly issuer: IssuerHandle;
  readonly match: FederationMatch;
  readonly oauth_scope: FederationOAuthScope;
  readonly token_lifetime_seconds?: number;
  /** Workspaces the rule is enabled for: a workspace, or `default`. */
  readonly workspaces: readonly (Workspace | 'default')[];
  readonly serviceAccountId: string;
}

let names = 0;
/** A fresh fixture name (`^[a-z0-9-]+$`). */
export const fixtureName = (prefix: string) => `${prefix}-${++names}`;

export async function createIssuer(
  ctx: CaseContext,
  options: {
    keys?: readonly KeyPair[];
    extraKeys?: readonly Record<string, unknown>[];
    issuerUrl?: string;
    maxLifetimeSeconds?: number;
    /** A fetched key set (`discovery`, `explicit_url`) instead of the inline `keys`. */
    jwks?: Record<string, unknown>;
  } = {},
): Promise<IssuerHandle> {
  const keys = options.keys ?? [await keyPair('ES256')];
  const extraKeys = options.extraKeys ?? [];
  const issuer_url = options.issuerUrl ?? ISSUER_URL;
  const { id } = await ctx.fixture('issuers', 'createIssuer', {
    name: fixtureName('issuer'),
    issuer_url,
    jwks: options.jwks ?? {
      type: 'inline',
      keys: [...keys.map((k) => k.jwk as Record<string, unknown>), ...extraKeys],
    },
    ...(options.maxLifetimeSeconds !== undefined ? { maxLifetimeSeconds: options.maxLifetimeSeconds } : {}),
  });
  return {
    id,
    issuer_url,
    keys,
    extraKeys,
    ...(options.maxLifetimeSeconds !== undefined ? { maxLifetimeSeconds: options.maxLifetimeSeconds } : {}),
  };
}

const wireWorkspace = (w: Workspace | 'default') => (w === 'default' ? 'default' : w.id);

export async function createServiceAccount(
  ctx: CaseContext,
  workspaces: readonly (Workspace | 'default')[],
): Promise<string> {
  const { id } = await ctx.fixture(
    'service-accounts',
    'createServiceAccount',
    fixtureName('svac'),
    workspaces.map(wireWorkspace),
  );
  return id;
}

export async function createRule(
  ctx: CaseContext,
  issuer: IssuerHandle,
  options: {
    match?: FederationMatch;
    scope?: FederationOAuthScope;
    lifetime?: number;
    workspaces?: readonly (Workspace | 'default')[];
    serviceAccountId?: string;
  } = {},
): Promise<RuleHandle> {
  const workspaces = options.workspaces ?? [ctx.target.workspace];
  const serviceAccountId = options.serviceAccountId ?? (await createServiceAccount(ctx, workspaces));
  const match = options.match ?? { subject_prefix: SUBJECT };
  const oauth_scope = options.scope ?? WORKSPACE_DEVELOPER_SCOPE;
  const { id } = await ctx.fixture('federation-rules', 'createFederationRule', {
    name: fixtureName('rule'),
    issuer: issuer.id,
    match: match as Record<string, unknown>,
    oauth_scope,
    service_account_id: serviceAccountId,
    workspace_ids: workspaces.map(wireWorkspace),
    ...(options.lifetime !== undefined ? { token_lifetime_seconds: options.lifetime } : {}),
  });
  return {
    id,
    issuer,
    match,
    oauth_scope,
    ...(options.lifetime !== undefined ? { token_lifetime_seconds: options.lifetime } : {}),
    workspaces,
    serviceAccountId,
  };
}

/** Issuer (ES256 unless keys are given), service account and rule, in the target's workspace by default. */
export async function setupFederation(
  ctx: CaseContext,
  options: Parameters<typeof createIssuer>[1] & Parameters<typeof createRule>[2] = {},
): Promise<RuleHandle> {
  const issuer = await createIssuer(ctx, options);
  return createRule(ctx, issuer, options);
}

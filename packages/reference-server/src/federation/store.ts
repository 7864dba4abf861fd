/**
 * The federation tables of a server: issuers, federation rules, service accounts (with their
 * workspace memberships) and the access tokens minted by the exchange, plus the key-set cache and
 * the network the fetched key sets come through. They hang off the server state through a
 * WeakMap (`federationOf(state)`), so the shared store stays untouched.
 *
 * None of these records has a documented wire form beyond a few fields (UNSPEC-ISSUER-RECORD-FIELDS,
 * UNSPEC-RULE-FIELDS, UNSPEC-SVAC-FIELDS): they are fixtures, set up through test control.
 */
import type { FederationJwks, FederationMatch, FederationOAuthScope, Jwk } from '@vendor-api/spec';
import type { ServerState } from '../state.js';
import { MapTable, type Table } from '../store.js';
import { KeySetCache } from './keysets.js';
import type { FederationNetwork } from './network.js';

export interface IssuerRecord {
  /** Issuer ids are not documented; this server mints `fdiss_...` (UNSPEC-ISSUER-RECORD-FIELDS). */
  readonly id: string;
  readonly organizationId: string;
  name: string;
  /** Compared byte for byte with the JWT `iss` (JWT-ISS-EXACT). */
  issuer_url: string;
  /** The key-set mode; `type` is always filled in (default discovery, ISSUER-JWKS-DEFAULT-DISCOVERY). */
  jwks: FederationJwks & { readonly type: 'discovery' | 'explicit_url' | 'inline' };
  /** Maximum JWT lifetime in seconds (field name not shown: UNSPEC-ISSUER-MAX-LIFETIME-FIELD). */
  maxLifetimeSeconds: number | undefined;
  createdAt: number;
  /** Bumped on every update: the key-set cache of an older version is dropped. */
  version: number;
}

export interface RuleRecord {
  /** `fdrl_...` (ID-FEDERATION-RULE-PREFIX). */
  readonly id: string;
  readonly organizationId: string;
  readonly issuerId: string;
  name: string;
  match: FederationMatch;
  oauth_scope: FederationOAuthScope;
  /** 60..86400, default 3600 (RULE-LIFETIME-*). */
  token_lifetime_seconds: number;
  /**
   * Store keys of the workspaces the rule is enabled for (the Default Workspace by its
   * `default:<organization>` key). How a rule covers several is not shown
   * (UNSPEC-RULE-MULTI-WORKSPACE-FIELD): this set is the server's own.
   */
  workspaceKeys: string[];
  archivedAt: number | null;
  createdAt: number;
}

export interface ServiceAccountRecord {
  /** `svac_...` (ID-SERVICE-ACCOUNT-PREFIX). */
  readonly id: string;
  readonly organizationId: string;
  name: string;
  /** Store keys of the workspaces the account is a member of (RULE-WORKSPACE-SERVICE-ACCOUNT-MEMBER). */
  workspaceKeys: string[];
  createdAt: number;
}

export interface AccessTokenRecord {
  /** The secret itself (`sk-<vendor>-oat01-...`). */
  readonly id: string;
  readonly organizationId: string;
  /** Workspace the token is scoped to; null is the Default Workspace (EXCH-TOKEN-WORKSPACE-FIXED). */
  readonly workspaceId: string | null;
  readonly scope: FederationOAuthScope;
  readonly serviceAccountId: string;
  readonly ruleId: string;
  readonly issuedAt: number;
  /** Milliseconds since the epoch; the token stops working at this instant. */
  readonly expiresAt: number;
}

export interface FederationState {
  readonly issuers: Table<IssuerRecord>;
  readonly rules: Table<RuleRecord>;
  readonly serviceAccounts: Table<ServiceAccountRecord>;
  readonly accessTokens: Table<AccessTokenRecord>;
  readonly network: FederationNetwork;
  readonly keySets: KeySetCache;
  /** Access tokens minted since expired ones were last forgotten. */
  mintedSinceSweep: number;
}

const registry = new WeakMap<object, FederationState>();

/** Creates the federation tables of a server (called once by `createServer`). */
export function attachFederation(
  state: ServerState,
  network: FederationNetwork,
  keySetFetchMs?: number,
): FederationState {
  const federation: FederationState = {
    issuers: new MapTable(),
    rules: new MapTable(),
    serviceAccounts: new MapTable(),
    accessTokens: new MapTable(),
    network,
    keySets: new KeySetCache(network, keySetFetchMs),
    mintedSinceSweep: 0,
  };
  registry.set(state, federation);
  return federation;
}

/** The federation tables of a server. */
export function federationOf(state: ServerState): FederationState {
  const federation = registry.get(state);
  if (!federation) throw new Error('federation tables are not attached to this server state');
  return federation;
}

export type { Jwk };

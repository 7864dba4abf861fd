/**
 * The adapter: what the suite needs from an implementation that the documented API cannot do.
 * Every method belongs to a capability; an adapter implements the methods of the capabilities it
 * declares. See README.md, "Writing an adapter".
 */
import type { OrganizationRole } from '@vendor-api/spec';
import type { Capability } from './capabilities.js';

export interface Workspace {
  readonly id: string;
  /** A workspace API key of this workspace. */
  readonly apiKey: string;
}

/**
 * Another tenant: an organization other than the target's, with its admin key and a workspace of
 * it with a workspace key. The cross-tenant cases name the target's resources with its
 * credentials and its resources with the target's.
 */
export interface Tenant {
  readonly adminKey: string;
  readonly workspace: Workspace;
}

export interface IssuerFixture {
  /** `^[a-z0-9-]+$`, 1 to 255 characters. */
  readonly name: string;
  /** Compared byte for byte with the JWT `iss`; fetched only in `discovery` mode without `discovery_base`. */
  readonly issuer_url: string;
  readonly jwks:
    | { readonly type: 'inline'; readonly keys: readonly Record<string, unknown>[] }
    | Record<string, unknown>;
  /** Maximum token lifetime accepted from this issuer (seconds); the service's default when absent. */
  readonly maxLifetimeSeconds?: number;
}

export interface RuleFixture {
  readonly name: string;
  /** The issuer's id, as `createIssuer` returned it. */
  readonly issuer: string;
  readonly match: Record<string, unknown>;
  readonly oauth_scope: string;
  readonly service_account_id: string;
  /** Workspaces the rule is enabled for (`default`: the organization's Default Workspace). */
  readonly workspace_ids: readonly string[];
  readonly token_lifetime_seconds?: number;
}

/**
 * A registration through the adapter whose refusal is an answer, not an adapter failure: the
 * status and body the implementation answered, and the new record's id when it was accepted.
 */
export interface Registration {
  readonly status: number;
  readonly body: unknown;
  /** The id of the registered record (null when refused). */
  readonly id: string | null;
}

/** The fields of a fixture with any values (invalid ones too); an absent key is an omitted field. */
export type LooseFixture<T> = { readonly [K in keyof T]?: unknown };

export type DreamDrive =
  | { readonly action: 'start' }
  | { readonly action: 'progress'; readonly input_tokens?: number; readonly output_tokens?: number }
  | { readonly action: 'succeed' }
  | { readonly action: 'fail'; readonly error_type: string };

export type BatchDrive = {
  /** Process every unsent request (invalid ones end `errored`, as the documents say). */
  readonly action: 'process';
  /**
   * Requests (by `custom_id`) that meet an internal server error while processed: they end
   * `errored`. Given only to adapters that declare the capability `batch-internal-errors`.
   */
  readonly internalErrors?: readonly string[];
  /**
   * Only these requests (by `custom_id`, requests not processed yet) are processed; the others
   * are held unsent, and the batch stays in progress until they are processed too or the 24-hour
   * expiry expires them. Given only to adapters that declare the capability
   * `batch-partial-processing`; absent, every unsent request is processed.
   */
  readonly customIds?: readonly string[];
};

export interface Adapter {
  readonly name: string;
  readonly capabilities: ReadonlySet<Capability>;
  /** Called once before the run (reset state, start servers). */
  setup?(): Promise<void>;
  /** Called once after the run. */
  teardown?(): Promise<void>;

  // clock
  advanceClock?(ms: number): Promise<void>;
  /** The server's current time (ms since epoch). */
  now?(): Promise<number>;
  // workspaces
  createWorkspace?(name?: string): Promise<Workspace>;
  // users
  createUser?(organizationRole: OrganizationRoleName): Promise<{ readonly user_id: string }>;
  // issuers, rules, service accounts
  /** Registers an issuer in the target's organization; returns its id (what a rule names). */
  createIssuer?(issuer: IssuerFixture): Promise<{ readonly id: string }>;
  /** A service account of the target's organization, member of the workspaces (`default` allowed). */
  createServiceAccount?(name: string, workspaceIds: readonly string[]): Promise<{ readonly id: string }>;
  createFederationRule?(rule: RuleFixture): Promise<{ readonly id: string }>;
  archiveFederationRule?(id: string): Promise<void>;
  /** Registers an issuer from fields that may be invalid; a refusal is reported, not thrown. */
  registerIssuer?(issuer: LooseFixture<IssuerFixture>): Promise<Registration>;
  /** Creates a service account with a name that may be invalid; a refusal is reported, not thrown. */
  registerServiceAccount?(name: unknown, workspaceIds: readonly string[]): Promise<Registration>;
  /** Creates a federation rule from fields that may be invalid; a refusal is reported, not thrown. */
  registerFederationRule?(rule: LooseFixture<RuleFixture>): Promise<Registration>;
  /** Replaces the key set (`jwks`) of a registered issuer (capability `issuer-updates`). */
  updateIssuer?(id: string, jwks: IssuerFixture['jwks']): Promise<void>;
  /**
   * Makes the host of `url` serve TLS with a certificate of a private certificate authority
   * (capability `private-ca`); returns that authority's PEM, for an issuer's `ca_cert_pem`.
   */
  privateCertificateAuthority?(url: string): Promise<{ readonly caCertPem: string }>;
  /**
   * Serves `body` (JSON) at an https `url` the implementation may fetch (a discovery document or a
   * key set); with `addresses`, the URL's host resolves to them.
   */
  publishDocument?(url: string, body: unknown, addresses?: readonly string[]): Promise<void>;
  // files, memory stores, sessions
  createFile?(workspace: Workspace): Promise<{ readonly id: string }>;
  createMemoryStore?(
    workspace: Workspace,
    options?: { name?: string; description?: string },
  ): Promise<{ readonly id: string }>;
  /** Archive or delete a memory store; the status and error body the implementation answered. */
  changeMemoryStore?(
    id: string,
    change: 'archive' | 'delete',
  ): Promise<{ readonly status: number; readonly body: unknown }>;
  /**
   * A memory store's state (capability `memory-store-state`): whether it is archived, whether it
   * is deleted, and a digest of its contents, any string that is equal for equal contents and
   * changes whenever they change (null once deleted).
   */
  memoryStoreState?(id: string): Promise<MemoryStoreState>;
  createSession?(workspace: Workspace): Promise<{ readonly id: string }>;
  /**
   * Whether a session is archived, and whether it is deleted (capability `session-state`; an
   * adapter that cannot tell a deletion leaves `deleted` out).
   */
  sessionState?(id: string): Promise<{ readonly archived: boolean; readonly deleted?: boolean }>;
  changeSession?(
    id: string,
    change: 'archive' | 'delete',
  ): Promise<{ readonly status: number; readonly body: unknown }>;
  /** Attaches a `git_host_repository` resource to a session; returns its resource id. */
  attachRepository?(
    sessionId: string,
    repository: {
      readonly url: string;
      readonly authorization_token: string;
      /** The checkout to attach (`{type: branch, name}` or `{type: commit, sha}`); none when absent. */
      readonly checkout?: Readonly<Record<string, unknown>>;
    },
  ): Promise<{ readonly id: string }>;
  /** Renames a memory store (capability `memory-store-rename`: its update endpoint is not shown). */
  renameMemoryStore?(id: string, name: string): Promise<void>;
  // pipelines
  driveDream?(id: string, drive: DreamDrive): Promise<void>;
  driveBatch?(id: string, drive: BatchDrive): Promise<void>;
  // faults (reference server)
  setFaults?(names: readonly string[]): Promise<void>;
  // organizations, keys, roles, members (organization administration)
  createOrganization?(): Promise<OrganizationFixture>;
  /** Another tenant: a new organization's admin key and a workspace of it with its key (capability `tenants`). */
  createTenant?(): Promise<Tenant>;
  createOrganizationUser?(
    organizationId: string,
    organizationRole: OrganizationRoleName,
  ): Promise<{ readonly user_id: string }>;
  /** A new workspace API key of a workspace of the organization (`default`: its Default Workspace). */
  createWorkspaceKey?(organizationId: string, workspaceId: string): Promise<{ readonly apiKey: string }>;
  /** A new admin API key of the organization, owned by (acting for) the user. */
  createAdminKey?(organizationId: string, ownerUserId: string): Promise<{ readonly apiKey: string }>;
  setOrganizationRole?(userId: string, organizationRole: OrganizationRoleName): Promise<void>;
  /** The effective members of a workspace: inherited and explicit roles, by the spec's role keys. */
  workspaceMembers?(workspaceId: string): Promise<readonly MemberFixture[]>;
  // rate limits and usage
  /**
   * Replaces the rate-limit overrides of a workspace (null: the Default Workspace); the status and
   * body the implementation answered (a refusal is not an adapter failure).
   */
  setRateLimitOverrides?(
    workspaceId: string | null,
    overrides: readonly RateLimitOverrideFixture[],
  ): Promise<{ readonly status: number; readonly body: unknown }>;
  recordUsage?(usage: UsageFixture): Promise<void>;
}

/** What `memoryStoreState` answers. */
export interface MemoryStoreState {
  readonly archived: boolean;
  readonly deleted: boolean;
  /** Equal for equal contents, different whenever they change; null once the store is deleted. */
  readonly digest: string | null;
}

/** An organization role (the spec's `OrganizationRole`). */
export type OrganizationRoleName = OrganizationRole;

export interface OrganizationFixture {
  readonly organizationId: string;
  readonly adminKey: string;
  /** The organization admin who owns `adminKey`. */
  readonly adminUserId: string;
}

export interface MemberFixture {
  readonly user_id: string;
  /** The spec's workspace role key (`workspaceRules.WORKSPACE_ROLE_KEYS`). */
  readonly role: string;
  readonly source: 'inherited' | 'explicit';
}

export interface RateLimitOverrideFixture {
  readonly group_type: string;
  /** The models of the overridden model group (null for other groups). */
  readonly models: readonly string[] | null;
  readonly limits: readonly { readonly type: string; readonly value: number }[];
}

export interface UsageFixture {
  readonly organizationId?: string;
  /** Null: the Default Workspace. */
  readonly workspaceId: string | null;
  /** When (ms since epoch). */
  readonly at: number;
  readonly model?: string;
  readonly input_tokens?: number;
  readonly output_tokens?: number;
}

/** The target: where the implementation answers and the credentials the suite uses. */
export interface Target {
  readonly baseUrl: string;
  readonly adminKey: string;
  readonly workspace: Workspace;
  readonly organizationId: string;
  /** Another tenant's credentials, when given (`--other-admin-key`, `--other-workspace-id`, `--other-workspace-key`). */
  readonly otherTenant?: Tenant;
}

/** The error a case throws when it calls an adapter method the adapter does not have. */
export class MissingCapabilityError extends Error {
  override readonly name = 'MissingCapabilityError';
  constructor(readonly capability: Capability) {
    super(`the adapter lacks the ${capability} capability`);
  }
}

/**
 * A skip for a check the target's answers do not make observable: what the case needs to find is
 * in a body the documents do not show (a created record's id, say), and this target's body does
 * not hold it where the suite can find it. Reported as skipped with the reason, never as passed.
 */
export class Unobservable extends MissingCapabilityError {
  constructor(what: string) {
    super('sessions');
    this.message = what;
  }
}

/** The adapter method, or a MissingCapabilityError (a case declares what it needs up front). */
export function need<K extends keyof Adapter>(
  adapter: Adapter,
  capability: Capability,
  method: K,
): NonNullable<Adapter[K]> {
  const fn = adapter[method];
  if (!adapter.capabilities.has(capability) || typeof fn !== 'function')
    throw new MissingCapabilityError(capability);
  return (fn as (...args: unknown[]) => unknown).bind(adapter) as NonNullable<Adapter[K]>;
}

/** The adapter methods that are not a capability's: the run's hooks and the target's clock read. */
type HookMethod = 'name' | 'capabilities' | 'setup' | 'teardown';

/**
 * The adapter methods of each capability (what a module adapter implements for it); capabilities
 * with none are opt-ins of the run or statements about the server (`DECLARED_CAPABILITIES`).
 */
export const ADAPTER_METHODS = {
  clock: ['advanceClock', 'now'],
  workspaces: ['createWorkspace'],
  users: ['createUser'],
  issuers: ['createIssuer', 'registerIssuer'],
  'federation-rules': ['createFederationRule', 'registerFederationRule', 'archiveFederationRule'],
  'service-accounts': ['createServiceAccount', 'registerServiceAccount'],
  'issuer-hosting': ['publishDocument'],
  'issuer-updates': ['updateIssuer'],
  'private-ca': ['privateCertificateAuthority'],
  'large-requests': [],
  files: ['createFile'],
  'memory-stores': ['createMemoryStore', 'changeMemoryStore'],
  'memory-store-rename': ['renameMemoryStore'],
  'memory-store-state': ['memoryStoreState'],
  sessions: ['createSession', 'changeSession'],
  'session-state': ['sessionState'],
  'session-repositories': ['attachRepository'],
  'drive-dreams': ['driveDream'],
  'drive-batches': ['driveBatch'],
  'batch-internal-errors': ['driveBatch'],
  'batch-partial-processing': ['driveBatch'],
  faults: ['setFaults'],
  tenants: ['createTenant'],
  organizations: ['createOrganization', 'createOrganizationUser'],
  'workspace-keys': ['createWorkspaceKey'],
  'organization-roles': ['createAdminKey', 'setOrganizationRole'],
  'workspace-members': ['workspaceMembers'],
  'rate-limit-overrides': ['setRateLimitOverrides'],
  'rate-limit-enforcement': [],
  'usage-records': ['recordUsage'],
} as const satisfies Record<Capability, readonly Exclude<keyof Adapter, HookMethod>[]>;

/** Every method of the adapter interface belongs to a capability (a new method must be listed). */
type Listed = (typeof ADAPTER_METHODS)[Capability][number];
const _everyMethodListed: Exclude<keyof Adapter, HookMethod | Listed> extends never ? true : never = true;
void _everyMethodListed;

/**
 * The capabilities of the conformance control API: what a conformance case may need beyond the
 * documented API. A server offers the capabilities it implements (`GET /capabilities`); an adapter
 * module declares them; a case that needs one the target lacks is reported as skipped, with the
 * reason, never as passed. Small and independent: a server that can provision issuers but not move
 * time offers exactly that.
 */
export const CAPABILITIES = {
  clock: 'advance the server clock (expiry, retention, skew, token lifetime)',
  workspaces: 'create a workspace with its own workspace API key (isolation, scoping)',
  users: 'create organization users with an organization role',
  issuers: 'register federation issuers (inline key sets at least)',
  'federation-rules': 'create, archive and enable federation rules for one or more workspaces',
  'service-accounts': 'create service accounts and add them to workspaces',
  'issuer-hosting':
    'publish discovery documents and key sets at https URLs the implementation fetches, on hosts resolving to given addresses',
  'issuer-updates': "replace the key set of a registered issuer (rotating an inline issuer's keys)",
  'private-ca':
    'serve issuer documents over TLS with a certificate of a private certificate authority and give its PEM',
  'large-requests':
    'send request bodies of several hundred megabytes (the 256 MB batch size limit); slow, so only when the run opts in (--opt-in large-requests)',
  files: 'upload files into a workspace',
  'memory-stores': 'create, archive and delete memory stores',
  'memory-store-rename': 'rename a memory store (its update endpoint is not shown)',
  'memory-store-state':
    "read a memory store's state: archived, deleted, and a digest of its contents that changes whenever they change (what a dream's pipeline wrote; memory-store records and contents are not shown)",
  sessions: 'create, archive and delete sessions (dream inputs, session resources)',
  'session-state':
    "read whether a session is archived and whether it is deleted (a dream's pipeline session is archived, not deleted, when the dream ends; session records are not shown)",
  'session-repositories':
    'attach a git_host_repository resource to a session (its add-resource body is not shown)',
  'drive-dreams': 'drive a dream pipeline: start, progress, succeed, fail with an error type',
  'drive-batches': 'drive batch processing: process requests, succeed or error them',
  'batch-internal-errors':
    'make chosen requests of a batch meet an internal server error when it is processed (driveBatch internalErrors)',
  'batch-partial-processing':
    'process chosen requests of a batch and hold the others unsent: the batch stays in progress until they are processed too or the 24-hour expiry expires them (driveBatch customIds)',
  faults: 'switch seeded faults on and off (the reference server only; for the mutation score)',
  tenants:
    'create another tenant: an organization with its admin key and a workspace of it with a workspace key (cross-tenant cases; or give its credentials as options)',
  organizations:
    'create a fresh organization (its admin API key and admin user) and users of it with an organization role',
  'workspace-keys':
    'mint a workspace API key for a workspace made through the documented create (which mints none)',
  'organization-roles':
    "provision an admin API key owned by a user, and change a user's organization role (promotion, demotion)",
  'workspace-members':
    'read the effective members of a workspace with their workspace roles (no member list endpoint is shown)',
  'rate-limit-overrides': 'set the rate-limit overrides of a workspace (set in the management console)',
  'rate-limit-enforcement':
    "the target enforces a workspace's enqueued_batch_requests and batch requests_per_minute overrides (set through rate-limit-overrides) from the next batch request on, for the workspace's keys and access tokens",
  'usage-records': 'record messages usage attributed to a workspace or the Default Workspace at a given time',
} as const;

export type Capability = keyof typeof CAPABILITIES;

/** Every capability name, in the catalog's order. */
export const CAPABILITY_NAMES = Object.keys(CAPABILITIES) as Capability[];

/**
 * The capabilities a token exchange needs set up on the target: an issuer, a federation rule and
 * a service account. Every case of the suite that exchanges a token needs them (and maybe more).
 */
export const FEDERATION_CAPABILITIES = [
  'issuers',
  'federation-rules',
  'service-accounts',
] as const satisfies readonly Capability[];

/** Whether a string names a capability of the catalog (own keys only). */
export const isCapability = (name: string): name is Capability => Object.hasOwn(CAPABILITIES, name);

/**
 * Capabilities that need no control endpoint, only a run willing to pay for them: a run asks for
 * them (`vendor-conformance run --opt-in large-requests`) instead of a server offering them.
 */
export const OPT_IN_CAPABILITIES: readonly Capability[] = ['large-requests'];

/**
 * Capabilities that are a statement about the server's behaviour, not an endpoint: a server offers
 * them in discovery when the statement holds (no control endpoint belongs to them).
 */
export const DECLARED_CAPABILITIES: readonly Capability[] = ['rate-limit-enforcement'];

/**
 * The conformance control API: a small, versioned HTTP protocol that a server exposes in test
 * environments (never in production) for what the documents give no endpoint for — fixtures, time,
 * job progress. A server in any language implements the endpoints of the capabilities it offers;
 * the suite's built-in control adapter reads `GET /capabilities` and calls them (the pattern of
 * Pact's provider-state endpoint). The reference server implements all of it under `/_test`.
 *
 * Paths are relative to the control URL the server prints (`http://127.0.0.1:PORT/_test` for the
 * reference server). Every call carries the control token in `CONTROL_TOKEN_HEADER`; a server
 * answers 401 without it, binds the control API to loopback names only, and mounts it only when
 * started for tests. Bodies are JSON objects; unknown fields are ignored. A refusal is a non-2xx
 * answer with the API's error body (`{"type":"error","error":{"type","message"}}`).
 *
 * The OpenAPI document of the protocol is generated from this table
 * (`@vendor-api/openapi/control.openapi.json`).
 */
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { fillPath } from '../path-template.js';
import { OrganizationRole } from '../resources/workspaces.js';
import { WORKSPACE_ROLE_KEYS, WORKSPACE_ROLES } from '../rules/workspaces.js';
import type { Capability } from './capabilities.js';

/** The protocol's name and version, as `GET /capabilities` answers them. */
export const CONTROL_PROTOCOL = 'api-conformance-control';
/** The protocol version this table describes; a server answering another version is refused. */
export const CONTROL_PROTOCOL_VERSION = 1;
/** The header carrying the control token on every control call. */
export const CONTROL_TOKEN_HEADER = 'test-control-token';

const Id = Type.String({ minLength: 1 });
const Timestamp = Type.String({ format: 'date-time', description: 'RFC 3339' });
const Open = <T extends Record<string, TSchema>>(properties: T, description?: string) =>
  Type.Object(properties, { additionalProperties: true, ...(description ? { description } : {}) });

/** The credentials of a seeded organization, so that a run needs nothing but the control URL. */
export const ControlTarget = Open(
  {
    admin_key: Type.String({ description: 'an admin API key of the organization' }),
    workspace_key: Type.String({ description: 'a workspace API key of workspace_id' }),
    workspace_id: Type.String(),
    organization_id: Type.String({ description: "the organization's UUID" }),
  },
  'the target the suite runs against when its options name none',
);
export type ControlTarget = Static<typeof ControlTarget>;

export const ControlDiscovery = Open({
  protocol: Type.Literal(CONTROL_PROTOCOL),
  version: Type.Integer({ minimum: 1 }),
  capabilities: Type.Array(Type.String(), {
    description:
      'the capabilities this server offers (names of the catalog; unknown names are ignored by older suites)',
  }),
  target: Type.Optional(ControlTarget),
  run_hooks: Type.Optional(
    Type.Boolean({
      description: 'whether POST /run/start and POST /run/end are implemented (default false)',
    }),
  ),
});
export type ControlDiscovery = Static<typeof ControlDiscovery>;

const Workspace = Open({
  id: Id,
  workspace_key: Type.String({ description: 'a new workspace API key of this workspace' }),
});
const WithId = Open({ id: Id });
const Clock = Open({ now: Timestamp });
/** A workspace named by id; the Default Workspace as `default`; absent: the target's workspace. */
const WorkspaceRef = Type.Optional(
  Type.String({
    description:
      "a workspace id of the target's organization; `default`: its Default Workspace; absent: the target's workspace (the `workspace_id` of discovery's `target`), not the Default Workspace",
  }),
);
/** A workspace role by the project's key (its wire value, where the documents state one, aside). */
const WorkspaceRoleKey = Type.Union(
  WORKSPACE_ROLE_KEYS.map((key) =>
    Type.Literal(key, {
      description: `${WORKSPACE_ROLES[key].name}${WORKSPACE_ROLES[key].wire ? ` (wire value \`${WORKSPACE_ROLES[key].wire}\`)` : ''}`,
    }),
  ),
  { description: 'the workspace role, by its key' },
);
/**
 * What every drive answers when the happening cannot occur in the record's state (a dream started
 * twice, a batch completed after it ended): the record is left as it was.
 */
const REFUSED_DRIVE =
  ' Where it cannot happen in the current state, answer 409 with the API error body and leave the record as it was; an unknown id is 404.';
const WorkspaceIds = Type.Array(Type.String(), {
  description: 'workspace ids (`default`: the Default Workspace)',
});
const Jwks = Type.Object(
  {},
  {
    additionalProperties: true,
    description:
      'the issuer key-set source (`{type: inline, keys}`, `{type: discovery, ...}`, `{type: url, url}`)',
  },
);

const Issuer = Open({
  name: Type.Optional(Type.String()),
  issuer_url: Type.Optional(Type.String()),
  jwks: Type.Optional(Jwks),
  max_token_lifetime_seconds: Type.Optional(Type.Integer()),
});
const Rule = Open({
  issuer_id: Type.Optional(Type.String()),
  name: Type.Optional(Type.String()),
  match: Type.Optional(Type.Unknown()),
  oauth_scope: Type.Optional(Type.String()),
  workspace_ids: Type.Optional(WorkspaceIds),
  token_lifetime_seconds: Type.Optional(Type.Unknown()),
});
const Change = Open({}, 'the record as changed (not read by the suite)');
const Organization = Open({
  organization_id: Id,
  admin_user_id: Id,
  admin_key: Type.String(),
});

/**
 * How bodies and answers are typed on the wire: the questions a server written in a typed language
 * meets (number widths, null or absent, time formats, empty bodies, statuses, what a drive
 * answers), each answered once. `vendor-conformance init` and the control OpenAPI document print
 * them; the suite's control adapter keeps to them.
 */
export const CONTROL_WIRE_RULES = [
  {
    topic: 'Numbers',
    rule: 'an `integer` field is a whole number, sent without a fraction or an exponent; read it as a 64-bit integer (`ms` of `POST /clock/advance` passes 32 bits). `number` appears only where the API documents leave the type open (the `value` of a rate limit): any JSON number.',
  },
  {
    topic: 'Null or absent',
    rule: 'an optional field may be absent, and the suite leaves out the optional fields it has no value for; it sends `null` only where a body schema allows it (`workspace_id` of `POST /usage`: the Default Workspace). In answers, leave out an optional field you have no value for (`target`; `run_hooks` absent reads as false); a field that is `X or null` and not optional is always present.',
  },
  {
    topic: 'Times',
    rule: 'every timestamp is an RFC 3339 date-time. The suite sends UTC with `Z` and milliseconds; it reads any RFC 3339 form (`Z` or an offset, whole seconds up to nanoseconds) and compares instants, never text.',
  },
  {
    topic: 'Bodies',
    rule: 'a `GET` carries no body; a `POST` carries a JSON object with `content-type: application/json`, or no body at all where it has nothing to say (the run hooks, archiving or deleting a session or a memory store): read an empty body as `{}`.',
  },
  {
    topic: 'Success',
    rule: '`GET /capabilities` answers 200; elsewhere any 2xx is a success. Its body is a JSON object: the suite reads only the fields this document names and ignores more. Where the answer is "the record as changed (not read by the suite)", any JSON object will do (`{}` too).',
  },
  {
    topic: 'Drives and refusals',
    rule: 'a drive (`/batches/…`, `/dreams/…`) answers the record as changed; where the happening cannot occur in the record\'s state, 409 with the API error body and the record left as it was; an unknown id is 404. A refusal is any non-2xx answer with the API error body (`{"type":"error","error":{"type","message"}}`, any `error.type`).',
  },
  {
    topic: 'Ids and keys',
    rule: "opaque strings the suite never parses, except `organization_id`, the organization's UUID.",
  },
] as const;

/** One endpoint of the control protocol. */
export interface ControlEndpoint {
  /** `clock.advance`: the stable name adapters and reports use. */
  readonly id: string;
  readonly method: 'GET' | 'POST';
  /** Relative to the control URL; `{name}` is a path parameter. */
  readonly path: string;
  /**
   * The capabilities this endpoint serves: a server offering any of them implements it. Empty:
   * the protocol itself (discovery, run hooks).
   */
  readonly capabilities: readonly Capability[];
  readonly summary: string;
  readonly description: string;
  readonly body?: TSchema;
  /** What a success answers (only the fields the suite reads; more are allowed). */
  readonly response: TSchema;
  /**
   * The suite reports a refusal of this call as an answer of the implementation (the case judges
   * it), not as a broken fixture.
   */
  readonly refusalIsAnswer?: boolean;
}

const endpoint = <const E extends ControlEndpoint>(e: E): E => e;

export const CONTROL_ENDPOINTS = [
  endpoint({
    id: 'capabilities',
    method: 'GET',
    path: '/capabilities',
    capabilities: [],
    summary: 'Discover the protocol version, capabilities and target',
    description:
      'The protocol name and version, the capabilities this server offers, and (optionally) the credentials of a seeded organization so that the suite needs no other option. The only endpoint every server implements.',
    response: ControlDiscovery,
  }),
  endpoint({
    id: 'run.start',
    method: 'POST',
    path: '/run/start',
    capabilities: [],
    summary: 'A conformance run starts',
    description:
      'Called once before a run when discovery says `run_hooks: true`: a server may reset state or stop a running clock here (the reference server freezes its wall clock so that the suite keeps time).',
    response: Change,
  }),
  endpoint({
    id: 'run.end',
    method: 'POST',
    path: '/run/end',
    capabilities: [],
    summary: 'A conformance run ended',
    description:
      'Called once after a run when discovery says `run_hooks: true` (the reference server lets its wall clock run on).',
    response: Change,
  }),
  endpoint({
    id: 'clock.read',
    method: 'GET',
    path: '/clock',
    capabilities: ['clock'],
    summary: "Read the server's clock",
    description: 'The instant the server uses for every timestamp, expiry and retention.',
    response: Clock,
  }),
  endpoint({
    id: 'clock.advance',
    method: 'POST',
    path: '/clock/advance',
    capabilities: ['clock'],
    summary: "Move the server's clock forward",
    description:
      'Moves the clock `ms` milliseconds forward; what falls due in between (batch expiry, retention, token lifetimes) happens before the answer.',
    body: Type.Object(
      {
        ms: Type.Integer({
          minimum: 0,
          description:
            'whole milliseconds; past 32 bits (a wait reaches beyond the 29-day results retention): a 64-bit integer',
        }),
      },
      { additionalProperties: true },
    ),
    response: Clock,
  }),
  endpoint({
    id: 'workspaces.create',
    method: 'POST',
    path: '/organizations/{organization_id}/workspaces',
    capabilities: ['workspaces', 'tenants'],
    summary: 'Create a workspace with a workspace API key',
    description: 'A new active workspace of the organization, and a new workspace API key of it.',
    body: Open({ name: Type.Optional(Type.String()) }),
    response: Workspace,
  }),
  endpoint({
    id: 'users.create',
    method: 'POST',
    path: '/organizations/{organization_id}/users',
    capabilities: ['users', 'organizations'],
    summary: 'Create an organization user',
    description: 'A new user of the organization with the given organization role.',
    body: Open({ role: OrganizationRole }),
    response: Open({ user_id: Id }),
  }),
  endpoint({
    id: 'organizations.create',
    method: 'POST',
    path: '/organizations',
    capabilities: ['organizations', 'tenants'],
    summary: 'Create an organization',
    description:
      'A fresh organization with its Default Workspace, an admin user and an admin API key owned by that user.',
    body: Open({ name: Type.Optional(Type.String()) }),
    response: Organization,
  }),
  endpoint({
    id: 'keys.create',
    method: 'POST',
    path: '/organizations/{organization_id}/keys',
    capabilities: ['workspace-keys', 'organization-roles'],
    summary: 'Mint an API key',
    description:
      '`kind: workspace_key` mints a workspace API key of `workspace_id`, a workspace of the organization the path names (`default` or absent: its Default Workspace); `kind: admin_key` an admin API key owned by `owner_user_id` (an organization admin).',
    body: Open({
      kind: Type.Union([Type.Literal('workspace_key'), Type.Literal('admin_key')]),
      workspace_id: Type.Optional(
        Type.String({
          description:
            'a workspace id of the organization the path names; `default` or absent: its Default Workspace',
        }),
      ),
      owner_user_id: Type.Optional(Type.String()),
    }),
    response: Open({ key: Type.String() }),
  }),
  endpoint({
    id: 'users.role',
    method: 'POST',
    path: '/users/{user_id}/role',
    capabilities: ['organization-roles'],
    summary: "Change a user's organization role",
    description: 'Promotion or demotion; explicit workspace roles are kept.',
    body: Open({ role: OrganizationRole }),
    response: Change,
  }),
  endpoint({
    id: 'workspaces.members',
    method: 'GET',
    path: '/workspaces/{workspace_id}/members',
    capabilities: ['workspace-members'],
    summary: 'Read the effective members of a workspace',
    description:
      'Every user with access, by workspace role key, and whether the role is inherited or explicit.',
    response: Open({
      data: Type.Array(
        Open({
          user_id: Id,
          role: WorkspaceRoleKey,
          source: Type.Union([Type.Literal('inherited'), Type.Literal('explicit')]),
        }),
      ),
    }),
  }),
  endpoint({
    id: 'workspaces.rate-limits',
    method: 'POST',
    path: '/workspaces/{workspace_id}/rate_limits',
    capabilities: ['rate-limit-overrides'],
    summary: 'Replace the rate-limit overrides of a workspace',
    description:
      'What the management console sets. A model group is named by one of its models. A refusal (the Default Workspace, a value above the organization limit) is judged by the suite.',
    body: Open({
      overrides: Type.Array(
        Open({
          group_type: Type.String(),
          model: Type.Optional(Type.String()),
          limits: Type.Array(Open({ type: Type.String(), value: Type.Number() })),
        }),
      ),
    }),
    response: Change,
    refusalIsAnswer: true,
  }),
  endpoint({
    id: 'usage.record',
    method: 'POST',
    path: '/usage',
    capabilities: ['usage-records'],
    summary: 'Record messages usage',
    description:
      'Usage attributed to a workspace (`null`: the Default Workspace) of an organization, at an instant.',
    body: Open({
      organization_id: Type.Optional(Type.String()),
      workspace_id: Type.Union([Type.String(), Type.Null()]),
      at: Timestamp,
      model: Type.Optional(Type.String()),
      input_tokens: Type.Integer({ minimum: 0 }),
      output_tokens: Type.Integer({ minimum: 0 }),
    }),
    response: Change,
  }),
  endpoint({
    id: 'issuers.create',
    method: 'POST',
    path: '/federation/issuers',
    capabilities: ['issuers'],
    summary: 'Register a federation issuer',
    description:
      'An issuer of the target organization. The fields may be invalid on purpose: a refusal is judged by the suite (its error body).',
    body: Issuer,
    response: WithId,
    refusalIsAnswer: true,
  }),
  endpoint({
    id: 'issuers.update',
    method: 'POST',
    path: '/federation/issuers/{issuer_id}',
    capabilities: ['issuer-updates'],
    summary: "Replace an issuer's key set",
    description: 'A cached key set of the issuer is dropped.',
    body: Open({ jwks: Jwks }),
    response: Change,
  }),
  endpoint({
    id: 'service-accounts.create',
    method: 'POST',
    path: '/federation/service_accounts',
    capabilities: ['service-accounts'],
    summary: 'Create a service account',
    description:
      'A service account of the target organization, member of the workspaces. A refusal is judged by the suite.',
    body: Open({ name: Type.Optional(Type.Unknown()), workspace_ids: Type.Optional(WorkspaceIds) }),
    response: WithId,
    refusalIsAnswer: true,
  }),
  endpoint({
    id: 'rules.create',
    method: 'POST',
    path: '/federation/rules',
    capabilities: ['federation-rules'],
    summary: 'Create a federation rule',
    description:
      'A rule of the target organization for an issuer, enabled for the workspaces. A refusal is judged by the suite.',
    body: Rule,
    response: WithId,
    refusalIsAnswer: true,
  }),
  endpoint({
    id: 'rules.archive',
    method: 'POST',
    path: '/federation/rules/{rule_id}/archive',
    capabilities: ['federation-rules'],
    summary: 'Archive a federation rule',
    description: 'The rule stops matching.',
    response: Change,
  }),
  endpoint({
    id: 'hosts.set',
    method: 'POST',
    path: '/federation/hosts',
    capabilities: ['issuer-hosting'],
    summary: 'Make a host name resolve to addresses',
    description: 'The addresses the server resolves `hostname` to when it fetches issuer documents.',
    body: Open({ hostname: Type.String(), addresses: Type.Array(Type.String()) }),
    response: Change,
  }),
  endpoint({
    id: 'hosts.documents',
    method: 'POST',
    path: '/federation/hosts/documents',
    capabilities: ['issuer-hosting'],
    summary: 'Serve a JSON document at an https URL',
    description: 'A discovery document or key set the server fetches at `url`.',
    body: Open({ url: Type.String(), body: Type.Unknown() }),
    response: Change,
  }),
  endpoint({
    id: 'hosts.private-ca',
    method: 'POST',
    path: '/federation/hosts/private_ca',
    capabilities: ['private-ca'],
    summary: 'Serve a host over TLS with a private certificate authority',
    description:
      "The host of `hostname` serves TLS with a certificate of a private certificate authority; the answer is that authority's PEM, for an issuer's `ca_cert_pem`.",
    body: Open({ hostname: Type.String() }),
    response: Open({ ca_cert_pem: Type.String() }),
  }),
  endpoint({
    id: 'files.create',
    method: 'POST',
    path: '/files',
    capabilities: ['files'],
    summary: 'Upload a file into a workspace',
    description: 'A file of the workspace.',
    body: Open({ workspace_id: WorkspaceRef }),
    response: WithId,
  }),
  endpoint({
    id: 'memory-stores.create',
    method: 'POST',
    path: '/memory_stores',
    capabilities: ['memory-stores'],
    summary: 'Create a memory store',
    description: 'A memory store of the workspace.',
    body: Open({
      workspace_id: WorkspaceRef,
      name: Type.Optional(Type.String()),
      description: Type.Optional(Type.String()),
    }),
    response: WithId,
  }),
  endpoint({
    id: 'memory-stores.archive',
    method: 'POST',
    path: '/memory_stores/{memory_store_id}/archive',
    capabilities: ['memory-stores'],
    summary: 'Archive a memory store',
    description: 'A refusal (the output store of an active dream) is judged by the suite.',
    response: Change,
    refusalIsAnswer: true,
  }),
  endpoint({
    id: 'memory-stores.delete',
    method: 'POST',
    path: '/memory_stores/{memory_store_id}/delete',
    capabilities: ['memory-stores'],
    summary: 'Delete a memory store',
    description: 'A refusal (the output store of an active dream) is judged by the suite.',
    response: Change,
    refusalIsAnswer: true,
  }),
  endpoint({
    id: 'memory-stores.read',
    method: 'GET',
    path: '/memory_stores/{memory_store_id}',
    capabilities: ['memory-store-state'],
    summary: "Read a memory store's state",
    description:
      'Whether it is archived or deleted, and a digest of its contents: any string equal for equal contents and different whenever they change (null once deleted). The contents are its memories (what dreams and sessions wrote into it), not its record: a rename or an archive does not change the digest.',
    response: Open({
      archived: Type.Boolean(),
      deleted: Type.Boolean(),
      digest: Type.Union([Type.String(), Type.Null()]),
    }),
  }),
  endpoint({
    id: 'memory-stores.rename',
    method: 'POST',
    path: '/memory_stores/{memory_store_id}/rename',
    capabilities: ['memory-store-rename'],
    summary: 'Rename a memory store',
    description: 'Its update endpoint is not shown.',
    body: Open({ name: Type.String() }),
    response: Change,
  }),
  endpoint({
    id: 'sessions.create',
    method: 'POST',
    path: '/sessions',
    capabilities: ['sessions'],
    summary: 'Create a session',
    description: 'A session of the workspace.',
    body: Open({ workspace_id: WorkspaceRef }),
    response: WithId,
  }),
  endpoint({
    id: 'sessions.read',
    method: 'GET',
    path: '/sessions/{session_id}',
    capabilities: ['session-state'],
    summary: 'Read whether a session is archived',
    description: 'Session records are not shown by the documents.',
    response: Open({
      archived: Type.Boolean(),
      deleted: Type.Optional(Type.Boolean({ description: 'absent: the server cannot tell a deletion' })),
    }),
  }),
  endpoint({
    id: 'sessions.archive',
    method: 'POST',
    path: '/sessions/{session_id}/archive',
    capabilities: ['sessions'],
    summary: 'Archive a session',
    description: 'A refusal is judged by the suite.',
    response: Change,
    refusalIsAnswer: true,
  }),
  endpoint({
    id: 'sessions.delete',
    method: 'POST',
    path: '/sessions/{session_id}/delete',
    capabilities: ['sessions'],
    summary: 'Delete a session',
    description: 'A refusal is judged by the suite.',
    response: Change,
    refusalIsAnswer: true,
  }),
  endpoint({
    id: 'sessions.repositories',
    method: 'POST',
    path: '/sessions/{session_id}/repositories',
    capabilities: ['session-repositories'],
    summary: 'Attach a git_host_repository resource to a session',
    description: 'Its add-resource body is not shown by the documents.',
    body: Open({
      url: Type.String(),
      authorization_token: Type.String(),
      checkout: Type.Optional(Type.Object({}, { additionalProperties: true })),
    }),
    response: WithId,
  }),
  endpoint({
    id: 'dreams.start',
    method: 'POST',
    path: '/dreams/{dream_id}/start',
    capabilities: ['drive-dreams'],
    summary: "Start a dream's pipeline",
    description: `pending → running (a pipeline session is set, the output store added to \`outputs\`).${REFUSED_DRIVE}`,
    response: Change,
  }),
  endpoint({
    id: 'dreams.progress',
    method: 'POST',
    path: '/dreams/{dream_id}/progress',
    capabilities: ['drive-dreams'],
    summary: "Report a running dream's progress",
    description: `Tokens the pipeline consumed since the last report, added to the dream's \`usage\` (a server may count them its own way, but the usage of a running dream must grow with each report and never decrease). Only a running dream makes progress.${REFUSED_DRIVE}`,
    body: Open({
      input_tokens: Type.Optional(Type.Integer({ minimum: 0 })),
      output_tokens: Type.Optional(Type.Integer({ minimum: 0 })),
    }),
    response: Change,
  }),
  endpoint({
    id: 'dreams.complete',
    method: 'POST',
    path: '/dreams/{dream_id}/complete',
    capabilities: ['drive-dreams'],
    summary: "Complete a dream's pipeline",
    description: `running → completed (the output store populated, the pipeline session archived).${REFUSED_DRIVE}`,
    response: Change,
  }),
  endpoint({
    id: 'dreams.fail',
    method: 'POST',
    path: '/dreams/{dream_id}/fail',
    capabilities: ['drive-dreams'],
    summary: "Fail a dream's pipeline",
    description: `running → failed with \`error_type\` (the dream's \`error.type\`; default \`internal_error\`). Only a running pipeline fails: a pending dream cannot (UNSPEC-DREAM-FAILURE-BEFORE-START).${REFUSED_DRIVE}`,
    body: Open({ error_type: Type.String() }),
    response: Change,
  }),
  endpoint({
    id: 'batches.complete',
    method: 'POST',
    path: '/batches/{batch_id}/complete',
    capabilities: ['drive-batches', 'batch-internal-errors'],
    summary: "Process a batch's requests now",
    description:
      'Every unsent request is processed and the batch ends; requests named in `internal_errors` (by `custom_id`) meet an internal server error and end `errored`. A server offering `drive-batches` leaves a batch `in_progress` until it is driven here, canceled, or its 24-hour deadline passes (the cases then know when it ends); without the capability it processes batches on its own and the suite polls. An ended batch cannot be completed: 409 with the API error body, the batch as it was; an unknown id is 404.',
    body: Open({ internal_errors: Type.Optional(Type.Array(Type.String())) }),
    response: Change,
  }),
  endpoint({
    id: 'batches.process',
    method: 'POST',
    path: '/batches/{batch_id}/process',
    capabilities: ['batch-partial-processing'],
    summary: "Process some of a batch's requests now",
    description:
      'The requests named in `custom_ids` (not processed yet) are processed; the others stay unsent, and the batch stays `in_progress` until they are processed too or its 24-hour deadline expires them. Naming every unsent request ends the batch as `batches.complete` does. `internal_errors` as there.',
    body: Open({
      custom_ids: Type.Array(Type.String()),
      internal_errors: Type.Optional(Type.Array(Type.String())),
    }),
    response: Change,
  }),
  endpoint({
    id: 'faults.set',
    method: 'POST',
    path: '/faults',
    capabilities: ['faults'],
    summary: 'Switch seeded faults',
    description: 'The reference server only: the named seeded faults are on, every other off.',
    body: Open({ names: Type.Array(Type.String()) }),
    response: Change,
  }),
] as const;

export type ControlEndpointId = (typeof CONTROL_ENDPOINTS)[number]['id'];

/** The endpoint of an id. */
export function controlEndpoint(id: ControlEndpointId): ControlEndpoint {
  const found = CONTROL_ENDPOINTS.find((e) => e.id === id);
  if (!found) throw new Error(`no control endpoint ${id}`);
  return found;
}

/** The path of an endpoint with its parameters filled (each encoded as one path segment). */
export function controlPath(id: ControlEndpointId, params: Readonly<Record<string, string>> = {}): string {
  return fillPath(controlEndpoint(id).path, (name) => {
    const value = params[name];
    if (value === undefined) throw new Error(`control endpoint ${id} needs the path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/** The control endpoints serving a capability. */
export const endpointsOf = (capability: Capability): readonly ControlEndpoint[] =>
  CONTROL_ENDPOINTS.filter((e) => (e.capabilities as readonly Capability[]).includes(capability));

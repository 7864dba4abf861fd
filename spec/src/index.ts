/**
 * @vendor-api/spec: the single hand-written source of the vendor API.
 *
 * `createSpec(vendor)` assembles every schema, endpoint, state machine, requirement and
 * unspecified item for one vendor name; `spec` is the published contract (`vendor`). Rules are
 * exported as namespaces (`jwt`, `matchers`, `urls`, `credentials`, `errors`, ...); the catalogs of seeded
 * faults (`FAULTS`, `FaultName`) and variants (`VARIANTS`, `VariantName`, `UNREALISABLE`) as
 * typed data.
 */
import { type TSchema, TypeGuard } from '@sinclair/typebox';
import * as epDreams from './endpoints/dreams.js';
import * as epFederation from './endpoints/federation.js';
import * as epMessageBatches from './endpoints/message-batches.js';
import * as epMessages from './endpoints/messages.js';
import * as epRateLimits from './endpoints/rate-limits.js';
import * as epSessions from './endpoints/sessions.js';
import * as epUsage from './endpoints/usage.js';
import * as epWorkspaces from './endpoints/workspaces.js';
import * as mDreams from './machines/dreams.js';
import * as mFederationRules from './machines/federation-rules.js';
import * as mMessageBatches from './machines/message-batches.js';
import * as mWorkspaces from './machines/workspaces.js';
import * as rqAccess from './requirements/access.js';
import * as rqCredentials from './requirements/credentials.js';
import * as rqDreams from './requirements/dreams.js';
import * as rqFederation from './requirements/federation.js';
import * as rqMessageBatches from './requirements/message-batches.js';
import * as rqMessages from './requirements/messages.js';
import * as rqRateLimits from './requirements/rate-limits.js';
import * as rqSessions from './requirements/sessions.js';
import * as rqUsage from './requirements/usage.js';
import * as rqWorkspaces from './requirements/workspaces.js';
import * as common from './resources/common.js';
import * as dreams from './resources/dreams.js';
import * as federation from './resources/federation.js';
import * as messageBatches from './resources/message-batches.js';
import * as messages from './resources/messages.js';
import * as profiles from './resources/profiles.js';
import * as rateLimits from './resources/rate-limits.js';
import * as sessions from './resources/sessions.js';
import * as usage from './resources/usage.js';
import { vendorSchemas } from './resources/vendor-names.js';
import * as versioning from './resources/versioning.js';
import * as workspaces from './resources/workspaces.js';
import * as ruAccess from './rules/access.js';
import * as ruCredentials from './rules/credentials.js';
import * as ruDreams from './rules/dreams.js';
import * as ruErrors from './rules/errors.js';
import * as ruJwt from './rules/jwt.js';
import * as ruMatchers from './rules/matchers.js';
import * as ruMessageBatches from './rules/message-batches.js';
import * as ruMessages from './rules/messages.js';
import * as ruProfileFiles from './rules/profile-files.js';
import * as ruRateLimits from './rules/rate-limits.js';
import * as ruSessions from './rules/sessions.js';
import * as ruUrls from './rules/urls.js';
import * as ruWorkspaces from './rules/workspaces.js';
import { otherSuccessStatuses } from './success-statuses.js';
import type { AnyMachine, Endpoint, Requirement, Unspecified } from './types.js';
import * as unAccess from './unspecified/access.js';
import * as unCredentials from './unspecified/credentials.js';
import * as unDreams from './unspecified/dreams.js';
import * as unFederation from './unspecified/federation.js';
import * as unMessageBatches from './unspecified/message-batches.js';
import * as unMessages from './unspecified/messages.js';
import * as unRateLimits from './unspecified/rate-limits.js';
import * as unSessions from './unspecified/sessions.js';
import * as unUsage from './unspecified/usage.js';
import * as unWorkspaces from './unspecified/workspaces.js';
import { defineVendor, type Vendor, vendor } from './vendor.js';

export * from './control/capabilities.js';
export * from './control/endpoints.js';
export * from './families.js';
export * from './faults.js';
export * from './machine.js';
export * from './operations.js';
export * from './path-template.js';
export * from './resources/common.js';
export * from './resources/dreams.js';
export * from './resources/federation.js';
export * from './resources/message-batches.js';
export * from './resources/messages.js';
export * from './resources/profiles.js';
export * from './resources/rate-limits.js';
export * from './resources/sessions.js';
export * from './resources/usage.js';
export * from './resources/vendor-names.js';
export * from './resources/versioning.js';
export * from './resources/workspaces.js';
export type { ErrorCode, ErrorParams, ErrorType } from './rules/errors.js';
export * from './success-statuses.js';
export * from './types.js';
export * from './variants.js';
export * from './vendor.js';
/** The machine modules, typed: each has `machine` and `stateOf(record)` (the record-to-state mapping). */
export {
  mDreams as dreamsMachine,
  mFederationRules as federationRulesMachine,
  mMessageBatches as messageBatchesMachine,
  mWorkspaces as workspacesMachine,
  ruAccess as access,
  ruCredentials as credentials,
  ruDreams as dreamRules,
  ruErrors as errors,
  ruJwt as jwt,
  ruMatchers as matchers,
  ruMessageBatches as batchRules,
  ruMessages as messageRules,
  ruRateLimits as rateLimits,
  ruSessions as sessionRules,
  ruUrls as urls,
  ruWorkspaces as workspaceRules,
};

/** Resource modules whose `$id`-carrying exports are the named schemas. */
const RESOURCE_MODULES: readonly object[] = [
  common,
  versioning,
  federation,
  profiles,
  workspaces,
  rateLimits,
  usage,
  messages,
  messageBatches,
  sessions,
  dreams,
];
const ENDPOINT_MODULES = [
  epFederation,
  epRateLimits,
  epWorkspaces,
  epUsage,
  epMessages,
  epMessageBatches,
  epSessions,
  epDreams,
] as const;
const MACHINE_MODULES = [mWorkspaces, mFederationRules, mMessageBatches, mDreams];
const REQUIREMENT_MODULES = [
  rqFederation,
  rqCredentials,
  rqAccess,
  rqWorkspaces,
  rqRateLimits,
  rqUsage,
  rqMessages,
  rqMessageBatches,
  rqSessions,
  rqDreams,
];
const UNSPECIFIED_MODULES = [
  unFederation,
  unCredentials,
  unAccess,
  unWorkspaces,
  unRateLimits,
  unUsage,
  unMessages,
  unMessageBatches,
  unSessions,
  unDreams,
];
/**
 * Rules modules by name (their file stems), each with the requirement ids it implements. Some are
 * exported under a family's namespace: `credentials` holds `profile-files` too.
 */
export const RULE_MODULES = {
  access: ruAccess,
  credentials: ruCredentials,
  dreams: ruDreams,
  errors: ruErrors,
  jwt: ruJwt,
  matchers: ruMatchers,
  'message-batches': ruMessageBatches,
  messages: ruMessages,
  'profile-files': ruProfileFiles,
  'rate-limits': ruRateLimits,
  sessions: ruSessions,
  urls: ruUrls,
  workspaces: ruWorkspaces,
} as const;

/** Every endpoint as its table declares it (literal ids, families, methods and paths). */
type DeclaredEndpoint = (typeof ENDPOINT_MODULES)[number]['endpoints'][number];

/**
 * The id of an operation (`dreams.cancel`, `messages.batches.results`): a literal union derived
 * from the endpoint tables, so a consumer that names an operation the spec does not have (or a
 * renamed one) does not compile.
 */
export type OperationId = DeclaredEndpoint['id'];

/** The resource family of an operation (`dreams`, `message-batches`, `federation`). */
export type OperationFamily = DeclaredEndpoint['family'];

/** An endpoint of the spec: its id and family typed as the spec's own names. */
export interface Operation extends Endpoint {
  readonly id: OperationId;
  readonly family: OperationFamily;
}

/** A value for each operation of the spec (a handler map, a table of examples). */
export type PerOperation<T> = { readonly [K in OperationId]: T };

/**
 * The endpoint table entry of one operation as declared, its schemas with their literal types
 * (`RequestOf<K>` and `ResponseBodyOf<K>` in `operations.ts` read them).
 */
export type OperationOf<K extends OperationId> = Extract<DeclaredEndpoint, { readonly id: K }>;

export interface VendorSpec {
  readonly vendor: Vendor;
  /** Every named schema by `$id`, vendor-derived ones included. */
  readonly schemas: Readonly<Record<string, TSchema>>;
  readonly endpoints: readonly Operation[];
  readonly machines: Readonly<Record<string, AnyMachine>>;
  readonly requirements: readonly Requirement[];
  readonly unspecified: readonly Unspecified[];
}

function namedSchemas(module: object): TSchema[] {
  return Object.values(module).filter(
    (value): value is TSchema => TypeGuard.IsSchema(value) && typeof value.$id === 'string',
  );
}

/** An endpoint with the other success statuses its Unspecified items leave open (`success-statuses.ts`). */
function withOtherSuccessStatuses(e: Operation): Operation {
  const others = otherSuccessStatuses(e);
  return others.length === 0 ? e : { ...e, success: { ...e.success, others } };
}

/** Assembles the spec for a vendor (a name, or a `Vendor` from `defineVendor`). */
export function createSpec(forVendor: Vendor | string = vendor): VendorSpec {
  const v = typeof forVendor === 'string' ? defineVendor(forVendor) : forVendor;
  const schemas: Record<string, TSchema> = {};
  const add = (schema: TSchema) => {
    const id = schema.$id as string;
    if (schemas[id] && schemas[id] !== schema) throw new Error(`duplicate schema $id ${id}`);
    schemas[id] = schema;
  };
  for (const module of RESOURCE_MODULES) namedSchemas(module).forEach(add);
  Object.values(vendorSchemas(v)).forEach(add);

  const machines: Record<string, AnyMachine> = {};
  for (const { machine } of MACHINE_MODULES) if (machine) machines[machine.id] = machine;

  return {
    vendor: v,
    schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    endpoints: ENDPOINT_MODULES.flatMap((m): readonly Operation[] => m.endpoints).map(
      withOtherSuccessStatuses,
    ),
    machines,
    requirements: REQUIREMENT_MODULES.flatMap((m) => m.requirements(v)),
    unspecified: UNSPECIFIED_MODULES.flatMap((m) => m.unspecified(v)),
  };
}

/** The endpoint of an operation id (every `OperationId` names one, in every vendor's spec). */
export function operation(of: VendorSpec, id: OperationId): Operation {
  const found = of.endpoints.find((e) => e.id === id);
  if (!found) throw new Error(`the spec has no operation ${JSON.stringify(id)}`);
  return found;
}

/** Whether a string (from a command line, a report, a request) is an operation id of the spec. */
export function isOperationId(of: VendorSpec, id: string): id is OperationId {
  return of.endpoints.some((e) => e.id === id);
}

/** The published contract, for the vendor name `vendor`. */
export const spec: VendorSpec = createSpec();

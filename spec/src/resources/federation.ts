/**
 * Workload identity federation (document 000): identifier shapes, federation issuers with their
 * key-set (`jwks`) modes, federation rules and their matchers, service accounts, and the token
 * exchange request and response of `POST /v1/oauth/token`.
 *
 * Issuers, rules and service accounts have no documented endpoints (UNSPEC-FED-ISSUER-ENDPOINTS,
 * UNSPEC-RULE-ENDPOINTS, UNSPEC-SVAC-ENDPOINTS): their schemas describe the records the fixture
 * adapter sets up. The decision procedures live in `rules/jwt.ts`, `rules/matchers.ts` and
 * `rules/urls.ts`.
 */
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { OrganizationId, prefixedId, WorkspaceId } from './common.js';
import { AccessTokenRef } from './vendor-names.js';

type Options = Record<string, unknown>;

/** A `$ref` to a named schema, typed as that schema, with optional sibling annotations. */
const ref = <T extends TSchema>(schema: T, options: Options = {}) =>
  Type.Unsafe<Static<T>>({ ...Type.Ref(schema.$id as string), ...options });

// ---------------------------------------------------------------------------------------------
// Identifier shapes

/** Federation rule identifier: `fdrl_` followed by an opaque string. */
export const FederationRuleId = Type.String({
  ...prefixedId('fdrl_'),
  $id: 'FederationRuleId',
  'x-requirements': ['ID-FEDERATION-RULE-PREFIX', 'ID-OPAQUE'],
});
export type FederationRuleId = Static<typeof FederationRuleId>;

/** Service account identifier: `svac_` followed by an opaque string. */
export const ServiceAccountId = Type.String({
  ...prefixedId('svac_'),
  $id: 'ServiceAccountId',
  'x-requirements': ['ID-SERVICE-ACCOUNT-PREFIX', 'ID-OPAQUE'],
});
export type ServiceAccountId = Static<typeof ServiceAccountId>;

/** Name of an issuer, a federation rule or a service account. */
export const FederationName = Type.String({
  $id: 'FederationName',
  pattern: '^[a-z0-9-]+$',
  minLength: 1,
  maxLength: 255,
  description: 'Name of an issuer, federation rule or service account: `^[a-z0-9-]+$`, 1 to 255 characters.',
  'x-requirements': ['FED-NAME-LIMITS'],
});
export type FederationName = Static<typeof FederationName>;

// ---------------------------------------------------------------------------------------------
// Federation issuer

/** One JSON Web Key (RFC 7517): an open object; `kty` is the one member RFC 7517 makes mandatory. */
export const Jwk = Type.Object(
  {
    kty: Type.String({ description: 'Key type (RFC 7517 section 4.1).' }),
    kid: Type.Optional(
      Type.String({ description: 'Key id; the JWT header `kid` must equal it for the key to be used.' }),
    ),
    use: Type.Optional(Type.String()),
    alg: Type.Optional(Type.String()),
  },
  {
    $id: 'Jwk',
    additionalProperties: true,
    description:
      'A JSON Web Key (RFC 7517); members beyond `kty` depend on the key type. Which members the service requires: not shown (UNSPEC-ISSUER-JWK-MEMBERS).',
    'x-requirements': ['JWKS-INLINE-FIELDS'],
  },
);
export type Jwk = Static<typeof Jwk>;

const caCertPem = Type.Optional(
  Type.String({
    description:
      'PEM certificate of a private certificate authority trusted for the TLS connection of the fetch.',
    'x-requirements': ['JWKS-CA-CERT-PEM'],
  }),
);

/** `jwks.type = discovery` (the default): OpenID Connect discovery. */
export const FederationJwksDiscovery = Type.Object(
  {
    type: Type.Optional(
      Type.Literal('discovery', {
        default: 'discovery',
        description: 'Optional: a `jwks` object without `type` is this variant (UNSPEC-ISSUER-JWKS-OMITTED).',
        'x-requirements': ['ISSUER-JWKS-DEFAULT-DISCOVERY'],
      }),
    ),
    discovery_base: Type.Optional(
      Type.String({
        format: 'uri',
        description:
          'Discovery location when it differs from `issuer_url`; when set, the service fetches `<discovery_base>/.well-known/openid-configuration` and never fetches `issuer_url`.',
        'x-requirements': ['JWKS-DISCOVERY-BASE-OVERRIDES', 'URL-ONLY-FETCHED'],
      }),
    ),
    ca_cert_pem: caCertPem,
  },
  {
    $id: 'FederationJwksDiscovery',
    additionalProperties: false,
    // "The variants are mutually exclusive": a variant holds no other variant's fields.
    'x-closed': true,
    description:
      'The service fetches `<discovery_base or issuer_url>/.well-known/openid-configuration`, reads `jwks_uri` and fetches the key set from there; the key set is cached.',
    'x-requirements': [
      'JWKS-DISCOVERY-FIELDS',
      'JWKS-DISCOVERY-FETCH',
      'KEYCACHE-CACHED',
      'KEYCACHE-ROTATION-DELAY',
    ],
  },
);
export type FederationJwksDiscovery = Static<typeof FederationJwksDiscovery>;

/** `jwks.type = explicit_url`: the key set is fetched directly from `url`. */
export const FederationJwksExplicitUrl = Type.Object(
  {
    type: Type.Literal('explicit_url'),
    url: Type.String({
      format: 'uri',
      description: 'Location of the key set; subject to the URL rules.',
      'x-requirements': ['URL-ONLY-FETCHED'],
    }),
    ca_cert_pem: caCertPem,
  },
  {
    $id: 'FederationJwksExplicitUrl',
    additionalProperties: false,
    // "The variants are mutually exclusive": a variant holds no other variant's fields.
    'x-closed': true,
    description:
      'The service fetches the key set directly from `url` (cached); `issuer_url` is never fetched.',
    'x-requirements': [
      'JWKS-EXPLICIT-URL-FIELDS',
      'JWKS-EXPLICIT-URL-FETCH',
      'KEYCACHE-CACHED',
      'KEYCACHE-ROTATION-DELAY',
    ],
  },
);
export type FederationJwksExplicitUrl = Static<typeof FederationJwksExplicitUrl>;

/** `jwks.type = inline`: the keys are stored in the issuer record. */
export const FederationJwksInline = Type.Object(
  {
    type: Type.Literal('inline'),
    keys: Type.Array(ref(Jwk), {
      description:
        'The `keys` array of a key set (not the `{ "keys": [...] }` wrapper). Rotated keys must be written here by updating the issuer.',
      'x-requirements': ['JWKS-INLINE-FIELDS', 'KEYCACHE-INLINE-UPDATE'],
    }),
  },
  {
    $id: 'FederationJwksInline',
    additionalProperties: false,
    // "The variants are mutually exclusive": a variant holds no other variant's fields.
    'x-closed': true,
    description:
      'No outbound request and no automatic key refresh; `issuer_url` is only compared with the JWT `iss`.',
    'x-requirements': ['JWKS-INLINE-FIELDS', 'JWKS-INLINE-NO-FETCH', 'JWKS-INLINE-NO-REFRESH'],
  },
);
export type FederationJwksInline = Static<typeof FederationJwksInline>;

/** The key-set mode of an issuer, told apart by `type` (default `discovery`); the variants are exclusive. */
export const FederationJwks = Type.Union(
  [ref(FederationJwksDiscovery), ref(FederationJwksExplicitUrl), ref(FederationJwksInline)],
  {
    $id: 'FederationJwks',
    description:
      'Discriminated by `type`; `discovery` is the default and the only variant whose `type` may be omitted. The variants are mutually exclusive.',
    'x-requirements': [
      'ISSUER-JWKS-DISCRIMINATED',
      'ISSUER-JWKS-DEFAULT-DISCOVERY',
      'JWKS-VARIANTS-EXCLUSIVE',
    ],
  },
);
export type FederationJwks = Static<typeof FederationJwks>;

/** A registered external OpenID Connect identity provider. */
export const FederationIssuer = Type.Object(
  {
    name: ref(FederationName, {
      'x-requirements': ['ISSUER-NAME-PATTERN', 'ISSUER-NAME-LENGTH-MIN', 'ISSUER-NAME-LENGTH-MAX'],
    }),
    issuer_url: Type.String({
      format: 'uri',
      description:
        'Compared byte for byte with the JWT `iss`. The URL rules apply only when the service fetches it (discovery mode without `discovery_base`).',
      'x-requirements': [
        'ISSUER-URL-FIELD',
        'ISSUER-URL-STRING-COMPARE',
        'JWT-ISS-EXACT',
        'URL-ISSUER-UNFETCHED-FREE',
      ],
    }),
    jwks: Type.Optional(
      ref(FederationJwks, {
        default: { type: 'discovery' },
        description: 'Key-set mode; defaults to discovery (UNSPEC-ISSUER-JWKS-OMITTED).',
      }),
    ),
  },
  {
    $id: 'FederationIssuer',
    additionalProperties: true,
    description:
      'A federation issuer. Its maximum accepted JWT lifetime (1 hour by default, configurable per issuer) lives in a field whose name is not shown (UNSPEC-ISSUER-MAX-LIFETIME-FIELD); other fields are not shown either (UNSPEC-ISSUER-RECORD-FIELDS), so the object stays open.',
    'x-requirements': ['ISSUER-MAX-LIFETIME-DEFAULT', 'ISSUER-MAX-LIFETIME-CONFIGURABLE'],
  },
);
export type FederationIssuer = Static<typeof FederationIssuer>;

// ---------------------------------------------------------------------------------------------
// Federation rule

/** The scope of the standard endpoints (SCOPE-WORKSPACE-DEVELOPER-GRANTS). */
export const WORKSPACE_DEVELOPER_SCOPE = 'workspace:developer';
/** The scope of the tunnel endpoints, which reaches no documented endpoint (SCOPE-MANAGE-TUNNELS-GRANTS). */
export const MANAGE_TUNNELS_SCOPE = 'org:manage_tunnels';

/** OAuth scope a federation rule grants (`oauth_scope`). */
export const FederationOAuthScope = Type.Union(
  [Type.Literal(WORKSPACE_DEVELOPER_SCOPE), Type.Literal(MANAGE_TUNNELS_SCOPE)],
  {
    $id: 'FederationOAuthScope',
    description: 'The OAuth scopes a federation rule can grant; finer scopes do not exist.',
    'x-requirements': ['RULE-OAUTH-SCOPE-ENUM'],
  },
);
export type FederationOAuthScope = Static<typeof FederationOAuthScope>;

/**
 * Matchers of a rule, combined with AND. At least one of `subject_prefix`, `claims` (non-empty),
 * `condition` is required: expressed as an `anyOf` of required sets, so a match with only
 * `audience`, or none, is invalid.
 */
/** The matcher fields; every populated one must hold (AND). */
const FederationMatchers = Type.Object(
  {
    subject_prefix: Type.Optional(
      Type.String({
        description:
          'Exact match against the JWT `sub`; a trailing `*` turns it into a prefix match (a `*` elsewhere is literal). Case-sensitive.',
        'x-requirements': ['MATCH-SUBJECT-EXACT', 'MATCH-SUBJECT-PREFIX', 'MATCH-SUBJECT-CASE-SENSITIVE'],
      }),
    ),
    audience: Type.Optional(
      Type.String({
        description:
          'The JWT `aud` must contain exactly this string: equal to a string `aud`, or equal to one element of an array `aud`.',
        'x-requirements': ['MATCH-AUDIENCE-STRING', 'MATCH-AUDIENCE-ARRAY'],
      }),
    ),
    claims: Type.Optional(
      Type.Record(Type.String(), Type.String(), {
        description:
          'Top-level claim name to required exact string value. Nested, numeric, boolean, list or map claims need `condition`.',
        'x-requirements': ['MATCH-CLAIMS-EXACT', 'MATCH-CLAIMS-STRING-ONLY'],
      }),
    ),
    condition: Type.Optional(
      Type.String({
        description:
          'CEL expression that must evaluate to true; its one variable, `claims`, is a map of the full decoded claim set (nested objects as nested maps). Validity rules: UNSPEC-RULE-CONDITION-VALIDITY.',
        'x-requirements': ['MATCH-CONDITION-CEL', 'MATCH-CONDITION-TRUE', 'MATCH-CONDITION-VARIABLE'],
      }),
    ),
  },
  { additionalProperties: false },
);

/**
 * `match`: the matcher fields, at least one of `subject_prefix`, `claims` (non-empty) or
 * `condition`. Written as an intersection with a union (not a raw `anyOf` option) so TypeBox's
 * checker, JSON Schema validators and the generated types all say the same.
 */
export const FederationMatch = Type.Intersect(
  [
    FederationMatchers,
    Type.Union([
      Type.Object({ subject_prefix: Type.String() }),
      Type.Object({ claims: Type.Record(Type.String(), Type.String(), { minProperties: 1 }) }),
      Type.Object({ condition: Type.String() }),
    ]),
  ],
  {
    $id: 'FederationMatch',
    description:
      'All populated matchers are combined with AND. At least one of `subject_prefix`, `claims`, `condition` is required; `audience` alone, or no matchers, is rejected. An empty `claims` map does not count (UNSPEC-RULE-EMPTY-MATCHER).',
    'x-requirements': [
      'MATCH-AND',
      'MATCH-AT-LEAST-ONE',
      'MATCH-AUDIENCE-ONLY-REJECTED',
      'MATCH-EMPTY-REJECTED',
      'RULE-MATCH-FIELD',
    ],
  },
);
export type FederationMatch = Static<typeof FederationMatch>;

/** A federation rule: which JWTs may be exchanged for which service account, scope and workspace. */
/** Bounds of a rule's `token_lifetime_seconds` (RULE-LIFETIME-MIN, RULE-LIFETIME-MAX). */
export const RULE_TOKEN_LIFETIME_MIN_SECONDS = 60;
export const RULE_TOKEN_LIFETIME_MAX_SECONDS = 86400;
/** A rule's `token_lifetime_seconds` when it gives none (RULE-LIFETIME-DEFAULT). */
export const RULE_TOKEN_LIFETIME_DEFAULT_SECONDS = 3600;

export const FederationRule = Type.Object(
  {
    name: ref(FederationName, {
      'x-requirements': ['RULE-NAME-PATTERN', 'RULE-NAME-LENGTH-MIN', 'RULE-NAME-LENGTH-MAX'],
    }),
    match: ref(FederationMatch, { 'x-requirements': ['RULE-MATCH-FIELD', 'JWT-MATCH'] }),
    oauth_scope: ref(FederationOAuthScope, {
      'x-requirements': ['RULE-OAUTH-SCOPE-ENUM', 'EXCH-RESPONSE-SCOPE'],
    }),
    workspace_id: Type.Optional(
      ref(WorkspaceId, {
        description:
          'A workspace of the same organization; the target service account must be a member of it; its quota, billing and rate limits apply to tokens minted under the rule. May be omitted for a rule configured for only one workspace.',
        'x-requirements': [
          'RULE-WORKSPACE-ID-OPTIONAL',
          'RULE-WORKSPACE-SAME-ORGANIZATION',
          'RULE-WORKSPACE-SERVICE-ACCOUNT-MEMBER',
          'RULE-WORKSPACE-LIMITS-APPLY',
          'RULE-WORKSPACE-ID-OMITTED-SINGLE',
        ],
      }),
    ),
    token_lifetime_seconds: Type.Optional(
      Type.Integer({
        minimum: RULE_TOKEN_LIFETIME_MIN_SECONDS,
        maximum: RULE_TOKEN_LIFETIME_MAX_SECONDS,
        default: RULE_TOKEN_LIFETIME_DEFAULT_SECONDS,
        description:
          'Lifetime of tokens minted under the rule; values outside 60..86400 are rejected at request time.',
        'x-requirements': [
          'RULE-LIFETIME-INTEGER',
          'RULE-LIFETIME-MIN',
          'RULE-LIFETIME-MAX',
          'RULE-LIFETIME-DEFAULT',
          'RULE-LIFETIME-REJECTED-AT-REQUEST',
        ],
      }),
    ),
  },
  {
    $id: 'FederationRule',
    additionalProperties: true,
    description:
      'A federation rule. Fields beyond those listed (identifier, enabled flag, timestamps, enabled workspaces): not shown (UNSPEC-RULE-FIELDS, UNSPEC-RULE-MULTI-WORKSPACE-FIELD), so the object stays open.',
    'x-requirements': ['RULE-MULTI-WORKSPACE'],
  },
);
export type FederationRule = Static<typeof FederationRule>;

// ---------------------------------------------------------------------------------------------
// Service account

/** The identity a federated token acts as. */
export const ServiceAccount = Type.Object(
  {
    id: ref(ServiceAccountId, { 'x-requirements': ['SVAC-ID'] }),
    name: ref(FederationName, {
      'x-requirements': ['SVAC-NAME-PATTERN', 'SVAC-NAME-LENGTH-MIN', 'SVAC-NAME-LENGTH-MAX'],
    }),
  },
  {
    $id: 'ServiceAccount',
    additionalProperties: true,
    description: 'A service account. Fields beyond `id` and `name`: not shown (UNSPEC-SVAC-FIELDS).',
  },
);
export type ServiceAccount = Static<typeof ServiceAccount>;

// ---------------------------------------------------------------------------------------------
// Token exchange

/** Body of `POST /v1/oauth/token` (JWT-bearer grant, RFC 7523). */
export const TokenExchangeParams = Type.Object(
  {
    grant_type: Type.Literal('urn:ietf:params:oauth:grant-type:jwt-bearer', {
      'x-requirements': ['EXCH-GRANT-TYPE-REQUIRED', 'EXCH-GRANT-TYPE-VALUE'],
    }),
    assertion: Type.String({
      maxLength: 16384,
      description:
        'The JWT from the identity provider, at most 16 KiB. `maxLength` counts characters; the exact bound is 16384 bytes of UTF-8 (rules/jwt.ts, UNSPEC-EXCH-ASSERTION-SIZE-UNIT).',
      'x-requirements': [
        'EXCH-ASSERTION-REQUIRED',
        'EXCH-ASSERTION-STRING',
        'EXCH-ASSERTION-MAX',
        'JWT-SIZE-MAX',
      ],
    }),
    federation_rule_id: ref(FederationRuleId, {
      'x-requirements': ['EXCH-RULE-ID-REQUIRED', 'EXCH-RULE-ID-SHAPE', 'EXCH-ERR-RULE-ID-MALFORMED'],
    }),
    organization_id: ref(OrganizationId, {
      'x-requirements': [
        'EXCH-ORGANIZATION-ID-REQUIRED',
        'EXCH-ORGANIZATION-ID-UUID',
        'ID-ORGANIZATION-UUID',
      ],
    }),
    service_account_id: ref(ServiceAccountId, {
      'x-requirements': ['EXCH-SERVICE-ACCOUNT-ID-REQUIRED', 'EXCH-SERVICE-ACCOUNT-ID-SHAPE'],
    }),
    workspace_id: Type.Optional(
      Type.Union([ref(WorkspaceId), Type.Literal('default')], {
        description:
          "`wrkspc_...`, or `default` for the organization's Default Workspace. Required when the rule is enabled for more than one workspace; when omitted, the rule's sole enabled workspace is chosen.",
        'x-requirements': [
          'EXCH-WORKSPACE-ID-SHAPE',
          'ID-WORKSPACE-PREFIX',
          'ID-WORKSPACE-DEFAULT-LITERAL',
          'EXCH-WORKSPACE-ID-REQUIRED-MULTI',
          'EXCH-WORKSPACE-ID-OMITTED-SOLE',
        ],
      }),
    ),
  },
  {
    $id: 'TokenExchangeParams',
    additionalProperties: false,
    description:
      'JSON body of the token exchange; the assertion is the credential. Rejections of other malformed bodies: UNSPEC-EXCH-OTHER-VALIDATION.',
    'x-requirements': ['EXCH-ENDPOINT', 'EXCH-ERR-FIELD-MISSING'],
  },
);
export type TokenExchangeParams = Static<typeof TokenExchangeParams>;

/** Successful response of the token exchange (RFC 6749 section 5.1 shape). */
export const TokenExchangeResponse = Type.Object(
  {
    access_token: Type.Unsafe<string>({
      ...AccessTokenRef,
      description: 'Short-lived bearer credential.',
      'x-requirements': ['EXCH-RESPONSE-ACCESS-TOKEN', 'ID-ACCESS-TOKEN-PREFIX'],
    }),
    token_type: Type.Literal('Bearer', { 'x-requirements': ['EXCH-RESPONSE-TOKEN-TYPE'] }),
    expires_in: Type.Integer({
      description: 'Seconds until the token expires (UNSPEC-EXCH-EXPIRES-IN-VALUE).',
      'x-requirements': ['EXCH-RESPONSE-EXPIRES-IN'],
    }),
    scope: ref(FederationOAuthScope, {
      description: 'OAuth scope granted by the matched rule.',
      'x-requirements': ['EXCH-RESPONSE-SCOPE'],
    }),
  },
  {
    $id: 'TokenExchangeResponse',
    additionalProperties: false,
    description:
      'The token acts as the service account and is scoped to the workspace chosen at exchange time; switching workspace needs a new exchange.',
    'x-requirements': [
      'EXCH-RESPONSE-SHAPE',
      'FED-TOKEN-ACTS-AS-SERVICE-ACCOUNT',
      'FED-TOKEN-SHORT-LIVED-ONE-WORKSPACE',
      'EXCH-TOKEN-WORKSPACE-FIXED',
    ],
  },
);
export type TokenExchangeResponse = Static<typeof TokenExchangeResponse>;

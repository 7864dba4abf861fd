/**
 * What document 000 leaves "not shown" (or does not state) about identity federation: issuers,
 * federation rules, service accounts, the token exchange and its verification. Nothing here is
 * asserted by the conformance suite; the treatment says what the schemas and the reference server do.
 */
import type { Unspecified } from '../types.js';
import type { Vendor } from '../vendor.js';

const S = {
  issuer: 'Resources and their fields > Federation issuer',
  rule: 'Resources and their fields > Federation rule',
  svac: 'Resources and their fields > Service account',
  profiles: 'Resources and their fields > Client profile files',
  ruleStates: 'States and transitions > Federation rule',
  exchange: 'Endpoints > POST /v1/oauth/token (token exchange)',
  adminEndpoints: 'Endpoints > Issuers, rules, service accounts',
  jwt: 'Authentication > JWT verification at exchange',
  url: 'Authentication > URL validation (issuer_url, jwks.discovery_base, jwks.url)',
  keycache: 'Authentication > Key caching and rotation',
  events: 'Events',
  errors: 'Errors',
} as const;

export function unspecified(_v: Vendor): Unspecified[] {
  const u = (id: string, section: string, what: string, treatment: string): Unspecified => ({
    id,
    doc: 'federation',
    section,
    what,
    treatment,
  });

  return [
    // Issuers
    u(
      'UNSPEC-ISSUER-MAX-LIFETIME-FIELD',
      S.issuer,
      "Name of the field that holds an issuer's maximum JWT lifetime.",
      'The FederationIssuer schema stays open (additional properties allowed) so the field can exist under any name; the JWT rules take the value as `maxLifetimeSeconds` (default 3600) from whoever holds the issuer record (the reference server fixture).',
    ),
    u(
      'UNSPEC-ISSUER-RECORD-FIELDS',
      S.issuer,
      'Fields of an issuer record beyond `name`, `issuer_url` and `jwks` (identifier and its shape, timestamps), and which of the fields are required on creation.',
      'Permissive schema: `name` and `issuer_url` required, `jwks` optional (default discovery), other properties allowed.',
    ),
    u(
      'UNSPEC-ISSUER-JWKS-OMITTED',
      S.issuer,
      'Whether `jwks` itself, or only `jwks.type`, may be omitted ("default type is `discovery`").',
      'Both may be omitted: `jwks` defaults to `{ "type": "discovery" }`, and a `jwks` object without `type` is the discovery variant (its `type` is optional with default `discovery`; the other variants require theirs).',
    ),
    u(
      'UNSPEC-ISSUER-JWK-MEMBERS',
      S.issuer,
      'Which members of a JWK in `jwks.keys` are required or accepted, and whether `keys` may be empty.',
      'Each key is an open object requiring only `kty` (mandatory per RFC 7517 section 4.1); `kid` is needed in practice for any exchange to succeed (JWT-KID-KNOWN). An empty `keys` array is accepted by the schema; every exchange then fails with `invalid_grant`.',
    ),
    u(
      'UNSPEC-FED-KEY-STRENGTH',
      S.jwt,
      "Which keys of an issuer's key set the service trusts: RSA modulus size and public exponent, EC curves and points.",
      'An RSA key needs a modulus of at least 2048 bits and an odd public exponent above 2^16 and below 2^256 (65537); an EC key a point on its named curve (P-256, P-384, P-521) and, when it has an `alg`, the one of its curve (`jwt.checkKeyStrength`). A weak inline key is refused when the issuer is registered or updated (400 `invalid_request_error`); a weak key of a fetched set is left out of it, so a token it signs is one signed by a key not in the set (400 `invalid_grant`, EXCH-ERR-KEY-NOT-IN-SET).',
    ),
    u(
      'UNSPEC-ISSUER-MAX-LIFETIME-RANGE',
      S.issuer,
      "Allowed range of an issuer's configurable maximum JWT lifetime.",
      'The JWT rules accept any positive number of seconds; the reference server fixture uses the default 3600 unless a test configures another value.',
    ),

    // Rules
    u(
      'UNSPEC-RULE-FIELDS',
      S.rule,
      'Fields of a federation rule beyond those listed: identifier, enabled flag, timestamps, the issuer the rule belongs to, and the archive indicator.',
      'Open FederationRule schema. The state key (active or archived) comes from the fixture adapter, which knows whether it archived the rule.',
    ),
    u(
      'UNSPEC-RULE-MULTI-WORKSPACE-FIELD',
      S.rule,
      'How a rule is enabled for more than one workspace (the record has a single optional `workspace_id`).',
      'Fixture-only: the reference server holds the set of enabled workspaces of a rule outside the documented fields; the machine reads it through the guard `workspaceIdMissingForMultiWorkspace`.',
    ),
    u(
      'UNSPEC-RULE-VALIDATION-ERROR',
      S.rule,
      'Status and error type when a rule is rejected (token_lifetime_seconds outside 60..86400, a `match` with only `audience` or no matchers, an invalid `condition`, a bad name).',
      'Rule endpoints are not shown; the reference server fixture answers 400 `invalid_request_error` with the field name as message prefix; the suite asserts only that such a rule is not accepted.',
    ),
    u(
      'UNSPEC-RULE-CONDITION-VALIDITY',
      S.rule,
      'What makes a `condition` invalid, and whether it is checked when the rule is saved or only at exchange.',
      'validateMatch rejects a condition that fails to parse, refers to a variable other than `claims`, or has a static type other than `bool` or `dyn`; at exchange an evaluation error or a non-boolean result is a non-match (400 `invalid_grant`).',
    ),
    u(
      'UNSPEC-RULE-EMPTY-MATCHER',
      S.rule,
      'Whether an empty `claims` map counts as a populated matcher for "at least one of subject_prefix, claims, condition".',
      'An empty `claims` map does not count (it constrains nothing): the schema requires at least one entry in the `claims` branch of the anyOf, and validateMatch agrees.',
    ),
    u(
      'UNSPEC-RULE-TRANSITIONS',
      S.ruleStates,
      'Transitions of a federation rule: how it is archived, whether it can be unarchived, updated or deleted, and what those operations return.',
      'The machine models archival as the fixture happening `rule.archived` (active to archived) and treats archived as terminal; no operation is modelled.',
    ),
    u(
      'UNSPEC-RULE-AUDIENCE-ABSENT',
      S.rule,
      'Whether the JWT `aud` is checked at all when the rule has no `audience` matcher.',
      'Not checked: only populated matchers apply.',
    ),

    // Service accounts
    u(
      'UNSPEC-SVAC-FIELDS',
      S.svac,
      'Fields of a service account beyond `id` and `name`.',
      'Open ServiceAccount schema.',
    ),

    // Endpoints not shown
    u(
      'UNSPEC-FED-ISSUER-ENDPOINTS',
      S.adminEndpoints,
      'Endpoints that create, list, retrieve, update or archive issuers.',
      'None in the endpoint table; issuers are fixtures set up through the conformance adapter.',
    ),
    u(
      'UNSPEC-RULE-ENDPOINTS',
      S.adminEndpoints,
      'Endpoints that create, list, retrieve, update or archive federation rules.',
      'None in the endpoint table; rules are fixtures set up through the conformance adapter.',
    ),
    u(
      'UNSPEC-SVAC-ENDPOINTS',
      S.adminEndpoints,
      'Endpoints that create, list, retrieve, update or archive service accounts.',
      'None in the endpoint table; service accounts are fixtures set up through the conformance adapter.',
    ),
    u(
      'UNSPEC-ISSUER-URL-VALIDATION-ENDPOINT',
      S.url,
      'The request whose URL validation failure returns 400 `invalid_request_error`: it belongs to issuer registration, whose endpoints are not shown.',
      'Not an error of the token exchange; rules/urls.ts builds the error body and the fixture adapter reports it when registering an issuer.',
    ),

    // Exchange
    u(
      'UNSPEC-EXCH-DETAIL-LOCATION',
      S.errors,
      'Where the detail `workspace_id_required` appears in the error body.',
      'The reference server puts it in `error.message`; the suite asserts only status 400 and `error.type` `invalid_request`.',
    ),
    u(
      'UNSPEC-EXCH-REQUEST-ID-LOCATION',
      S.errors,
      'Where the `request_id` exposed by the typed exchange error comes from (response header or body field).',
      'The reference server sends a `request-id` response header; clients take it from there when present, else leave it undefined.',
    ),
    u(
      'UNSPEC-EXCH-OTHER-VALIDATION',
      S.exchange,
      'Status and error type for body validation failures other than a malformed `federation_rule_id` or a missing required field: a wrong `grant_type`, an `assertion` over 16 KiB, a malformed `organization_id`, `service_account_id` or `workspace_id`, a non-JSON body, unknown fields.',
      'The reference server answers 400 `invalid_request` (the type this endpoint uses for malformed requests); the suite asserts only a 4xx with the error body.',
    ),
    u(
      'UNSPEC-EXCH-JWT-CHECK-ERRORS',
      S.jwt,
      'Error for the JWT checks the error table does not list: size, algorithm, missing `kid`, missing `sub`, missing or future `iat`, missing `exp`, `nbf`, lifetime, an undecodable assertion.',
      'The reference server answers 400 `invalid_grant` with the same body as every other `invalid_grant`; the suite asserts only a 400 with the error body.',
    ),
    u(
      'UNSPEC-EXCH-CHECK-ORDER',
      S.errors,
      'The order in which the exchange checks are made when several fail at once.',
      'The reference server checks body shape first (400 `invalid_request`), then rule existence and authorization, issuer, key set, JWT checks and match (all 400 `invalid_grant`, indistinguishable), and only then `workspace_id_required`, so an unauthenticated caller learns nothing about a rule. The suite never sends a request failing two documented checks at once.',
    ),
    u(
      'UNSPEC-EXCH-NOT-AUTHORIZED-MEANING',
      S.errors,
      'What makes a JWT "not authorized" for a rule beyond the listed checks: a JWT from another issuer than the rule’s, a service account that is not a member of the chosen workspace, an `organization_id` other than the rule’s, a `workspace_id` the rule is not enabled for.',
      'The reference server treats each as "not authorized for the rule": 400 `invalid_grant`, same body.',
    ),
    u(
      'UNSPEC-EXCH-EXPIRES-IN-VALUE',
      S.exchange,
      'How `expires_in` relates to the rule’s `token_lifetime_seconds`.',
      'The reference server mints tokens living `token_lifetime_seconds` and reports that as `expires_in`; the suite asserts only a positive integer.',
    ),
    u(
      'UNSPEC-EXCH-ASSERTION-SIZE-UNIT',
      S.exchange,
      'Whether "at most 16 KiB" counts bytes of the UTF-8 encoding or characters.',
      'Bytes of the UTF-8 encoding (16384). The JSON Schema bound is `maxLength` 16384 characters, a looser bound for non-ASCII text; the byte check is rules/jwt.ts `checkJwt`. A JWT in compact form is ASCII, where both agree.',
    ),
    u(
      'UNSPEC-EXCH-TOKEN-FORMAT',
      S.exchange,
      'The format of the access token after its prefix.',
      'Opaque string; clients never parse it.',
    ),

    // JWT
    u(
      'UNSPEC-FED-SKEW-BOUNDARY',
      S.jwt,
      'Whether the instant exactly 30 seconds from now is inside or outside the skew for each time claim ("exp in the future" versus "exp in the past beyond the 30-second skew").',
      'Inclusive for `iat` and `nbf` (`iat <= now + 30`, `nbf <= now + 30` accepted); for `exp` the token must still be valid with the leeway (`exp > now - 30`), so `exp == now - 30` is rejected, as the jose library does. The suite stays at least one second away from these boundaries.',
    ),
    u(
      'UNSPEC-FED-NBF',
      S.jwt,
      'Whether `nbf` is required, and that it is checked at all (the document names it only in the skew row).',
      'Optional; when present it must be a number not later than now + 30 seconds.',
    ),
    u(
      'UNSPEC-FED-CLAIM-TYPES',
      S.jwt,
      'What a claim of the wrong type counts as (a non-string `sub` or `iss`, a non-numeric `iat`, `exp` or `nbf`, a non-string `kid`).',
      'Treated as failing the check of that claim, per RFC 7519 (StringOrURI and NumericDate types); fractional NumericDates are accepted.',
    ),
    u(
      'UNSPEC-FED-UNLISTED-ALGORITHMS',
      S.jwt,
      'Whether algorithms neither accepted nor explicitly rejected (EdDSA, ES256K, ...) are rejected.',
      'Rejected: only the nine listed algorithms are accepted ("only ...").',
    ),
    u(
      'UNSPEC-FED-KEYSET-STALE',
      S.keycache,
      'What makes a cached key set "stale", and how long it is cached.',
      'The reference server refreshes a cached key set after at most one minute (KEYCACHE-ROTATION-DELAY) and treats a key set it could not refresh as stale.',
    ),

    // URLs
    u(
      'UNSPEC-FED-URL-PUBLIC-DEFINITION',
      S.url,
      'Which host names and addresses count as "public".',
      'rules/urls.ts: names must have at least two labels and not be special-use (localhost, .local, .internal, .test, .example, .invalid, .onion, .home.arpa); addresses must lie outside the IANA special-purpose registries (loopback, private, link-local, CGNAT, unique-local, multicast, unspecified, documentation, benchmarking, reserved), IPv4-mapped, NAT64 and 6to4 IPv6 being judged by their embedded IPv4 address.',
    ),
    u(
      'UNSPEC-FED-URL-RESOLUTION-FAILURE',
      S.url,
      'What happens when a fetched host does not resolve or resolves to no address.',
      'Rejected like a non-public host: 400 `invalid_request_error`, message prefixed with the field name.',
    ),
    u(
      'UNSPEC-FED-URL-OTHER-PARTS',
      S.url,
      'Whether a query or a fragment are allowed in a fetched URL.',
      'Allowed; only scheme, port, user information (UNSPEC-FED-URL-USERINFO) and host are checked.',
    ),
    u(
      'UNSPEC-FED-URL-USERINFO',
      S.url,
      "Whether a fetched URL (`issuer_url`, `jwks.discovery_base`, `jwks.url`, and a discovery document's `jwks_uri`) may carry user information (`https://user:password@host/`).",
      'Refused like a URL failing the documented rules (rules/urls.ts `validateFetchUrl`, rejection `userinfo`): 400 `invalid_request_error`, the message prefixed with the field name; a `jwks_uri` carrying it is a failed key-set fetch (400 `invalid_grant`). The service would send the user information to the host as credentials and keep it in the issuer record, and `https://idp.example.com@other.example/` names another host than it seems to. An empty user information (`https://@host/`) is no user information.',
    ),
    u(
      'UNSPEC-FED-JWKS-URI-VALIDATION',
      S.url,
      'Whether the `jwks_uri` read from the discovery document is subject to the same URL rules.',
      'The reference server applies the same rules before fetching it and treats a failure as a failed key-set fetch (400 `invalid_grant`).',
    ),

    // Other
    u('UNSPEC-FED-EVENTS', S.events, 'Events or webhooks for federation.', 'None modelled.'),
    u(
      'UNSPEC-FED-IDENTITY-TOKEN-SOURCES',
      S.profiles,
      'Identity token sources other than `file` in a profile’s `authentication.identity_token`.',
      'Only `file` is modelled; other sources are left to the credentials family’s permissive schema.',
    ),
  ];
}

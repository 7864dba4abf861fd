/**
 * Requirement catalog of workload identity federation (document 000): identifier shapes, the
 * federation issuer and its key-set modes, federation rules and their matchers, service accounts,
 * the token exchange (`POST /v1/oauth/token`) with its error table, JWT verification at exchange,
 * URL validation of fetched issuer URLs, key caching and rotation, and the limits of these.
 *
 * Id prefixes of this family: `ID-`, `ISSUER-`, `JWKS-`, `RULE-`, `MATCH-`, `SVAC-`, `EXCH-`,
 * `JWT-`, `URL-`, `KEYCACHE-`, `FED-`.
 */
import type { Requirement } from '../types.js';
import type { Vendor } from '../vendor.js';
import { requirementsOf } from './define.js';

const S = {
  does: 'What the service does',
  ids: 'Resources and their fields > Identifier shapes',
  issuer: 'Resources and their fields > Federation issuer',
  rule: 'Resources and their fields > Federation rule',
  svac: 'Resources and their fields > Service account',
  ruleStates: 'States and transitions > Federation rule',
  exchange: 'Endpoints > POST /v1/oauth/token (token exchange)',
  jwt: 'Authentication > JWT verification at exchange',
  url: 'Authentication > URL validation (issuer_url, jwks.discovery_base, jwks.url)',
  keycache: 'Authentication > Key caching and rotation',
  errors: 'Errors',
  limits: 'Limits',
} as const;

export function requirements(v: Vendor): Requirement[] {
  const r = requirementsOf('federation');

  return [
    // What the service does
    r(
      'FED-EXCHANGE-VERIFIES',
      S.does,
      'The token exchange verifies the presented external OIDC JWT against a registered issuer and a federation rule before returning an access token.',
      'fixture',
    ),
    r(
      'FED-TOKEN-ACTS-AS-SERVICE-ACCOUNT',
      S.does,
      'The access token returned by the exchange acts as the service account named in the request.',
      'fixture',
    ),
    r(
      'FED-TOKEN-SHORT-LIVED-ONE-WORKSPACE',
      S.does,
      'The access token returned by the exchange is short-lived and scoped to exactly one workspace.',
      'fixture',
    ),

    // Identifier shapes
    r(
      'ID-FEDERATION-RULE-PREFIX',
      S.ids,
      'A federation rule identifier is `fdrl_` followed by an opaque string.',
      'http',
    ),
    r(
      'ID-SERVICE-ACCOUNT-PREFIX',
      S.ids,
      'A service account identifier is `svac_` followed by an opaque string.',
      'http',
    ),
    r(
      'ID-WORKSPACE-PREFIX',
      S.ids,
      'A workspace identifier is `wrkspc_` followed by an opaque string.',
      'http',
    ),
    r(
      'ID-WORKSPACE-DEFAULT-LITERAL',
      S.ids,
      "The token exchange accepts the literal `default` as workspace identifier, meaning the organization's Default Workspace.",
      'fixture',
    ),
    r('ID-ORGANIZATION-UUID', S.ids, 'An organization identifier is a UUID.', 'http'),
    r(
      'ID-ACCESS-TOKEN-PREFIX',
      S.ids,
      `An access token issued by the exchange starts with \`${v.prefixes.accessToken}\`.`,
      'fixture',
    ),
    r(
      'ID-ADMIN-KEY-PREFIX',
      S.ids,
      `An admin API key starts with \`${v.prefixes.adminKey}\`.`,
      'untestable',
      'informative',
    ),
    r(
      'ID-OPAQUE',
      S.ids,
      'Length and format of the opaque part of an identifier may change; clients treat identifiers as opaque strings and never parse that part.',
      'client',
    ),

    // Federation issuer
    r('ISSUER-NAME-PATTERN', S.issuer, 'An issuer `name` matches `^[a-z0-9-]+$`.', 'fixture'),
    r('ISSUER-NAME-LENGTH-MIN', S.issuer, 'An issuer `name` is at least 1 character long.', 'fixture'),
    r('ISSUER-NAME-LENGTH-MAX', S.issuer, 'An issuer `name` is at most 255 characters long.', 'fixture'),
    r('ISSUER-URL-FIELD', S.issuer, 'An issuer has an `issuer_url`, a URL string.', 'fixture'),
    r(
      'ISSUER-URL-STRING-COMPARE',
      S.issuer,
      'When the service does not fetch `issuer_url` itself, the URL rules do not apply to it and it is only compared as a string with the JWT `iss` claim.',
      'fixture',
    ),
    r(
      'ISSUER-JWKS-DISCRIMINATED',
      S.issuer,
      'An issuer `jwks` object is discriminated by its `type`.',
      'fixture',
    ),
    r('ISSUER-JWKS-DEFAULT-DISCOVERY', S.issuer, 'The default `jwks.type` is `discovery`.', 'fixture'),
    r(
      'ISSUER-MAX-LIFETIME-DEFAULT',
      S.issuer,
      'The maximum token lifetime accepted from an issuer is 1 hour (3600 seconds) unless configured otherwise.',
      'fixture',
    ),
    r(
      'ISSUER-MAX-LIFETIME-CONFIGURABLE',
      S.issuer,
      'The maximum token lifetime accepted from an issuer is configurable per issuer.',
      'fixture',
    ),

    // jwks variants
    r(
      'JWKS-DISCOVERY-FIELDS',
      S.issuer,
      'The `discovery` variant has an optional `discovery_base` URL and an optional `ca_cert_pem` string, and no other fields.',
      'fixture',
    ),
    r(
      'JWKS-DISCOVERY-FETCH',
      S.issuer,
      'In `discovery` mode the service fetches `<discovery_base or issuer_url>/.well-known/openid-configuration`, reads `jwks_uri` from it and fetches the key set from there.',
      'fixture',
    ),
    r(
      'JWKS-DISCOVERY-BASE-OVERRIDES',
      S.issuer,
      'In `discovery` mode a set `discovery_base` replaces `issuer_url` as the discovery location, so `issuer_url` is not fetched.',
      'fixture',
    ),
    r(
      'JWKS-CA-CERT-PEM',
      S.issuer,
      '`ca_cert_pem` (discovery and explicit_url modes) is a PEM string used to trust a private certificate authority for the TLS connection of the fetch.',
      'fixture',
    ),
    r(
      'JWKS-EXPLICIT-URL-FIELDS',
      S.issuer,
      'The `explicit_url` variant has a required `url` and an optional `ca_cert_pem` string, and no other fields.',
      'fixture',
    ),
    r(
      'JWKS-EXPLICIT-URL-FETCH',
      S.issuer,
      'In `explicit_url` mode the service fetches the key set directly from `url` and never fetches `issuer_url`.',
      'fixture',
    ),
    r(
      'JWKS-INLINE-FIELDS',
      S.issuer,
      'The `inline` variant has `keys`, an array of JWK objects (the `keys` array of a key set, not the wrapper object), and no other fields.',
      'fixture',
    ),
    r(
      'JWKS-INLINE-NO-FETCH',
      S.issuer,
      'In `inline` mode the service makes no outbound request; `issuer_url` is only compared with `iss`.',
      'fixture',
    ),
    r('JWKS-INLINE-NO-REFRESH', S.issuer, 'In `inline` mode there is no automatic key refresh.', 'fixture'),
    r(
      'JWKS-VARIANTS-EXCLUSIVE',
      S.issuer,
      'The `jwks` variants are mutually exclusive: a `jwks` object is exactly one of them, with only that variant’s fields.',
      'fixture',
    ),

    // Federation rule
    r('RULE-NAME-PATTERN', S.rule, 'A federation rule `name` matches `^[a-z0-9-]+$`.', 'fixture'),
    r('RULE-NAME-LENGTH-MIN', S.rule, 'A federation rule `name` is at least 1 character long.', 'fixture'),
    r('RULE-NAME-LENGTH-MAX', S.rule, 'A federation rule `name` is at most 255 characters long.', 'fixture'),
    r('RULE-MATCH-FIELD', S.rule, 'A federation rule has a `match` object holding its matchers.', 'fixture'),
    r(
      'RULE-OAUTH-SCOPE-ENUM',
      S.rule,
      'A federation rule `oauth_scope` is `workspace:developer` or `org:manage_tunnels`.',
      'fixture',
    ),
    // Reclassified: a rule record is never read back and rules are registered through the adapter, which
    // names the rule's workspaces its own way (UNSPEC-RULE-ENDPOINTS, UNSPEC-RULE-MULTI-WORKSPACE-FIELD);
    // the behaviour the optional field allows is RULE-WORKSPACE-ID-OMITTED-SINGLE.
    r(
      'RULE-WORKSPACE-ID-OPTIONAL',
      S.rule,
      'A federation rule `workspace_id` is an optional string.',
      'untestable',
    ),
    r(
      'RULE-WORKSPACE-SAME-ORGANIZATION',
      S.rule,
      'The `workspace_id` of a rule names a workspace in the same organization as the rule.',
      'fixture',
    ),
    r(
      'RULE-WORKSPACE-SERVICE-ACCOUNT-MEMBER',
      S.rule,
      'The target service account must be a member of the workspace of the rule.',
      'fixture',
    ),
    r(
      'RULE-WORKSPACE-LIMITS-APPLY',
      S.rule,
      "Quota, billing and rate limits of the rule's workspace apply to tokens minted under the rule.",
      'fixture',
    ),
    r(
      'RULE-WORKSPACE-ID-OMITTED-SINGLE',
      S.rule,
      '`workspace_id` may be omitted for a rule configured for only one workspace.',
      'fixture',
    ),
    r('RULE-MULTI-WORKSPACE', S.rule, 'A rule can be enabled for more than one workspace.', 'fixture'),
    r('RULE-LIFETIME-INTEGER', S.rule, '`token_lifetime_seconds` is an integer.', 'fixture'),
    r(
      'RULE-LIFETIME-MIN',
      S.rule,
      '`token_lifetime_seconds` is at least 60 (60 is accepted, 59 is not).',
      'fixture',
    ),
    r(
      'RULE-LIFETIME-MAX',
      S.rule,
      '`token_lifetime_seconds` is at most 86400 (86400 is accepted, 86401 is not).',
      'fixture',
    ),
    r('RULE-LIFETIME-DEFAULT', S.rule, '`token_lifetime_seconds` defaults to 3600.', 'fixture'),
    r(
      'RULE-LIFETIME-REJECTED-AT-REQUEST',
      S.rule,
      '`token_lifetime_seconds` values outside 60..86400 are rejected at request time, not clamped.',
      'fixture',
    ),
    r('RULE-STATES', S.ruleStates, 'A federation rule either exists (active) or is archived.', 'fixture'),
    r(
      'RULE-ARCHIVED-NONEXISTENT',
      S.ruleStates,
      'At exchange an archived rule is treated as nonexistent: the exchange fails with 400 `invalid_grant`.',
      'fixture',
    ),

    // Matchers
    r(
      'MATCH-SUBJECT-EXACT',
      S.rule,
      '`subject_prefix` without a trailing `*` must equal the JWT `sub` exactly.',
      'fixture',
    ),
    r(
      'MATCH-SUBJECT-PREFIX',
      S.rule,
      '`subject_prefix` ending in `*` is a prefix match: the JWT `sub` must start with the text before that `*`; a `*` elsewhere is a literal character.',
      'fixture',
    ),
    r('MATCH-SUBJECT-CASE-SENSITIVE', S.rule, '`subject_prefix` matching is case-sensitive.', 'fixture'),
    r('MATCH-AUDIENCE-STRING', S.rule, '`audience`: a string JWT `aud` must equal it exactly.', 'fixture'),
    r(
      'MATCH-AUDIENCE-ARRAY',
      S.rule,
      '`audience`: when the JWT `aud` is an array, any element equal to it satisfies the check.',
      'fixture',
    ),
    r(
      'MATCH-CLAIMS-EXACT',
      S.rule,
      '`claims`: every key names a top-level claim whose value must be exactly the given string.',
      'fixture',
    ),
    r(
      'MATCH-CLAIMS-STRING-ONLY',
      S.rule,
      '`claims` values are strings; a nested, numeric, boolean, list or map claim never satisfies `claims` and needs `condition`.',
      'fixture',
    ),
    r(
      'MATCH-CONDITION-CEL',
      S.rule,
      '`condition` is a CEL (Common Expression Language) expression string.',
      'fixture',
    ),
    r('MATCH-CONDITION-TRUE', S.rule, '`condition` is satisfied only when it evaluates to true.', 'fixture'),
    r(
      'MATCH-CONDITION-VARIABLE',
      S.rule,
      '`condition` has exactly one variable, `claims`, a map of the full decoded claim set with nested objects as nested maps.',
      'fixture',
    ),
    r('MATCH-AND', S.rule, 'All populated matchers are combined with AND.', 'fixture'),
    r(
      'MATCH-AT-LEAST-ONE',
      S.rule,
      'A `match` needs at least one of `subject_prefix`, `claims`, `condition`.',
      'fixture',
    ),
    r('MATCH-AUDIENCE-ONLY-REJECTED', S.rule, 'A `match` with only `audience` is rejected.', 'fixture'),
    r('MATCH-EMPTY-REJECTED', S.rule, 'A `match` with no matchers is rejected.', 'fixture'),

    // Service account
    r('SVAC-ID', S.svac, 'A service account is identified by `id` (`svac_...`).', 'fixture'),
    r('SVAC-NAME-PATTERN', S.svac, 'A service account `name` matches `^[a-z0-9-]+$`.', 'fixture'),
    r('SVAC-NAME-LENGTH-MIN', S.svac, 'A service account `name` is at least 1 character long.', 'fixture'),
    r('SVAC-NAME-LENGTH-MAX', S.svac, 'A service account `name` is at most 255 characters long.', 'fixture'),

    // Token exchange request
    r(
      'EXCH-ENDPOINT',
      S.exchange,
      'The token exchange is `POST /v1/oauth/token` with a JSON body using the JWT-bearer grant of RFC 7523; the assertion itself is the credential (no API key or bearer token).',
      'http',
    ),
    r('EXCH-GRANT-TYPE-REQUIRED', S.exchange, '`grant_type` is required.', 'http'),
    r(
      'EXCH-GRANT-TYPE-VALUE',
      S.exchange,
      '`grant_type` is always `urn:ietf:params:oauth:grant-type:jwt-bearer`.',
      'http',
    ),
    r('EXCH-ASSERTION-REQUIRED', S.exchange, '`assertion` is required.', 'http'),
    r(
      'EXCH-ASSERTION-STRING',
      S.exchange,
      '`assertion` is a string: the JWT from the identity provider.',
      'http',
    ),
    r('EXCH-ASSERTION-MAX', S.exchange, '`assertion` is at most 16 KiB (16384 bytes).', 'http'),
    r('EXCH-RULE-ID-REQUIRED', S.exchange, '`federation_rule_id` is required.', 'http'),
    r('EXCH-RULE-ID-SHAPE', S.exchange, '`federation_rule_id` is a string `fdrl_...`.', 'http'),
    r('EXCH-ORGANIZATION-ID-REQUIRED', S.exchange, '`organization_id` is required.', 'http'),
    r('EXCH-ORGANIZATION-ID-UUID', S.exchange, '`organization_id` is a UUID string.', 'http'),
    r('EXCH-SERVICE-ACCOUNT-ID-REQUIRED', S.exchange, '`service_account_id` is required.', 'http'),
    r('EXCH-SERVICE-ACCOUNT-ID-SHAPE', S.exchange, '`service_account_id` is a string `svac_...`.', 'http'),
    r(
      'EXCH-WORKSPACE-ID-SHAPE',
      S.exchange,
      '`workspace_id` is a string `wrkspc_...` or the literal `default`.',
      'http',
    ),
    r(
      'EXCH-WORKSPACE-ID-REQUIRED-MULTI',
      S.exchange,
      '`workspace_id` is required when the rule is enabled for more than one workspace.',
      'fixture',
    ),
    r(
      'EXCH-WORKSPACE-ID-OMITTED-SOLE',
      S.exchange,
      "When `workspace_id` is omitted, the rule's sole enabled workspace is chosen.",
      'fixture',
    ),

    // Token exchange response
    r(
      'EXCH-RESPONSE-SHAPE',
      S.exchange,
      'A successful exchange answers with the RFC 6749 section 5.1 shape (HTTP 200, JSON) holding exactly `access_token`, `token_type`, `expires_in` and `scope`.',
      'fixture',
    ),
    r(
      'EXCH-RESPONSE-ACCESS-TOKEN',
      S.exchange,
      `\`access_token\` is a short-lived string with prefix \`${v.prefixes.accessToken}\`, used as a bearer credential (\`Authorization: Bearer\`).`,
      'fixture',
    ),
    r('EXCH-RESPONSE-TOKEN-TYPE', S.exchange, '`token_type` is always `Bearer`.', 'fixture'),
    r(
      'EXCH-RESPONSE-EXPIRES-IN',
      S.exchange,
      '`expires_in` is an integer number of seconds until expiry.',
      'fixture',
    ),
    r(
      'EXCH-RESPONSE-SCOPE',
      S.exchange,
      '`scope` is the OAuth scope granted by the matched rule.',
      'fixture',
    ),
    r(
      'EXCH-TOKEN-WORKSPACE-FIXED',
      S.exchange,
      'The token is scoped to the workspace chosen at exchange time; switching workspace requires a new exchange.',
      'fixture',
    ),

    // Exchange errors
    r('EXCH-ERROR-BODY', S.errors, 'Exchange errors use the standard error body of the service.', 'http'),
    r(
      'EXCH-ERROR-CLIENT-WRAP',
      S.errors,
      'The client wraps an exchange error in a typed exchange error exposing the HTTP status, the body and `request_id`.',
      'client',
    ),
    r(
      'EXCH-ERR-RULE-ID-MALFORMED',
      S.errors,
      'A malformed `federation_rule_id` gives 400 `invalid_request`.',
      'http',
    ),
    r(
      'EXCH-ERR-FIELD-MISSING',
      S.errors,
      'A missing required body field gives 400 `invalid_request`.',
      'http',
    ),
    r(
      'EXCH-ERR-WORKSPACE-ID-REQUIRED',
      S.errors,
      'A rule enabled for more than one workspace with `workspace_id` omitted gives 400 `invalid_request` with detail `workspace_id_required`.',
      'fixture',
    ),
    r(
      'EXCH-ERR-ISS-MISMATCH',
      S.errors,
      'A JWT whose `iss` differs from the registered `issuer_url` gives 400 `invalid_grant`.',
      'fixture',
    ),
    r(
      'EXCH-ERR-KEYSET-FETCH-FAILED',
      S.errors,
      'A failed key-set fetch gives 400 `invalid_grant`.',
      'fixture',
    ),
    r('EXCH-ERR-KEYSET-STALE', S.errors, 'A stale key set gives 400 `invalid_grant`.', 'fixture'),
    r(
      'EXCH-ERR-KEY-NOT-IN-SET',
      S.errors,
      'A JWT signed by a key not in the key set gives 400 `invalid_grant`.',
      'fixture',
    ),
    r(
      'EXCH-ERR-EXPIRED',
      S.errors,
      'A JWT whose `exp` is in the past beyond the 30-second skew gives 400 `invalid_grant`.',
      'fixture',
    ),
    r(
      'EXCH-ERR-MATCH-FAILED',
      S.errors,
      "A verified JWT whose claims do not satisfy the rule's `match` gives 400 `invalid_grant`.",
      'fixture',
    ),
    r('EXCH-ERR-RULE-NOT-FOUND', S.errors, 'A rule that does not exist gives 400 `invalid_grant`.', 'http'),
    r('EXCH-ERR-RULE-ARCHIVED', S.errors, 'An archived rule gives 400 `invalid_grant`.', 'fixture'),
    r(
      'EXCH-ERR-NOT-AUTHORIZED',
      S.errors,
      'A JWT not authorized for the rule gives 400 `invalid_grant`.',
      'fixture',
    ),
    r(
      'EXCH-ERR-GRANT-MERGED',
      S.errors,
      'Rule not found, rule archived and JWT not authorized for the rule are deliberately indistinguishable (same status and body) to prevent enumeration.',
      'fixture',
    ),
    r(
      'EXCH-ERR-GRANT-CAUSE-HIDDEN',
      S.errors,
      'Every `invalid_grant` failure is HTTP 400 and the response does not expose the specific cause.',
      'fixture',
    ),

    // JWT verification
    r(
      'JWT-SIZE-MAX',
      S.jwt,
      'A JWT larger than 16 KiB (16384 bytes) is rejected; exactly 16384 bytes is accepted.',
      'fixture',
    ),
    r(
      'JWT-ALG-ACCEPTED',
      S.jwt,
      'Only the algorithms ES256, ES384, ES512, RS256, RS384, RS512, PS256, PS384 and PS512 are accepted.',
      'fixture',
    ),
    r('JWT-ALG-HMAC-REJECTED', S.jwt, 'The algorithms HS256, HS384 and HS512 are rejected.', 'fixture'),
    r('JWT-ALG-NONE-REJECTED', S.jwt, 'The algorithm `none` is rejected.', 'fixture'),
    r('JWT-KID-REQUIRED', S.jwt, 'The JWT header must carry a `kid`.', 'fixture'),
    r('JWT-KID-KNOWN', S.jwt, "The header `kid` must match a key in the issuer's key set.", 'fixture'),
    r('JWT-SIGNATURE', S.jwt, 'The JWT must be signed by the key of the key set its `kid` names.', 'fixture'),
    r('JWT-SUB-REQUIRED', S.jwt, 'The `sub` claim must be present.', 'fixture'),
    r('JWT-IAT-REQUIRED', S.jwt, 'The `iat` claim must be present.', 'fixture'),
    r(
      'JWT-IAT-NOT-FUTURE',
      S.jwt,
      '`iat` must not be in the future beyond the skew: `iat <= now + 30` is accepted, `iat > now + 30` rejected.',
      'fixture',
    ),
    r('JWT-EXP-REQUIRED', S.jwt, 'The `exp` claim must be present.', 'fixture'),
    r(
      'JWT-EXP-FUTURE',
      S.jwt,
      '`exp` must be in the future within the skew: `exp > now - 30` is accepted, an `exp` further in the past rejected.',
      'fixture',
    ),
    r(
      'JWT-NBF-SKEW',
      S.jwt,
      'When `nbf` is present, `nbf <= now + 30` is accepted and a later `nbf` rejected.',
      'fixture',
    ),
    r('JWT-SKEW-30S', S.jwt, 'The clock-skew leeway on `exp`, `nbf` and `iat` is 30 seconds.', 'fixture'),
    r(
      'JWT-LIFETIME-MAX',
      S.jwt,
      "`exp - iat` must not exceed the issuer's configured maximum lifetime: equal is accepted, one second more is rejected.",
      'fixture',
    ),
    r(
      'JWT-LIFETIME-DEFAULT',
      S.jwt,
      'Without a configured maximum the JWT lifetime bound is 1 hour (3600 seconds).',
      'fixture',
    ),
    r(
      'JWT-ISS-EXACT',
      S.jwt,
      '`iss` must equal the registered `issuer_url` exactly, byte for byte, including scheme, port and trailing slash.',
      'fixture',
    ),
    r('JWT-MATCH', S.jwt, "The JWT claims must satisfy the rule's `match`.", 'fixture'),

    // URL validation
    r('URL-HTTPS', S.url, 'A fetched URL must use the `https` scheme.', 'fixture'),
    r('URL-PORT-443', S.url, 'A fetched URL must use port 443, explicit or by default.', 'fixture'),
    r('URL-IP-LITERAL-REJECTED', S.url, 'A fetched URL whose host is an IP literal is rejected.', 'fixture'),
    r('URL-PUBLIC-DNS-NAME', S.url, 'The host of a fetched URL must be a public DNS name.', 'fixture'),
    r(
      'URL-PUBLIC-ADDRESSES',
      S.url,
      'The host of a fetched URL must resolve only to public addresses.',
      'fixture',
    ),
    r(
      'URL-ONLY-FETCHED',
      S.url,
      'URL constraints apply only to URLs the service fetches (`issuer_url` in discovery mode without `discovery_base`, `jwks.discovery_base`, `jwks.url`).',
      'fixture',
    ),
    r(
      'URL-ISSUER-UNFETCHED-FREE',
      S.url,
      'In `explicit_url` and `inline` modes, and in `discovery` mode with `discovery_base` set, `issuer_url` is never fetched and may be an internal host or use a non-standard port.',
      'fixture',
    ),
    r('URL-ERROR-400', S.url, 'A URL validation failure returns 400 `invalid_request_error`.', 'fixture'),
    r(
      'URL-ERROR-FIELD-PREFIX',
      S.url,
      'The message of a URL validation failure starts with the name of the failing field.',
      'fixture',
    ),

    // Key caching and rotation
    r(
      'KEYCACHE-CACHED',
      S.keycache,
      'In `discovery` and `explicit_url` modes the fetched key set is cached.',
      'fixture',
    ),
    r(
      'KEYCACHE-ROTATION-DELAY',
      S.keycache,
      'After a key rotation, tokens signed with the new key may fail for up to one minute; the cached key set is refreshed within one minute.',
      'fixture',
    ),
    r(
      'KEYCACHE-PUBLISH-EARLY',
      S.keycache,
      'An issuer should publish a new key at least 15 minutes before signing with it.',
      'untestable',
      'should',
    ),
    r(
      'KEYCACHE-KEEP-OLD-KEY',
      S.keycache,
      'An issuer should keep an old key published until the tokens it signed have expired.',
      'untestable',
      'should',
    ),
    r(
      'KEYCACHE-INLINE-UPDATE',
      S.keycache,
      'In `inline` mode the issuer record must be updated with rotated keys, otherwise every exchange with tokens signed by the new keys fails.',
      'fixture',
    ),

    // Limits (those not already covered above)
    r(
      'FED-NAME-LIMITS',
      S.limits,
      'Issuer, rule and service account names are 1 to 255 characters of `^[a-z0-9-]+$`.',
      'fixture',
    ),
  ];
}

/**
 * Requirements of credentials on the wire, OAuth scopes, workspace scoping of keys and tokens,
 * versioning (path prefix, version header, beta header) and the error body (document 000
 * "Authentication > Credentials", "Authentication > OAuth scopes", "Versioning", "Errors";
 * document 001 "Authentication", "Versioning"). Implemented by `rules/access.ts` and
 * `resources/versioning.ts`.
 */
import { BETA_IDENTIFIERS } from '../resources/versioning.js';
import type { Requirement } from '../types.js';
import type { Vendor } from '../vendor.js';
import { requirementsOf } from './define.js';

const CREDENTIALS = 'Authentication > Credentials';
const SCOPES = 'Authentication > OAuth scopes';
const VERSIONING = 'Versioning';
const ERRORS = 'Errors';

const r = requirementsOf('federation');

export function requirements(v: Vendor): Requirement[] {
  const betas = BETA_IDENTIFIERS.filter((b) => b !== 'dreaming-2026-04-21');
  return [
    // Identifier shapes, workspace scoping
    r(
      'AUTH-ADMIN-KEY-PREFIX',
      'Resources and their fields > Identifier shapes',
      `Admin API keys start with \`${v.prefixes.adminKey}\`.`,
      'fixture',
    ),
    r(
      'AUTH-ACCESS-TOKEN-PREFIX',
      'Resources and their fields > Identifier shapes',
      `Access tokens issued by the token exchange start with \`${v.prefixes.accessToken}\`.`,
      'fixture',
    ),
    r(
      'AUTH-KEY-ONE-WORKSPACE',
      'Resources and their fields > Workspace',
      "An API key is scoped to a single workspace and reaches only that workspace's resources.",
      'fixture',
    ),
    r(
      'AUTH-WORKSPACE-SCOPED-RESOURCES',
      'Resources and their fields > Workspace',
      'Files, message batches and skills are workspace-scoped.',
      'fixture',
    ),
    r(
      'AUTH-PROMPT-CACHE-PER-WORKSPACE',
      'Resources and their fields > Workspace',
      'Prompt caches are isolated per workspace.',
      'untestable',
    ),
    r(
      'AUTH-TOKEN-ONE-WORKSPACE',
      'Endpoints > POST /v1/oauth/token (token exchange)',
      'An access token is scoped to the workspace chosen at exchange time; switching workspace requires a new exchange.',
      'fixture',
    ),
    r(
      'AUTH-ENDPOINTS-USE-HEADERS',
      'Endpoints',
      'Every endpoint uses the credential headers of Authentication and the version headers of Versioning.',
      'http',
    ),

    // Credentials
    r(
      'AUTH-WORKSPACE-KEY-HEADER',
      CREDENTIALS,
      'A workspace-scoped API key is sent in the `x-api-key` header.',
      'fixture',
    ),
    r(
      'AUTH-WORKSPACE-KEY-STANDARD-ENDPOINTS',
      CREDENTIALS,
      'A workspace-scoped API key is used for the standard endpoints in its workspace.',
      'fixture',
    ),
    r('AUTH-ADMIN-KEY-HEADER', CREDENTIALS, 'An admin API key is sent in the `x-api-key` header.', 'fixture'),
    r(
      'AUTH-ADMIN-KEY-ORGANIZATION-ENDPOINTS',
      CREDENTIALS,
      'An admin API key is the credential of every `/v1/organizations/...` endpoint.',
      'fixture',
    ),
    r(
      'AUTH-ADMIN-KEY-PROVISION-ADMINS',
      CREDENTIALS,
      'Only organization members with the admin role can provision an admin API key.',
      'untestable',
    ),
    r(
      'AUTH-ADMIN-KEY-NO-INDIVIDUAL-ACCOUNTS',
      CREDENTIALS,
      'Admin API keys are unavailable to individual accounts; an organization must be set up first.',
      'untestable',
    ),
    r(
      'AUTH-ACCESS-TOKEN-BEARER',
      CREDENTIALS,
      'An access token from the exchange is sent as `Authorization: Bearer <ACCESS_TOKEN>`.',
      'fixture',
    ),
    r(
      'AUTH-ACCESS-TOKEN-STANDARD-IN-SCOPE',
      CREDENTIALS,
      'An access token is used for the standard endpoints within its scope.',
      'fixture',
    ),
    r(
      'AUTH-STANDARD-ENDPOINT-CREDENTIALS',
      'Authentication',
      'Standard endpoints accept a workspace API key in `x-api-key` or an access token as a bearer credential.',
      'fixture',
      'must',
      'messages',
    ),
    r(
      'AUTH-KEY-WORKSPACE-BATCHES-FILES-SKILLS',
      'Authentication',
      "Batches, files and skills are scoped to the key's workspace.",
      'fixture',
      'must',
      'messages',
    ),
    r(
      'AUTH-BILLING-DREAMS-STANDARD-RATES',
      'Authentication',
      'Dreams are billed at standard token rates for the chosen model; exact totals are in `usage`.',
      'untestable',
      'informative',
      'messages',
    ),
    r(
      'AUTH-BILLING-BATCHES-HALF-PRICE',
      'Authentication',
      'Batches are billed at 50% of standard prices.',
      'untestable',
      'informative',
      'messages',
    ),

    // OAuth scopes
    r(
      'SCOPE-VALUES',
      SCOPES,
      'The OAuth scopes are `workspace:developer` and `org:manage_tunnels`.',
      'fixture',
    ),
    r(
      'SCOPE-WORKSPACE-DEVELOPER-GRANTS',
      SCOPES,
      '`workspace:developer` grants the non-administrative API endpoints: messages (including streaming and token counting), models, managed agents and their sessions, files, skills.',
      'fixture',
    ),
    r(
      'SCOPE-WORKSPACE-DEVELOPER-RULE-WORKSPACE',
      SCOPES,
      "`workspace:developer` grants access only in the rule's workspace.",
      'fixture',
    ),
    r(
      'SCOPE-WORKSPACE-DEVELOPER-SAME-AS-KEY',
      SCOPES,
      '`workspace:developer` gives the same access as an API key of that workspace.',
      'fixture',
    ),
    r(
      'SCOPE-WORKSPACE-DEVELOPER-NOT-ADMINISTRATIVE',
      SCOPES,
      '`workspace:developer` does not grant administrative endpoints.',
      'fixture',
    ),
    r(
      'SCOPE-MANAGE-TUNNELS-GRANTS',
      SCOPES,
      '`org:manage_tunnels` grants the tunnels API: list and get tunnels, register and archive CA certificates, reveal and rotate the tunnel token, archive tunnels.',
      'untestable',
    ),
    r(
      'SCOPE-OUTSIDE-403',
      SCOPES,
      "A request with an access token on an endpoint outside the token's scope returns HTTP 403.",
      'fixture',
    ),
    r(
      'SCOPE-NO-FINER-SCOPES',
      SCOPES,
      'Finer scopes than the two listed do not exist.',
      'untestable',
      'informative',
    ),
    r(
      'SCOPE-TUNNELS-TOKEN-ONLY',
      SCOPES,
      'The tunnels API accepts only a short-lived token with `org:manage_tunnels`, not a workspace key.',
      'untestable',
    ),
    r(
      'SCOPE-TUNNELS-ACTIVE-MAX-10',
      SCOPES,
      'At most 10 tunnels may be active organization-wide.',
      'untestable',
    ),

    // Versioning
    r('VERSION-PATH-V1', VERSIONING, 'Every path starts with `/v1`.', 'http'),
    r(
      'VERSION-HEADER-EVERY-REQUEST',
      VERSIONING,
      `Every request carries the \`${v.headers.version}\` header.`,
      'client',
    ),
    r(
      'VERSION-HEADER-VALUE',
      VERSIONING,
      `The \`${v.headers.version}\` header value is \`${v.apiVersion}\`.`,
      'http',
    ),
    r(
      'VERSION-MESSAGES-SAME-SCHEME',
      VERSIONING,
      `The messages interface uses the same scheme: paths start with \`/v1\`, every request carries \`${v.headers.version}: ${v.apiVersion}\`, betas are selected through \`${v.headers.beta}\`.`,
      'http',
      'must',
      'messages',
    ),
    r('BETA-HEADER-OPTIONAL', VERSIONING, `The \`${v.headers.beta}\` header is optional.`, 'http'),
    r(
      'BETA-HEADER-COMMA-SEPARATED',
      VERSIONING,
      `The \`${v.headers.beta}\` header takes one or more beta identifiers separated by commas.`,
      'http',
    ),
    r(
      'BETA-IDENTIFIERS-ALLOWED',
      VERSIONING,
      `The allowed beta identifiers are ${betas.map((b) => `\`${b}\``).join(', ')}.`,
      'http',
    ),
    r(
      'BETA-DREAMING-IDENTIFIER',
      VERSIONING,
      'The dreams interface also uses the beta identifier `dreaming-2026-04-21`.',
      'http',
    ),
    r(
      'BETA-SESSION-RESOURCES-MANAGED-AGENTS',
      VERSIONING,
      'The session-resource endpoints require the beta `managed-agents-2026-04-01`.',
      'http',
      'must',
      'messages',
    ),
    r(
      'BETA-DREAMS-BOTH',
      VERSIONING,
      `The dreams endpoints require both \`managed-agents-2026-04-01\` and \`dreaming-2026-04-21\`, comma-separated in \`${v.headers.beta}\`.`,
      'http',
      'must',
      'messages',
    ),
    r(
      'BETA-DREAMS-RESEARCH-PREVIEW',
      VERSIONING,
      'Dreams are a research preview feature and access must be requested.',
      'untestable',
      'informative',
      'messages',
    ),

    // Errors
    r(
      'ERROR-EXCHANGE-STANDARD-BODY',
      ERRORS,
      'Token exchange errors use the standard error body of the service (`ErrorBody`).',
      'http',
    ),
    r(
      'VERSION-JSON-BODIES',
      'Introduction',
      'Request and response bodies are JSON (unless stated otherwise: batch results are JSON lines).',
      'http',
    ),
    r(
      'ERROR-BODY-ERROR-TYPE',
      ERRORS,
      'The standard error body carries the error type at `error.type`.',
      'http',
    ),
    r(
      'ERROR-EXCHANGE-TYPED-CLIENT',
      ERRORS,
      'The client wraps an exchange error in a typed exchange error.',
      'client',
    ),
    r('ERROR-EXCHANGE-TYPED-STATUS', ERRORS, 'The typed exchange error exposes the HTTP status.', 'client'),
    r('ERROR-EXCHANGE-TYPED-BODY', ERRORS, 'The typed exchange error exposes the error body.', 'client'),
    r('ERROR-EXCHANGE-TYPED-REQUEST-ID', ERRORS, 'The typed exchange error exposes `request_id`.', 'client'),
  ];
}

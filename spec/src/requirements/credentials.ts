/**
 * Requirements of the client profile files, the configuration directory, the active profile and
 * client credential resolution (document 000 "Client profile files", "Authentication > Client
 * credential resolution", and the profile sentence of "Versioning"). Implemented by
 * `rules/credentials.ts` and `resources/profiles.ts`.
 */
import type { Requirement } from '../types.js';
import type { Vendor } from '../vendor.js';
import { requirementsOf } from './define.js';

const PROFILES = 'Resources and their fields > Client profile files';
const RESOLUTION = 'Authentication > Client credential resolution';

const r = requirementsOf('federation', 'client');

export function requirements(v: Vendor): Requirement[] {
  const e = v.env;
  return [
    // Client profile files
    r(
      'PROFILE-TWO-FILES',
      PROFILES,
      'A client profile is a named configuration made of two files per profile name: a configuration file and a credentials file.',
    ),
    r(
      'PROFILE-CONFIG-PATH',
      PROFILES,
      "A profile's configuration file is `<config_dir>/configs/<name>.json`.",
    ),
    r(
      'PROFILE-CONFIG-FIELDS',
      PROFILES,
      'The configuration file holds `version`, `authentication`, `organization_id`, `workspace_id` and `base_url`.',
    ),
    r(
      'PROFILE-CONFIG-NON-SECRET',
      PROFILES,
      'The configuration file is non-secret.',
      'client',
      'informative',
    ),
    r(
      'PROFILE-CREDENTIALS-PATH',
      PROFILES,
      "A profile's credentials file is `<config_dir>/credentials/<name>.json`.",
    ),
    r(
      'PROFILE-CREDENTIALS-FIELDS',
      PROFILES,
      'The credentials file holds `version`, the cached `access_token`, `expires_at` and, for interactive login, `refresh_token`.',
    ),
    r(
      'PROFILE-CREDENTIALS-REFRESH-TOKEN-INTERACTIVE',
      PROFILES,
      'The credentials file carries a `refresh_token` for interactive login.',
      'client',
      'informative',
    ),
    r('PROFILE-CREDENTIALS-SECRET', PROFILES, 'The credentials file is secret.'),
    r('PROFILE-CREDENTIALS-MODE-0600', PROFILES, 'The credentials file is written with file mode 0600.'),
    r(
      'PROFILE-VERSION-FORMAT',
      PROFILES,
      '`version` is a top-level string of a profile file in `major.minor` format.',
    ),
    r('PROFILE-VERSION-CURRENT-1-0', PROFILES, 'The current profile file version is `1.0`.'),
    r(
      'PROFILE-VERSION-OMITTED-CURRENT',
      PROFILES,
      'A hand-written profile file without `version` is treated as the current version.',
    ),
    r(
      'PROFILE-VERSION-MIGRATION',
      'Versioning',
      'Profile files carry `version` so that later releases can migrate older files.',
      'client',
      'informative',
    ),
    r(
      'PROFILE-AUTH-FEDERATION-TYPE',
      PROFILES,
      'The federation `authentication` block has `type` equal to `oidc_federation`.',
    ),
    r(
      'PROFILE-AUTH-FEDERATION-RULE-ID',
      PROFILES,
      'The federation `authentication` block carries `federation_rule_id`, a string.',
    ),
    r(
      'PROFILE-AUTH-SERVICE-ACCOUNT-ID',
      PROFILES,
      'The federation `authentication` block carries `service_account_id`, a string.',
    ),
    r(
      'PROFILE-AUTH-IDENTITY-TOKEN-FILE',
      PROFILES,
      'The federation `authentication` block may carry `identity_token`, an object with `source` equal to `file` and a string `path`.',
    ),
    r(
      'PROFILE-AUTH-IDENTITY-TOKEN-OMITTED-ENV',
      PROFILES,
      'When `identity_token` is omitted, the identity token comes from the identity-token environment variables.',
    ),

    // Client credential resolution: order
    r(
      'CRED-FIRST-SOURCE-WINS',
      RESOLUTION,
      'Client credential resolution tries five sources in order and the first source that yields a credential wins.',
    ),
    r(
      'CRED-SOURCE-1-CONSTRUCTOR',
      RESOLUTION,
      'Source 1: the constructor arguments `api_key`, `auth_token` and `credentials`.',
    ),
    r(
      'CRED-SOURCE-2-ENV',
      RESOLUTION,
      `Source 2: the environment variable \`${e.apiKey}\` or \`${e.authToken}\`.`,
    ),
    r(
      'CRED-ENV-SHADOWS-FEDERATION',
      RESOLUTION,
      `\`${e.apiKey}\` or \`${e.authToken}\` in the environment shadows federation (profiles and federation variables).`,
    ),
    r(
      'CRED-SOURCE-3-NAMED-PROFILE',
      RESOLUTION,
      `Source 3: the profile named by \`${e.profile}\`, loaded from \`<config_dir>/configs/<name>.json\`.`,
    ),
    r(
      'CRED-NAMED-PROFILE-MISSING-ERROR',
      RESOLUTION,
      `A profile named by \`${e.profile}\` that does not exist is an error; resolution does not fall through to later sources.`,
    ),
    r('CRED-SOURCE-4-FEDERATION-ENV', RESOLUTION, 'Source 4: the federation environment variables.'),
    r(
      'CRED-SOURCE-5-ACTIVE-PROFILE',
      RESOLUTION,
      'Source 5: the active profile, named by `<config_dir>/active_config`, else the literal `default`.',
    ),
    r(
      'CRED-ENV-EMPTY-OCCUPIES-SLOT',
      RESOLUTION,
      'An environment variable set to an empty string still occupies its slot in resolution.',
    ),
    r(
      'CRED-ENV-EMPTY-API-KEY-SELECTS-KEY',
      RESOLUTION,
      `\`${e.apiKey}\` set to an empty string selects the API-key path.`,
    ),
    r(
      'CRED-PROFILE-ENV-FILLS-OMITTED',
      RESOLUTION,
      'When a profile is loaded, environment variables fill the fields the profile omits.',
    ),
    r(
      'CRED-PROFILE-ENV-NEVER-OVERRIDES',
      RESOLUTION,
      'When a profile is loaded, environment variables never override fields the profile sets.',
    ),

    // Federation environment variables
    r(
      'CRED-ENV-FEDERATION-RULE-ID',
      RESOLUTION,
      `\`${e.federationRuleId}\` holds the federation rule identifier and is required for the federation environment path.`,
    ),
    r(
      'CRED-ENV-ORGANIZATION-ID',
      RESOLUTION,
      `\`${e.organizationId}\` holds the organization UUID and is required for the federation environment path.`,
    ),
    r(
      'CRED-ENV-SERVICE-ACCOUNT-ID',
      RESOLUTION,
      `\`${e.serviceAccountId}\` holds the service account identifier and is required for the federation environment path.`,
    ),
    r(
      'CRED-ENV-IDENTITY-TOKEN-FILE',
      RESOLUTION,
      `\`${e.identityTokenFile}\` holds the path of a file containing the identity-provider JWT.`,
    ),
    r(
      'CRED-IDENTITY-TOKEN-FILE-REREAD',
      RESOLUTION,
      'The identity-token file is re-read on every exchange (its content is never cached by resolution).',
    ),
    r(
      'CRED-ENV-IDENTITY-TOKEN',
      RESOLUTION,
      `\`${e.identityToken}\` holds the literal identity-provider JWT.`,
    ),
    r(
      'CRED-ENV-IDENTITY-TOKEN-ONE-OF-TWO',
      RESOLUTION,
      `One of the two identity-token variables (\`${e.identityTokenFile}\` or \`${e.identityToken}\`) is required for the federation environment path.`,
    ),
    r(
      'CRED-ENV-WORKSPACE-ID',
      RESOLUTION,
      `\`${e.workspaceId}\` holds a workspace identifier or the literal \`default\`.`,
    ),
    // Reclassified: an environment variable of the client libraries; what the service does without a
    // workspace is EXCH-WORKSPACE-ID-REQUIRED-MULTI.
    r(
      'CRED-ENV-WORKSPACE-ID-CONDITIONAL',
      RESOLUTION,
      `\`${e.workspaceId}\` is required when the rule covers more than one workspace.`,
      'client',
    ),
    r(
      'CRED-ENV-WORKSPACE-ID-NOT-GATING',
      RESOLUTION,
      `\`${e.workspaceId}\` does not gate activation of the federation environment path.`,
    ),
    r(
      'CRED-ENV-PROFILE',
      RESOLUTION,
      `\`${e.profile}\` is optional; it names a profile and takes precedence over the federation variables.`,
    ),
    r(
      'CRED-ENV-CONFIG-DIR',
      RESOLUTION,
      `\`${e.configDir}\` is optional and names the configuration directory.`,
    ),
    r(
      'CRED-FEDERATION-ENV-ACTIVATION',
      RESOLUTION,
      'The federation environment path activates only when the rule, organization, service account and one identity-token variable are all set.',
    ),
    r(
      'CRED-IDENTITY-TOKEN-FILE-MISSING',
      RESOLUTION,
      'A missing identity-token file fails at exchange time (not at resolution) with a file-not-found error.',
    ),

    // Configuration directory and active profile
    r('CONFIG-DIR-ENV', RESOLUTION, `The configuration directory is \`${e.configDir}\` when set.`),
    r(
      'CONFIG-DIR-POSIX',
      RESOLUTION,
      `Otherwise, on Linux and macOS, the configuration directory is \`~/${v.configDir.posixRelativeToHome}\`.`,
    ),
    r(
      'CONFIG-DIR-WINDOWS',
      RESOLUTION,
      `Otherwise, on Windows, the configuration directory is \`${v.configDir.windowsAppDataName}\` under the application-data directory.`,
    ),
    r('CONFIG-ACTIVE-PROFILE-ENV', RESOLUTION, `The active profile name is \`${e.profile}\` when set.`),
    r(
      'CONFIG-ACTIVE-PROFILE-FILE',
      RESOLUTION,
      'Otherwise the active profile name is the contents of `<config_dir>/active_config`.',
    ),
    r(
      'CONFIG-ACTIVE-PROFILE-DEFAULT',
      RESOLUTION,
      'Otherwise the active profile name is the literal `default`.',
    ),
  ];
}

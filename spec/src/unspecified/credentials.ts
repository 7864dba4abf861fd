/**
 * What the documents leave open about profile files, the configuration directory and client
 * credential resolution, with the treatment `rules/credentials.ts` implements.
 */
import type { Unspecified } from '../types.js';
import type { Vendor } from '../vendor.js';

const PROFILES = 'Resources and their fields > Client profile files';
const RESOLUTION = 'Authentication > Client credential resolution';

const u = (id: string, section: string, what: string, treatment: string): Unspecified => ({
  id,
  doc: 'federation',
  section,
  what,
  treatment,
});

export function unspecified(v: Vendor): Unspecified[] {
  const e = v.env;
  return [
    // Profile files
    u(
      'UNSPEC-PROFILE-FIELD-OPTIONALITY',
      PROFILES,
      'Which fields of the configuration file, its federation `authentication` block and the credentials file are required.',
      'Every field is optional in the schemas; environment variables fill omitted fields after loading, and resolution reports an incomplete profile (UNSPEC-CRED-INCOMPLETE-PROFILE) when a needed field is still missing.',
    ),
    u(
      'UNSPEC-PROFILE-AUTH-OTHER-TYPES',
      PROFILES,
      'Authentication types other than `oidc_federation` (such as the one behind interactive login) and their fields.',
      'Accepted as an open object with a string `type`; resolution reports the profile credential with that type and no further interpretation.',
    ),
    u(
      'UNSPEC-PROFILE-IDENTITY-TOKEN-OTHER-SOURCES',
      PROFILES,
      'Identity token sources other than `file`.',
      'Accepted as an open object with a string `source`; reading such a token fails with an unsupported-source error.',
    ),
    u(
      'UNSPEC-PROFILE-CREDENTIALS-FIELD-TYPES',
      PROFILES,
      'The types of `access_token`, `expires_at` and `refresh_token` in the credentials file (the representation of `expires_at` in particular).',
      'Tokens are strings; `expires_at` may be a string or a number.',
    ),
    u(
      'UNSPEC-PROFILE-VERSION-NEWER',
      PROFILES,
      'How a file with another `major.minor` than `1.0` is read: a newer minor, an older or newer major.',
      'Any minor of major 1 is read with the 1.0 schema; another major is migrated through the migration table when an entry exists (none today) and otherwise rejected as an unsupported version.',
    ),
    u(
      'UNSPEC-PROFILE-NAME-RULES',
      PROFILES,
      'Which strings are valid profile names.',
      'A name that is empty, `.` or `..`, or contains `/`, `\\` or a NUL character is rejected as an invalid profile name (it never builds a path); other names are used as given.',
    ),
    u(
      'UNSPEC-PROFILE-CONFIG-MODE',
      PROFILES,
      'The file mode of the configuration file and of the configuration directory.',
      'No mode is prescribed; only the credentials file gets 0600.',
    ),
    u(
      'UNSPEC-PROFILE-MODE-WINDOWS',
      PROFILES,
      'What file mode 0600 means on Windows.',
      'Clients restrict the credentials file to its owner by the platform means; the spec checks the mode only on POSIX.',
    ),

    // Resolution
    u(
      'UNSPEC-CRED-ARGS-PRECEDENCE',
      RESOLUTION,
      'Which constructor argument wins when more than one of `api_key`, `auth_token`, `credentials` is given.',
      'The order the documents list them: `api_key`, then `auth_token`, then `credentials`.',
    ),
    u(
      'UNSPEC-CRED-ARGS-EMPTY',
      RESOLUTION,
      'Whether a constructor argument given as an empty string counts as given.',
      'Like environment variables: any argument that is not undefined or null occupies its slot, including an empty string.',
    ),
    u(
      'UNSPEC-CRED-ARGS-CREDENTIALS-SHAPE',
      RESOLUTION,
      'The shape of the `credentials` constructor argument.',
      'Opaque: resolution reports that the `credentials` argument was used and never looks inside.',
    ),
    u(
      'UNSPEC-CRED-ENV-KEY-AND-TOKEN',
      RESOLUTION,
      `Which of \`${e.apiKey}\` and \`${e.authToken}\` wins when both are set.`,
      `\`${e.apiKey}\` (listed first).`,
    ),
    u(
      'UNSPEC-CRED-AUTH-TOKEN-HEADER',
      RESOLUTION,
      `How an auth token (\`auth_token\` argument or \`${e.authToken}\`) is sent.`,
      'As a bearer credential in `Authorization`, like an access token.',
    ),
    u(
      'UNSPEC-CRED-IDENTITY-TOKEN-BOTH',
      RESOLUTION,
      `Which identity token is used when both \`${e.identityTokenFile}\` and \`${e.identityToken}\` are set.`,
      `\`${e.identityTokenFile}\` (listed first; re-read on every exchange).`,
    ),
    u(
      'UNSPEC-CRED-ENV-FILL-MAPPING',
      RESOLUTION,
      'Which environment variable fills which omitted profile field.',
      `By meaning: \`${e.organizationId}\` fills \`organization_id\`, \`${e.workspaceId}\` fills \`workspace_id\`, and for an \`oidc_federation\` block \`${e.federationRuleId}\` fills \`federation_rule_id\`, \`${e.serviceAccountId}\` fills \`service_account_id\`, \`${e.identityTokenFile}\` (else \`${e.identityToken}\`) fills \`identity_token\`; a variable set to an empty string fills with the empty string.`,
    ),
    u(
      'UNSPEC-CRED-BASE-URL',
      RESOLUTION,
      'The default base URL and any environment variable for it.',
      'Resolution reports `base_url` only from a loaded profile; the client otherwise uses its configured base URL.',
    ),
    u(
      'UNSPEC-CRED-INCOMPLETE-PROFILE',
      RESOLUTION,
      'What happens when a loaded profile, after the environment fill, has no `authentication` block or lacks a federation field.',
      'An error result naming the missing fields (no fall-through), for the named and the active profile alike.',
    ),
    u(
      'UNSPEC-CRED-MALFORMED-PROFILE',
      RESOLUTION,
      'What happens when a profile file is not valid JSON or does not match the profile schema.',
      'An error result naming the file and the offending fields, never their values (no fall-through).',
    ),
    u(
      'UNSPEC-CRED-ACTIVE-PROFILE-MISSING',
      RESOLUTION,
      'What happens when the active profile file does not exist.',
      'When `active_config` named it: an error result, like a missing named profile. When the name is the literal `default`: resolution ends with no credential (UNSPEC-CRED-NONE).',
    ),
    u(
      'UNSPEC-CRED-NONE',
      RESOLUTION,
      'What happens when no source yields a credential.',
      "Resolution returns an explicit 'none' result; the client raises an error before sending any request.",
    ),
    u(
      'UNSPEC-CRED-IDENTITY-TOKEN-CONTENT',
      RESOLUTION,
      'Whether surrounding whitespace of the identity-token file is part of the JWT.',
      'Leading and trailing whitespace (a final newline) is trimmed.',
    ),
    u(
      'UNSPEC-CRED-CONFIG-DIR-EMPTY',
      RESOLUTION,
      `What an empty \`${e.configDir}\` means (it occupies its slot, so it does not fall through).`,
      'An error result: an empty configuration directory is never read as the working directory.',
    ),
    u(
      'UNSPEC-CRED-CONFIG-DIR-UNAVAILABLE',
      RESOLUTION,
      'What happens when the home or application-data directory is unknown.',
      'An error result when a profile has to be read; sources 1, 2 and 4 never need the directory.',
    ),
    u(
      'UNSPEC-CRED-CONFIG-DIR-OTHER-PLATFORM',
      RESOLUTION,
      'The configuration directory on platforms other than Linux, macOS and Windows.',
      `The Linux rule (\`~/${v.configDir.posixRelativeToHome}\`).`,
    ),
    u(
      'UNSPEC-CRED-ACTIVE-CONFIG-FORMAT',
      RESOLUTION,
      'The format of `<config_dir>/active_config` beyond "contents".',
      'The whole file, trimmed of surrounding whitespace, is the name; an empty file counts as absent (the literal `default`).',
    ),
  ];
}

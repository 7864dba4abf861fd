/**
 * Client profile files (document 000 "Resources and their fields > Client profile files"): two
 * JSON files per profile name `<name>` under the configuration directory,
 * `configs/<name>.json` (non-secret settings) and `credentials/<name>.json` (secret, mode 0600).
 *
 * The documents list the fields of each file but not which are required; every field is optional
 * here (UNSPEC-PROFILE-FIELD-OPTIONALITY), also because environment variables fill the fields a
 * loaded profile omits (CRED-PROFILE-ENV-FILLS-OMITTED). Resolution and the env merge live in
 * `rules/credentials.ts`.
 */
import { type Static, Type } from '@sinclair/typebox';
import { OrganizationId, StringExcept, WorkspaceId } from './common.js';

/** The profile format version the current release writes and reads. */
export const PROFILE_CURRENT_VERSION = '1.0';

/** `version` of a profile file: a string `major.minor`, currently `1.0`. */
export const ProfileVersion = Type.String({
  $id: 'ProfileVersion',
  pattern: '^[0-9]+\\.[0-9]+$',
  description:
    'Profile file format version, `major.minor`, currently `1.0`; when omitted in a hand-written file it is ' +
    'treated as the current version. Files of a newer minor or another major: UNSPEC-PROFILE-VERSION-NEWER.',
  'x-requirements': ['PROFILE-VERSION-FORMAT', 'PROFILE-VERSION-CURRENT-1-0', 'PROFILE-VERSION-MIGRATION'],
});
export type ProfileVersion = Static<typeof ProfileVersion>;

/** `identity_token` read from a file: `{source: "file", path}`. */
export const ProfileIdentityTokenFile = Type.Object(
  {
    source: Type.Literal('file'),
    path: Type.String({
      description: 'Path of the file holding the identity-provider JWT; re-read on every exchange.',
    }),
  },
  {
    $id: 'ProfileIdentityTokenFile',
    additionalProperties: false,
    'x-requirements': ['PROFILE-AUTH-IDENTITY-TOKEN-FILE', 'CRED-IDENTITY-TOKEN-FILE-REREAD'],
  },
);
export type ProfileIdentityTokenFile = Static<typeof ProfileIdentityTokenFile>;

/** An `identity_token` of a source other than `file`: not shown, kept open. */
export const ProfileIdentityTokenOther = Type.Object(
  { source: StringExcept('file') },
  {
    $id: 'ProfileIdentityTokenOther',
    additionalProperties: true,
    description:
      'Identity token sources other than `file`: not shown (UNSPEC-PROFILE-IDENTITY-TOKEN-OTHER-SOURCES).',
  },
);
export type ProfileIdentityTokenOther = Static<typeof ProfileIdentityTokenOther>;

/** Where the profile's identity token comes from; told apart by `source`. */
export const ProfileIdentityToken = Type.Union(
  [Type.Ref(ProfileIdentityTokenFile), Type.Ref(ProfileIdentityTokenOther)],
  {
    $id: 'ProfileIdentityToken',
    description:
      'Source of the identity token. When the whole `identity_token` is omitted the token comes from the ' +
      'identity-token environment variables.',
    'x-requirements': ['PROFILE-AUTH-IDENTITY-TOKEN-FILE', 'PROFILE-AUTH-IDENTITY-TOKEN-OMITTED-ENV'],
  },
);
export type ProfileIdentityToken = Static<typeof ProfileIdentityToken>;

/** `authentication` block for workload identity federation. */
export const ProfileFederationAuthentication = Type.Object(
  {
    type: Type.Literal('oidc_federation', { 'x-requirements': ['PROFILE-AUTH-FEDERATION-TYPE'] }),
    federation_rule_id: Type.Optional(
      Type.String({
        description: 'Federation rule identifier; when omitted, filled from the rule environment variable.',
        'x-requirements': ['PROFILE-AUTH-FEDERATION-RULE-ID', 'CRED-PROFILE-ENV-FILLS-OMITTED'],
      }),
    ),
    service_account_id: Type.Optional(
      Type.String({
        description:
          'Service account identifier; when omitted, filled from the service-account environment variable.',
        'x-requirements': ['PROFILE-AUTH-SERVICE-ACCOUNT-ID', 'CRED-PROFILE-ENV-FILLS-OMITTED'],
      }),
    ),
    identity_token: Type.Optional(Type.Ref(ProfileIdentityToken)),
  },
  {
    $id: 'ProfileFederationAuthentication',
    additionalProperties: false,
    description:
      'Federation authentication block. Required-ness of its fields is not stated (UNSPEC-PROFILE-FIELD-OPTIONALITY): ' +
      'omitted fields are filled from the federation environment variables.',
    'x-requirements': ['PROFILE-AUTH-FEDERATION-TYPE'],
  },
);
export type ProfileFederationAuthentication = Static<typeof ProfileFederationAuthentication>;

/** An `authentication` block of a type other than `oidc_federation`: not shown, kept open. */
export const ProfileOtherAuthentication = Type.Object(
  { type: StringExcept('oidc_federation') },
  {
    $id: 'ProfileOtherAuthentication',
    additionalProperties: true,
    description:
      'Authentication types other than `oidc_federation` (for example the one behind interactive login): ' +
      'not shown (UNSPEC-PROFILE-AUTH-OTHER-TYPES).',
  },
);
export type ProfileOtherAuthentication = Static<typeof ProfileOtherAuthentication>;

/** The `authentication` block of a profile; told apart by `type`. */
export const ProfileAuthentication = Type.Union(
  [Type.Ref(ProfileFederationAuthentication), Type.Ref(ProfileOtherAuthentication)],
  { $id: 'ProfileAuthentication', description: 'Authentication block of a profile, told apart by `type`.' },
);
export type ProfileAuthentication = Static<typeof ProfileAuthentication>;

/** `<config_dir>/configs/<name>.json`: the non-secret settings of a profile. */
export const ProfileConfig = Type.Object(
  {
    version: Type.Optional(
      Type.Ref(ProfileVersion, {
        default: PROFILE_CURRENT_VERSION,
        description: 'Omitted: the current version `1.0`.',
        'x-requirements': ['PROFILE-VERSION-OMITTED-CURRENT'],
      }),
    ),
    authentication: Type.Optional(Type.Ref(ProfileAuthentication)),
    organization_id: Type.Optional(
      Type.Ref(OrganizationId, {
        description: 'Organization UUID; when omitted, filled from the organization environment variable.',
      }),
    ),
    workspace_id: Type.Optional(
      Type.Union([Type.Ref(WorkspaceId), Type.Literal('default')], {
        description:
          'Workspace identifier, or `default` for the Default Workspace; when omitted, filled from the ' +
          'workspace environment variable.',
      }),
    ),
    base_url: Type.Optional(
      Type.String({
        format: 'uri',
        description:
          'Service base address. Its default and an environment variable for it: not shown (UNSPEC-CRED-BASE-URL).',
      }),
    ),
  },
  {
    $id: 'ProfileConfig',
    additionalProperties: false,
    description:
      'Non-secret profile settings. Every field optional (UNSPEC-PROFILE-FIELD-OPTIONALITY); file mode not stated ' +
      '(UNSPEC-PROFILE-CONFIG-MODE).',
    'x-requirements': [
      'PROFILE-CONFIG-PATH',
      'PROFILE-CONFIG-FIELDS',
      'PROFILE-CONFIG-NON-SECRET',
      'PROFILE-TWO-FILES',
    ],
  },
);
export type ProfileConfig = Static<typeof ProfileConfig>;

/** `<config_dir>/credentials/<name>.json`: the secret, cached credentials of a profile. */
export const ProfileCredentials = Type.Object(
  {
    version: Type.Optional(
      Type.Ref(ProfileVersion, {
        default: PROFILE_CURRENT_VERSION,
        description: 'Omitted: the current version `1.0`.',
        'x-requirements': ['PROFILE-VERSION-OMITTED-CURRENT'],
      }),
    ),
    access_token: Type.Optional(Type.String({ description: 'Cached access token.' })),
    expires_at: Type.Optional(
      Type.Union([Type.String(), Type.Number()], {
        description:
          'Expiry of the cached access token; its representation is not shown (UNSPEC-PROFILE-CREDENTIALS-FIELD-TYPES).',
      }),
    ),
    refresh_token: Type.Optional(
      Type.String({
        description: 'Refresh token, present for interactive login.',
        'x-requirements': ['PROFILE-CREDENTIALS-REFRESH-TOKEN-INTERACTIVE'],
      }),
    ),
  },
  {
    $id: 'ProfileCredentials',
    additionalProperties: false,
    description:
      'Secret profile credentials, written with file mode 0600. Every field optional ' +
      '(UNSPEC-PROFILE-FIELD-OPTIONALITY).',
    'x-requirements': [
      'PROFILE-CREDENTIALS-PATH',
      'PROFILE-CREDENTIALS-FIELDS',
      'PROFILE-CREDENTIALS-SECRET',
      'PROFILE-CREDENTIALS-MODE-0600',
      'PROFILE-TWO-FILES',
    ],
  },
);
export type ProfileCredentials = Static<typeof ProfileCredentials>;

/**
 * Shared fixtures of the credential tests: an in-memory file tree, a home directory and complete
 * profile and federation environments for the default vendor.
 */
import { type Env, type ReadFile, resolveCredentials } from '../../src/rules/credentials.js';
import { vendor as v } from '../../src/vendor.js';

export { v };

export const HOME = '/home/dev';
export const DIR = `${HOME}/.config/vendor`;
export const ORG = '0f8fad5b-d9cb-469f-a165-70867728950e';
export const OTHER_ORG = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

/** A `readFile` over a map of path to contents; a missing key is a missing file. */
export const tree =
  (files: Readonly<Record<string, string>>): ReadFile =>
  (path) =>
    Object.hasOwn(files, path) ? files[path] : undefined;

export const configPath = (name: string) => `${DIR}/configs/${name}.json`;

/** A complete federation profile file. */
export const federationProfile = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    version: '1.0',
    authentication: {
      type: 'oidc_federation',
      federation_rule_id: 'fdrl_profile',
      service_account_id: 'svac_profile',
      identity_token: { source: 'file', path: '/var/run/profile-token' },
    },
    organization_id: ORG,
    workspace_id: 'wrkspc_profile',
    ...overrides,
  });

/** Every federation variable set. */
export const federationEnv = (): Record<string, string> => ({
  [v.env.federationRuleId]: 'fdrl_env',
  [v.env.organizationId]: OTHER_ORG,
  [v.env.serviceAccountId]: 'svac_env',
  [v.env.identityTokenFile]: '/var/run/env-token',
});

/** Resolves on Linux with the default home directory. */
export const resolveLinux = (
  env: Env,
  files: Readonly<Record<string, string>> = {},
  args?: Parameters<typeof resolveCredentials>[0]['args'],
) => resolveCredentials({ env, readFile: tree(files), platform: 'linux', homeDir: HOME, args }, v);

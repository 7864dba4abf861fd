/**
 * The vendor name and API version: the one place every derived name comes from.
 *
 * The source documents use the word `vendor` as a placeholder for the company name. Every header,
 * environment variable, key prefix, configuration directory and model identifier of the API is
 * derived here from that one name, so building the spec for another name (`defineVendor('acme')`)
 * renames all of them consistently. No other file of the spec spells the vendor name.
 */

export interface Vendor {
  /** Lower-case vendor name as used in headers, prefixes and model ids (`vendor`). */
  readonly name: string;
  /** Capitalised form (`Vendor`): the Windows configuration directory name. */
  readonly displayName: string;
  /** Upper-case form (`VENDOR`): the environment-variable prefix. */
  readonly envPrefix: string;
  /** Value of the version header on every request. */
  readonly apiVersion: string;
  readonly headers: {
    /** `vendor-version` */
    readonly version: string;
    /** `vendor-beta`: comma-separated beta identifiers. */
    readonly beta: string;
  };
  readonly env: {
    readonly apiKey: string;
    readonly authToken: string;
    readonly profile: string;
    readonly configDir: string;
    readonly federationRuleId: string;
    readonly organizationId: string;
    readonly serviceAccountId: string;
    readonly identityTokenFile: string;
    readonly identityToken: string;
    readonly workspaceId: string;
  };
  readonly prefixes: {
    /** Access tokens minted by the token exchange: `sk-vendor-oat01-`. */
    readonly accessToken: string;
    /** Admin API keys: `sk-vendor-admin`. */
    readonly adminKey: string;
  };
  readonly configDir: {
    /** Relative to the home directory on Linux and macOS: `.config/vendor`. */
    readonly posixRelativeToHome: string;
    /** Directory name under the application-data directory on Windows: `Vendor`. */
    readonly windowsAppDataName: string;
  };
  readonly models: {
    readonly opus: string;
    readonly sonnet: string;
    /** The models the documents name; dreams accept exactly these. */
    readonly all: readonly string[];
  };
}

export const DEFAULT_VENDOR_NAME = 'vendor' as const;
export const API_VERSION = '2023-06-01';

const NAME_PATTERN = /^[a-z][a-z0-9]{0,30}$/;

/** Builds every derived name from a vendor name. Throws on a name that cannot be a header token. */
export function defineVendor(name: string = DEFAULT_VENDOR_NAME, apiVersion: string = API_VERSION): Vendor {
  if (!NAME_PATTERN.test(name)) {
    throw new Error(
      `vendor name must match ${NAME_PATTERN.source} (lower-case letters and digits, starting with a letter); got ${JSON.stringify(name)}`,
    );
  }
  const display = name.charAt(0).toUpperCase() + name.slice(1);
  const env = name.toUpperCase();
  const opus = `${name}-opus-4-7`;
  const sonnet = `${name}-sonnet-4-6`;
  return Object.freeze({
    name,
    displayName: display,
    envPrefix: env,
    apiVersion,
    headers: Object.freeze({ version: `${name}-version`, beta: `${name}-beta` }),
    env: Object.freeze({
      apiKey: `${env}_API_KEY`,
      authToken: `${env}_AUTH_TOKEN`,
      profile: `${env}_PROFILE`,
      configDir: `${env}_CONFIG_DIR`,
      federationRuleId: `${env}_FEDERATION_RULE_ID`,
      organizationId: `${env}_ORGANIZATION_ID`,
      serviceAccountId: `${env}_SERVICE_ACCOUNT_ID`,
      identityTokenFile: `${env}_IDENTITY_TOKEN_FILE`,
      identityToken: `${env}_IDENTITY_TOKEN`,
      workspaceId: `${env}_WORKSPACE_ID`,
    }),
    prefixes: Object.freeze({ accessToken: `sk-${name}-oat01-`, adminKey: `sk-${name}-admin` }),
    configDir: Object.freeze({ posixRelativeToHome: `.config/${name}`, windowsAppDataName: display }),
    models: Object.freeze({ opus, sonnet, all: Object.freeze([opus, sonnet]) }),
  });
}

/** The vendor of the published contract. */
export const vendor: Vendor = defineVendor();

/**
 * A name derived from vendor `v` (a model id, or a string with an access-token or admin-key
 * prefix) as the published vendor's: what the generated validators, built for the published name,
 * accept. Any other string is returned as it is.
 */
export function publishedName(v: Vendor, text: string): string {
  if (v.name === vendor.name) return text;
  const model = v.models.all.indexOf(text);
  if (model >= 0) return vendor.models.all[model] ?? text;
  if (text.startsWith(v.prefixes.accessToken))
    return vendor.prefixes.accessToken + text.slice(v.prefixes.accessToken.length);
  if (text.startsWith(v.prefixes.adminKey))
    return vendor.prefixes.adminKey + text.slice(v.prefixes.adminKey.length);
  return text;
}

/**
 * A JSON value with every string renamed by `publishedName`: a body or response of a server built
 * for vendor `v` as the generated validators read it. A copy; the value itself is not changed.
 */
export function publishedForm(v: Vendor, value: unknown): unknown {
  if (v.name === vendor.name) return value;
  const walk = (x: unknown): unknown => {
    if (typeof x === 'string') return publishedName(v, x);
    if (Array.isArray(x)) return x.map(walk);
    if (typeof x === 'object' && x !== null) {
      return Object.fromEntries(Object.entries(x).map(([k, y]) => [k, walk(y)]));
    }
    return x;
  };
  return walk(value);
}

/** Escapes a literal for use inside a regular-expression pattern. */
export function escapeRegExp(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

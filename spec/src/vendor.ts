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

/**
 * Marks a string that names the published vendor on the wire of another vendor (`vendor-opus-4-7`
 * sent to an `acme` server): marked, no schema built for the published name takes it for one of
 * its names. A private-use character, which no name and no schema pattern holds.
 */
const FOREIGN = '\uE000';

/**
 * The names of vendor `v` and those of the published vendor, both ways, for values checked by
 * schemas built for the published name (the generated validators). One-to-one on strings:
 * `outbound(inbound(x))` is `x` for every value.
 */
export interface VendorTranslation {
  /** `v`'s models and prefixed names as the published vendor's; a published one `v` does not have marked foreign. A copy. */
  inbound(value: unknown): unknown;
  /** The inverse of `inbound` (a value the schemas filled in, defaults included, back in `v`'s names). */
  outbound(value: unknown): unknown;
  /** A message about an inbound value in `v`'s names: published names as `v`'s, a marked value as it was sent. */
  message(text: string): string;
}

/** Exact names and prefixes of a vendor that schemas hold (models; key and token prefixes; header names). */
const namesOf = (v: Vendor) => ({
  exact: [...v.models.all],
  prefixes: [v.prefixes.accessToken, v.prefixes.adminKey],
  headers: [v.headers.version, v.headers.beta],
});

/** The translation between `v`'s names and the published vendor's; null when `v` is the published vendor. */
export function vendorTranslation(v: Vendor): VendorTranslation | null {
  if (v.name === vendor.name) return null;
  const own = namesOf(v);
  const published = namesOf(vendor);
  const swap = (x: string, from: typeof own, to: typeof own): string | null => {
    const exact = from.exact.indexOf(x);
    if (exact >= 0) return to.exact[exact] ?? x;
    const prefix = from.prefixes.findIndex((p) => x.startsWith(p));
    if (prefix >= 0) return (to.prefixes[prefix] ?? '') + x.slice((from.prefixes[prefix] ?? '').length);
    return null;
  };
  const inboundString = (x: string): string => {
    const mapped = swap(x, own, published);
    if (mapped !== null) return mapped;
    return x.startsWith(FOREIGN) || swap(x, published, own) !== null ? FOREIGN + x : x;
  };
  const outboundString = (x: string): string =>
    x.startsWith(FOREIGN) ? x.slice(FOREIGN.length) : (swap(x, published, own) ?? x);
  const walk =
    (f: (x: string) => string) =>
    (value: unknown): unknown => {
      const go = (x: unknown): unknown => {
        if (typeof x === 'string') return f(x);
        if (Array.isArray(x)) return x.map(go);
        if (typeof x === 'object' && x !== null)
          return Object.fromEntries(Object.entries(x).map(([k, y]) => [k, go(y)]));
        return x;
      };
      return go(value);
    };
  // Published names in a message, longest first; a marked value runs to the end of its JSON string.
  const pairs = new Map<string, string>();
  for (const key of ['exact', 'prefixes', 'headers'] as const) {
    for (const [i, name] of published[key].entries()) pairs.set(name, own[key][i] ?? name);
  }
  const names = [...pairs.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(`${FOREIGN}([^"\\s]*)|(${names.join('|')})`, 'g');
  return {
    inbound: walk(inboundString),
    outbound: walk(outboundString),
    message: (text) =>
      text.replace(pattern, (_, marked: string | undefined, name: string | undefined) =>
        marked !== undefined ? marked : (pairs.get(name ?? '') ?? ''),
      ),
  };
}

/** Escapes a literal for use inside a regular-expression pattern. */
export function escapeRegExp(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * URL validation of issuer URLs (document 000, "Authentication > URL validation"): which URL
 * fields of an issuer the service fetches in each `jwks` mode, and the checks a fetched URL must
 * pass (https, port 443, no IP literal, a public DNS name resolving only to public addresses).
 *
 * Resolution is injected (`resolve: hostname -> addresses`) so the rules stay pure and testable.
 * A failure is the API error body: 400 `invalid_request_error`, message prefixed with the field.
 * Which names and addresses count as public: UNSPEC-FED-URL-PUBLIC-DEFINITION. User information
 * (`https://user:pw@host/`), which the documents do not mention, is refused the same way
 * (UNSPEC-FED-URL-USERINFO).
 */
import type { ErrorBody } from '../resources/common.js';
import type { FederationIssuer } from '../resources/federation.js';

/** Requirement ids this module implements. */
export const requirementIds: readonly string[] = [
  'URL-HTTPS',
  'URL-PORT-443',
  'URL-IP-LITERAL-REJECTED',
  'URL-PUBLIC-DNS-NAME',
  'URL-PUBLIC-ADDRESSES',
  'URL-ONLY-FETCHED',
  'URL-ISSUER-UNFETCHED-FREE',
  'URL-ERROR-400',
  'URL-ERROR-FIELD-PREFIX',
  'JWKS-DISCOVERY-FETCH',
  'JWKS-DISCOVERY-BASE-OVERRIDES',
  'JWKS-EXPLICIT-URL-FETCH',
  'JWKS-INLINE-NO-FETCH',
  'ISSUER-URL-STRING-COMPARE',
];

/** The URL fields of an issuer the rules may apply to, named as in error messages. */
export type UrlField = 'issuer_url' | 'jwks.discovery_base' | 'jwks.url';

/** Status and error type of a URL validation failure (URL-ERROR-400). */
export const URL_ERROR_STATUS = 400;
export const URL_ERROR_TYPE = 'invalid_request_error';

// ---------------------------------------------------------------------------------------------
// Which fields are fetched

type IssuerUrls = Pick<FederationIssuer, 'issuer_url' | 'jwks'>;

/**
 * The URL fields the service fetches for an issuer (URL-ONLY-FETCHED):
 * - `discovery` (also when `jwks` or its `type` is omitted): `jwks.discovery_base` when set,
 *   else `issuer_url` (JWKS-DISCOVERY-FETCH, JWKS-DISCOVERY-BASE-OVERRIDES);
 * - `explicit_url`: `jwks.url` only (JWKS-EXPLICIT-URL-FETCH);
 * - `inline`: none (JWKS-INLINE-NO-FETCH).
 * A field not listed is never fetched and is only compared as a string (URL-ISSUER-UNFETCHED-FREE).
 */
export function fetchedUrlFields(issuer: IssuerUrls): UrlField[] {
  const jwks = issuer.jwks ?? { type: 'discovery' as const };
  switch (jwks.type) {
    case 'explicit_url':
      return ['jwks.url'];
    case 'inline':
      return [];
    default:
      return 'discovery_base' in jwks && jwks.discovery_base !== undefined
        ? ['jwks.discovery_base']
        : ['issuer_url'];
  }
}

/** The value of a URL field of an issuer (undefined when the field is absent in this mode). */
export function urlFieldValue(issuer: IssuerUrls, field: UrlField): string | undefined {
  if (field === 'issuer_url') return issuer.issuer_url;
  const jwks = issuer.jwks as Record<string, unknown> | undefined;
  const value = jwks?.[field === 'jwks.url' ? 'url' : 'discovery_base'];
  return typeof value === 'string' ? value : undefined;
}

// ---------------------------------------------------------------------------------------------
// Addresses

export type AddressClass =
  | 'public'
  | 'invalid'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'cgnat'
  | 'link-local'
  | 'unique-local'
  | 'multicast'
  | 'documentation'
  | 'benchmarking'
  | 'reserved'
  | 'broadcast';

interface V4Range {
  readonly base: readonly [number, number, number, number];
  readonly bits: number;
  readonly cls: Exclude<AddressClass, 'public' | 'invalid'>;
}

/** Non-public IPv4 ranges (IANA IPv4 Special-Purpose Address Registry and RFC 5771 multicast). */
export const NON_PUBLIC_IPV4: readonly V4Range[] = [
  { base: [0, 0, 0, 0], bits: 8, cls: 'unspecified' },
  { base: [10, 0, 0, 0], bits: 8, cls: 'private' },
  { base: [100, 64, 0, 0], bits: 10, cls: 'cgnat' },
  { base: [127, 0, 0, 0], bits: 8, cls: 'loopback' },
  { base: [169, 254, 0, 0], bits: 16, cls: 'link-local' },
  { base: [172, 16, 0, 0], bits: 12, cls: 'private' },
  { base: [192, 0, 0, 0], bits: 24, cls: 'reserved' },
  { base: [192, 0, 2, 0], bits: 24, cls: 'documentation' },
  { base: [192, 88, 99, 0], bits: 24, cls: 'reserved' },
  { base: [192, 168, 0, 0], bits: 16, cls: 'private' },
  { base: [198, 18, 0, 0], bits: 15, cls: 'benchmarking' },
  { base: [198, 51, 100, 0], bits: 24, cls: 'documentation' },
  { base: [203, 0, 113, 0], bits: 24, cls: 'documentation' },
  { base: [224, 0, 0, 0], bits: 4, cls: 'multicast' },
  { base: [255, 255, 255, 255], bits: 32, cls: 'broadcast' },
  { base: [240, 0, 0, 0], bits: 4, cls: 'reserved' },
];

const toUint32 = (b: readonly number[]) => ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0;

/** Parses a dotted-quad IPv4 address (four decimal octets, no leading zeros); null otherwise. */
export function parseIPv4(text: string): [number, number, number, number] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const out: number[] = [];
  for (const part of parts) {
    if (!/^(0|[1-9][0-9]{0,2})$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    out.push(n);
  }
  return out as [number, number, number, number];
}

function classifyIPv4Bytes(bytes: readonly number[]): AddressClass {
  const value = toUint32(bytes);
  for (const range of NON_PUBLIC_IPV4) {
    const mask = range.bits === 0 ? 0 : (0xffffffff << (32 - range.bits)) >>> 0;
    if ((value & mask) >>> 0 === (toUint32(range.base) & mask) >>> 0) return range.cls;
  }
  return 'public';
}

/** Parses an IPv6 address (with `::` and an optional dotted IPv4 tail, no zone) into eight 16-bit groups. */
export function parseIPv6(text: string): number[] | null {
  if (text.includes('%')) return null;
  let head = text;
  let tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  if (lastColon >= 0 && text.slice(lastColon + 1).includes('.')) {
    const v4 = parseIPv4(text.slice(lastColon + 1));
    if (!v4) return null;
    tail = [(v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]];
    head = text.slice(0, lastColon + 1);
    if (head.endsWith(':') && !head.endsWith('::')) head = head.slice(0, -1);
  }
  const halves = head.split('::');
  if (halves.length > 2) return null;
  const parseGroups = (s: string): number[] | null => {
    if (s === '') return [];
    const groups = s.split(':');
    const out: number[] = [];
    for (const g of groups) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
      out.push(Number.parseInt(g, 16));
    }
    return out;
  };
  const left = parseGroups(halves[0]!);
  const right = halves.length === 2 ? parseGroups(halves[1]!) : [];
  if (!left || !right) return null;
  const explicit = left.length + right.length + tail.length;
  if (halves.length === 2) {
    if (explicit > 7) return null;
    return [...left, ...new Array<number>(8 - explicit).fill(0), ...right, ...tail];
  }
  if (explicit !== 8) return null;
  return [...left, ...tail];
}

function classifyIPv6Groups(g: readonly number[]): AddressClass {
  const embeddedV4 = (hi: number, lo: number) => [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff];
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 8)) return 'unspecified';
  if (zeros(0, 7) && g[7] === 1) return 'loopback';
  // ::ffff:0:0/96 IPv4-mapped: judged by the embedded address.
  if (zeros(0, 5) && g[5] === 0xffff) return classifyIPv4Bytes(embeddedV4(g[6]!, g[7]!));
  // 64:ff9b::/96 NAT64: judged by the embedded address.
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return classifyIPv4Bytes(embeddedV4(g[6]!, g[7]!));
  const first = g[0]!;
  if ((first & 0xfe00) === 0xfc00) return 'unique-local'; // fc00::/7
  if ((first & 0xffc0) === 0xfe80) return 'link-local'; // fe80::/10
  if ((first & 0xff00) === 0xff00) return 'multicast'; // ff00::/8
  // Only 2000::/3 is global unicast; everything else (::/8, 64:ff9b:1::/48, 100::/64, fec0::/10, ...) is reserved.
  if ((first & 0xe000) !== 0x2000) return 'reserved';
  if (first === 0x2001 && g[1] === 0x0db8) return 'documentation'; // 2001:db8::/32
  if ((first & 0xfff0) === 0x3ff0) return 'documentation'; // 3fff::/20
  if (first === 0x2001 && g[1]! < 0x0200) return 'reserved'; // 2001::/23 IETF protocol assignments
  if (first === 0x2002) return classifyIPv4Bytes(embeddedV4(g[1]!, g[2]!)); // 6to4: embedded address
  return 'public';
}

/**
 * Classifies an address as returned by a resolver (dotted IPv4 or IPv6 text, optionally in
 * brackets). Anything unparseable, or carrying a zone, is `invalid` (never public).
 */
export function classifyAddress(address: string): AddressClass {
  const text = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const v4 = parseIPv4(text);
  if (v4) return classifyIPv4Bytes(v4);
  const v6 = parseIPv6(text);
  if (v6) return classifyIPv6Groups(v6);
  return 'invalid';
}

export const isPublicAddress = (address: string) => classifyAddress(address) === 'public';

// ---------------------------------------------------------------------------------------------
// Host names

/** Special-use names that are never public DNS names (RFC 6761, RFC 6762, RFC 7686, RFC 8375, ICANN `.internal`). */
export const SPECIAL_USE_SUFFIXES = [
  'localhost',
  'local',
  'internal',
  'test',
  'example',
  'invalid',
  'onion',
  'home.arpa',
] as const;

/** Whether a (URL-normalized, lower-case) host is a public DNS name by its form alone. */
export function isPublicDnsName(host: string): boolean {
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  const labels = name.split('.');
  if (labels.length < 2 || labels.some((l) => l.length === 0)) return false;
  return !SPECIAL_USE_SUFFIXES.some((suffix) => name === suffix || name.endsWith(`.${suffix}`));
}

/** Whether a URL host (as normalized by the WHATWG URL parser) is an IP literal. */
export function isIpLiteralHost(hostname: string): boolean {
  const host = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  return host.startsWith('[') || parseIPv4(host) !== null;
}

// ---------------------------------------------------------------------------------------------
// validateFetchUrl

/** Resolves a host name to its addresses (A and AAAA). May throw or reject on failure. */
export type Resolver = (hostname: string) => Promise<readonly string[]> | readonly string[];

export type UrlRejection =
  | 'not-a-url'
  | 'scheme'
  | 'port'
  | 'userinfo'
  | 'ip-literal'
  | 'not-public-name'
  | 'unresolvable'
  | 'non-public-address';

/**
 * Each rejection with the requirement it enforces, or the Unspecified id of the choice it applies
 * where the documents are silent (`UNSPEC-...`).
 */
export const URL_REJECTIONS: Readonly<
  Record<UrlRejection, { readonly requirement: string; readonly problem: string }>
> = {
  'not-a-url': { requirement: 'URL-HTTPS', problem: 'is not a valid URL' },
  scheme: { requirement: 'URL-HTTPS', problem: 'scheme must be https' },
  port: { requirement: 'URL-PORT-443', problem: 'port must be 443' },
  userinfo: {
    requirement: 'UNSPEC-FED-URL-USERINFO',
    problem: 'must not carry user information (user:password@)',
  },
  'ip-literal': {
    requirement: 'URL-IP-LITERAL-REJECTED',
    problem: 'host must be a DNS name, not an IP address',
  },
  'not-public-name': { requirement: 'URL-PUBLIC-DNS-NAME', problem: 'host must be a public DNS name' },
  unresolvable: { requirement: 'URL-PUBLIC-DNS-NAME', problem: 'host does not resolve to any address' },
  'non-public-address': {
    requirement: 'URL-PUBLIC-ADDRESSES',
    problem: 'host must resolve only to public addresses',
  },
};

export type UrlValidation =
  | {
      readonly ok: true;
      readonly field: UrlField;
      readonly url: string;
      readonly addresses: readonly string[];
    }
  | {
      readonly ok: false;
      readonly field: UrlField;
      readonly reason: UrlRejection;
      readonly requirement: string;
      readonly status: 400;
      readonly body: ErrorBody;
    };

function reject(field: UrlField, reason: UrlRejection): UrlValidation {
  const { requirement, problem } = URL_REJECTIONS[reason];
  return {
    ok: false,
    field,
    reason,
    requirement,
    status: URL_ERROR_STATUS,
    body: { type: 'error', error: { type: URL_ERROR_TYPE, message: `${field}: ${problem}` } },
  };
}

/**
 * Validates one URL the service will fetch: `https` scheme (URL-HTTPS), port 443 explicit or
 * default (URL-PORT-443), no user information (UNSPEC-FED-URL-USERINFO: the service would send it
 * to the host as credentials, and `https://idp.example.com@other.example/` names another host than
 * it seems to), a host that is not an IP literal in any form the URL parser accepts
 * (decimal, hex, octal and short IPv4 forms normalize to dotted IPv4; URL-IP-LITERAL-REJECTED), a
 * public DNS name (URL-PUBLIC-DNS-NAME) whose every resolved address is public
 * (URL-PUBLIC-ADDRESSES). A failure carries the 400 `invalid_request_error` body whose message
 * starts with the field name (URL-ERROR-400, URL-ERROR-FIELD-PREFIX). Never throws.
 */
export async function validateFetchUrl(
  field: UrlField,
  url: string,
  options: { readonly resolve: Resolver },
): Promise<UrlValidation> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return reject(field, 'not-a-url');
  }
  if (parsed.protocol !== 'https:') return reject(field, 'scheme');
  // The WHATWG parser drops a port equal to the scheme default, so '' means 443.
  if (parsed.port !== '') return reject(field, 'port');
  if (parsed.username !== '' || parsed.password !== '') return reject(field, 'userinfo');
  const host = parsed.hostname;
  if (isIpLiteralHost(host)) return reject(field, 'ip-literal');
  if (!isPublicDnsName(host)) return reject(field, 'not-public-name');
  let addresses: readonly string[];
  try {
    addresses = await options.resolve(host.endsWith('.') ? host.slice(0, -1) : host);
  } catch {
    return reject(field, 'unresolvable');
  }
  if (!Array.isArray(addresses) || addresses.length === 0) return reject(field, 'unresolvable');
  if (!addresses.every((a) => typeof a === 'string' && isPublicAddress(a)))
    return reject(field, 'non-public-address');
  return { ok: true, field, url, addresses };
}

export type IssuerUrlValidation =
  | { readonly ok: true; readonly checked: readonly UrlField[] }
  | Extract<UrlValidation, { ok: false }>;

/**
 * Validates the URLs of an issuer that the service fetches, and only those (URL-ONLY-FETCHED):
 * an unfetched `issuer_url` may be an internal host or use a non-standard port
 * (URL-ISSUER-UNFETCHED-FREE). Reports the first failure.
 */
export async function validateIssuerUrls(
  issuer: IssuerUrls,
  options: { readonly resolve: Resolver },
): Promise<IssuerUrlValidation> {
  const fields = fetchedUrlFields(issuer);
  for (const field of fields) {
    const value = urlFieldValue(issuer, field);
    const result = await validateFetchUrl(field, value ?? '', options);
    if (!result.ok) return result;
  }
  return { ok: true, checked: fields };
}

/**
 * How the server reaches an issuer's discovery document and key set: a resolver (host name to
 * addresses) and an HTTPS GET that connects only to addresses the URL rules already approved
 * (rules/urls.ts `validateFetchUrl`, called by the key-set code before every fetch). The URL rules
 * are never relaxed here: a network only answers "which addresses" and "what bytes".
 *
 * - `realNetwork`: DNS through the OS resolver; HTTPS through node:https pinned to the approved
 *   address (no second lookup, so no DNS rebinding), `ca_cert_pem` trusted in addition to the
 *   public roots (JWKS-CA-CERT-PEM), no redirects, bounded size, and a deadline on the whole
 *   fetch (`FETCH_DEADLINE_MS`, or the caller's signal when it comes first).
 * - `VirtualNetwork`: host names registered in memory (through test control or by a test) with
 *   their addresses and documents; everything else goes to a fallback network (or fails). The URL
 *   rules still judge the registered addresses, so a virtual host on 10.0.0.1 is rejected like a
 *   real one.
 */
import { lookup } from 'node:dns/promises';
import { request } from 'node:https';
import { rootCertificates } from 'node:tls';
import type { urls } from '@vendor-api/spec';

export interface FetchResult {
  readonly status: number;
  readonly body: string;
}

export interface FetchOptions {
  /** Addresses the URL rules approved for the URL's host: the only ones connected to. */
  readonly addresses: readonly string[];
  /** PEM of a private certificate authority trusted for this fetch (JWKS-CA-CERT-PEM). */
  readonly caCertPem?: string | undefined;
  /** Aborts the fetch: the caller's deadline. */
  readonly signal?: AbortSignal | undefined;
}

export interface FederationNetwork {
  readonly resolve: urls.Resolver;
  /** GET over HTTPS; rejects on a connection, TLS, time or size failure, or when `signal` aborts. */
  get(url: string, options: FetchOptions): Promise<FetchResult>;
}

/** Largest discovery document or key set read (bytes). */
export const MAX_FETCH_BYTES = 1024 * 1024;
/**
 * Total time an issuer's key set may take to fetch: resolving the host, connecting, TLS, the
 * answer's headers and its last byte, for the discovery document and the key set together (the
 * key-set cache's deadline), and for any one GET of the real network. A deadline, not an idle
 * timeout: an identity provider sending a byte a second never trips an idle timeout. Not a number
 * of the contract: the documents give none, and a client sees a slow identity provider only as a
 * failed exchange (EXCH-ERR-KEYSET-FETCH-FAILED, 400 `invalid_grant`), so it is the server's own
 * choice: seconds are enough for two small documents from a healthy provider across the
 * internet, and an exchange waits no longer than that for key material.
 */
export const FETCH_DEADLINE_MS = 5_000;

export const realNetwork: FederationNetwork = {
  async resolve(hostname) {
    const found = await lookup(hostname, { all: true, verbatim: true });
    return found.map((a) => a.address);
  },
  get(url, options) {
    return new Promise<FetchResult>((resolve, reject) => {
      const address = options.addresses[0];
      if (address === undefined) {
        reject(new Error('no approved address'));
        return;
      }
      const parsed = new URL(url);
      const family = address.includes(':') ? 6 : 4;
      const req = request(
        url,
        {
          method: 'GET',
          headers: { accept: 'application/json' },
          servername: parsed.hostname,
          // Pinned: connect to the approved address, never resolve again.
          lookup: (_host, opts, callback) => {
            if ((opts as { all?: boolean }).all) callback(null, [{ address, family }] as never, family);
            else callback(null, address, family);
          },
          ...(options.caCertPem !== undefined ? { ca: [...rootCertificates, options.caCertPem] } : {}),
          // Aborting destroys the request and its socket, whatever stage it is at.
          signal: deadline(options.signal),
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_FETCH_BYTES) {
              req.destroy(new Error('response too large'));
              return;
            }
            chunks.push(chunk);
          });
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
          );
          res.on('error', reject);
          // Cut short (the deadline, the peer): never a partial document.
          res.on('close', () => {
            if (!res.complete) reject(new Error('response cut short'));
          });
        },
      );
      req.on('error', reject);
      req.end();
    });
  },
};

/** The real network's deadline of one GET: `FETCH_DEADLINE_MS`, or the caller's signal when it aborts first. */
function deadline(signal: AbortSignal | undefined): AbortSignal {
  const own = AbortSignal.timeout(FETCH_DEADLINE_MS);
  return signal === undefined ? own : AbortSignal.any([own, signal]);
}

/** A host of the virtual network. */
export interface VirtualHost {
  /** What the host name resolves to (judged by the URL rules like any resolver answer). */
  addresses: string[];
  /** Documents by path (`/.well-known/openid-configuration`, `/jwks.json`): status and body. */
  documents: Map<string, FetchResult>;
  /** When set, a fetch succeeds only when the issuer trusts exactly this PEM (a private CA). */
  caCertPem: string | undefined;
  /** When true, every fetch from this host fails (connection refused). */
  down: boolean;
}

/** One fetch the virtual network served or refused (for tests: which URLs were fetched). */
export interface FetchLogEntry {
  readonly url: string;
  readonly ok: boolean;
}

/** Host names served from memory; anything else goes to the fallback network, if any. */
export class VirtualNetwork implements FederationNetwork {
  readonly hosts = new Map<string, VirtualHost>();
  readonly log: FetchLogEntry[] = [];

  constructor(private readonly fallback: FederationNetwork | null = null) {}

  /** Registers (or replaces) a host. Host names are compared lower-case. */
  host(
    name: string,
    options: { addresses?: readonly string[]; caCertPem?: string | undefined } = {},
  ): VirtualHost {
    const key = name.toLowerCase();
    const existing = this.hosts.get(key);
    const host: VirtualHost = {
      addresses: [...(options.addresses ?? existing?.addresses ?? [])],
      documents: existing?.documents ?? new Map(),
      caCertPem: options.caCertPem ?? existing?.caCertPem,
      down: existing?.down ?? false,
    };
    this.hosts.set(key, host);
    return host;
  }

  /** Serves `body` (JSON-encoded unless a string) at `https://<host><path>`. */
  serve(url: string, body: unknown, status = 200): void {
    const parsed = new URL(url);
    const host = this.hosts.get(parsed.hostname.toLowerCase()) ?? this.host(parsed.hostname);
    host.documents.set(parsed.pathname + parsed.search, {
      status,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  resolve: urls.Resolver = async (hostname) => {
    const host = this.hosts.get(hostname.toLowerCase());
    if (host) {
      if (host.addresses.length === 0) throw new Error(`${hostname} does not resolve`);
      return host.addresses;
    }
    if (this.fallback) return this.fallback.resolve(hostname);
    throw new Error(`${hostname} does not resolve`);
  };

  async get(url: string, options: FetchOptions): Promise<FetchResult> {
    const parsed = new URL(url);
    const host = this.hosts.get(parsed.hostname.toLowerCase());
    if (!host) {
      if (this.fallback) return this.fallback.get(url, options);
      this.log.push({ url, ok: false });
      throw new Error(`connection to ${parsed.hostname} refused`);
    }
    const refuse = (why: string): never => {
      this.log.push({ url, ok: false });
      throw new Error(why);
    };
    if (host.down) refuse(`connection to ${parsed.hostname} refused`);
    if (!options.addresses.some((a) => host.addresses.includes(a))) refuse('address not served by host');
    if (host.caCertPem !== undefined && options.caCertPem !== host.caCertPem) {
      refuse('certificate signed by an untrusted authority');
    }
    const doc = host.documents.get(parsed.pathname + parsed.search);
    this.log.push({ url, ok: true });
    return doc ?? { status: 404, body: '{"error":"not found"}' };
  }
}

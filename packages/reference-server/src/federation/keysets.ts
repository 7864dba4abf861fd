/**
 * Issuer key sets in the three `jwks` modes (document 000, "Federation issuer", "Key caching and
 * rotation"):
 *
 * - `inline`: the issuer record's `keys`; no outbound request (JWKS-INLINE-NO-FETCH), never
 *   refreshed (JWKS-INLINE-NO-REFRESH): an updated record is the only way to rotate
 *   (KEYCACHE-INLINE-UPDATE).
 * - `discovery`: `<discovery_base or issuer_url>/.well-known/openid-configuration`, then its
 *   `jwks_uri` (JWKS-DISCOVERY-FETCH, JWKS-DISCOVERY-BASE-OVERRIDES).
 * - `explicit_url`: `jwks.url` directly; `issuer_url` is never fetched (JWKS-EXPLICIT-URL-FETCH).
 *
 * Every URL is checked with the spec's URL rules (`urls.validateFetchUrl`) right before it is
 * fetched, and the fetch connects only to the addresses the rules approved. Fetched key sets are
 * cached (KEYCACHE-CACHED) and refreshed once they are a minute old (KEYCACHE-ROTATION-DELAY);
 * a refresh that fails leaves the key set stale (UNSPEC-FED-KEYSET-STALE), a first fetch that
 * fails is a failed fetch: both end the exchange with `invalid_grant`. A fetch that has not
 * finished by its deadline (`FETCH_DEADLINE_MS`: discovery document and key set together, host
 * resolution included) has failed, whether or not the network honours the abort: the exchanges
 * waiting on it are answered, and the next one fetches anew.
 */
import { type Jwk, jwt, urls } from '@vendor-api/spec';
import { createLocalJWKSet, type JSONWebKeySet } from 'jose';
import type { ServerState } from '../state.js';
import { FETCH_DEADLINE_MS, type FederationNetwork } from './network.js';
import type { IssuerRecord } from './store.js';

export interface LoadedKeySet {
  readonly keys: readonly Jwk[];
  /** Key ids of the set (JWT-KID-KNOWN compares the header `kid` with these). */
  readonly kids: readonly string[];
  /** jose's local key-set resolver (caches the imported keys). */
  readonly resolve: ReturnType<typeof createLocalJWKSet>;
}

export type KeySetResult =
  | { readonly ok: true; readonly keySet: LoadedKeySet }
  | { readonly ok: false; readonly cause: 'keyset-fetch-failed' | 'keyset-stale' };

interface CacheEntry {
  readonly version: number;
  readonly keySet: LoadedKeySet;
  /** Clock time (ms) of the fetch; null for inline keys (never refreshed). */
  readonly fetchedAt: number | null;
}

/**
 * Builds a loaded key set from a `keys` array; null when jose refuses it as a key set. Weak keys
 * (`jwt.checkKeyStrength`, UNSPEC-FED-KEY-STRENGTH) are left out: a token they sign is one signed
 * by a key not in the set (EXCH-ERR-KEY-NOT-IN-SET).
 */
export function loadKeySet(keys: unknown): LoadedKeySet | null {
  if (!Array.isArray(keys)) return null;
  try {
    const typed = (keys as Jwk[]).filter((k) => jwt.checkKeyStrength(k).ok);
    const resolve = createLocalJWKSet({ keys: typed } as JSONWebKeySet);
    const kids = typed.map((k) => k?.kid).filter((k): k is string => typeof k === 'string');
    return { keys: typed, kids, resolve };
  } catch {
    return null;
  }
}

type FetchOutcome = { ok: true; body: unknown } | { ok: false };

async function fetchJson(
  network: FederationNetwork,
  field: urls.UrlField,
  url: string,
  caCertPem: string | undefined,
  signal: AbortSignal | undefined,
): Promise<FetchOutcome> {
  const checked = await urls.validateFetchUrl(field, url, { resolve: network.resolve });
  if (!checked.ok || signal?.aborted) return { ok: false };
  try {
    const res = await network.get(url, { addresses: checked.addresses, caCertPem, signal });
    if (res.status !== 200) return { ok: false };
    return { ok: true, body: JSON.parse(res.body) as unknown };
  } catch {
    return { ok: false };
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The discovery document location of a discovery-mode issuer: the base without trailing slashes. */
export function discoveryUrl(base: string): string {
  return `${base.replace(/\/+$/, '')}/.well-known/openid-configuration`;
}

/**
 * Fetches the key set of a discovery or explicit-URL issuer; null on any failure, and once
 * `signal` aborts (the deadline), even when the network goes on.
 */
export function fetchKeySet(
  network: FederationNetwork,
  issuer: Pick<IssuerRecord, 'issuer_url' | 'jwks'>,
  signal?: AbortSignal,
): Promise<LoadedKeySet | null> {
  const fetching = fetchKeySetOf(network, issuer, signal);
  if (signal === undefined) return fetching;
  return new Promise((resolve) => {
    const abandon = () => resolve(null);
    if (signal.aborted) abandon();
    signal.addEventListener('abort', abandon, { once: true });
    const settle = (keySet: LoadedKeySet | null) => {
      signal.removeEventListener('abort', abandon);
      resolve(signal.aborted ? null : keySet);
    };
    fetching.then(settle, () => settle(null));
  });
}

async function fetchKeySetOf(
  network: FederationNetwork,
  issuer: Pick<IssuerRecord, 'issuer_url' | 'jwks'>,
  signal: AbortSignal | undefined,
): Promise<LoadedKeySet | null> {
  const jwks = issuer.jwks as Record<string, unknown>;
  const caCertPem = typeof jwks.ca_cert_pem === 'string' ? jwks.ca_cert_pem : undefined;
  let jwksUrl: string;
  let jwksField: urls.UrlField = 'jwks.url';
  if (jwks.type === 'explicit_url') {
    jwksUrl = String(jwks.url);
  } else if (jwks.type === 'discovery') {
    const base = typeof jwks.discovery_base === 'string' ? jwks.discovery_base : issuer.issuer_url;
    const field: urls.UrlField =
      typeof jwks.discovery_base === 'string' ? 'jwks.discovery_base' : 'issuer_url';
    // The discovery document lives on the host of the checked field.
    const discovery = await fetchJson(network, field, discoveryUrl(base), caCertPem, signal);
    if (!discovery.ok || !isObject(discovery.body) || typeof discovery.body.jwks_uri !== 'string')
      return null;
    // `jwks_uri` obeys the same URL rules (UNSPEC-FED-JWKS-URI-VALIDATION).
    jwksUrl = discovery.body.jwks_uri;
    jwksField = field;
  } else {
    return null;
  }
  const keySet = await fetchJson(network, jwksField, jwksUrl, caCertPem, signal);
  if (!keySet.ok || !isObject(keySet.body)) return null;
  return loadKeySet(keySet.body.keys);
}

/** The key-set cache of a server, one entry per issuer. */
export class KeySetCache {
  readonly #entries = new Map<string, CacheEntry>();
  readonly #pending = new Map<string, Promise<KeySetResult>>();

  constructor(
    private readonly network: FederationNetwork,
    /** How long one fetch of a key set may take in all (`FETCH_DEADLINE_MS`; tests shorten it). */
    private readonly deadlineMs: number = FETCH_DEADLINE_MS,
  ) {}

  /** Forgets an issuer's cached key set (its record changed or it is gone). */
  drop(issuerId: string): void {
    this.#entries.delete(issuerId);
  }

  /**
   * The issuer's key set when it is at hand, without a fetch and without waiting (the common case:
   * inline keys, or a fetched set still fresh); null when `get` must load or fetch it.
   */
  ready(state: ServerState, issuer: IssuerRecord): KeySetResult | null {
    const current = this.#current(issuer);
    if (current === undefined) return null;
    if (issuer.jwks.type === 'inline') return { ok: true, keySet: current.keySet };
    return current.fetchedAt !== null && this.#freshEnough(state, current.fetchedAt)
      ? { ok: true, keySet: current.keySet }
      : null;
  }

  #current(issuer: IssuerRecord): CacheEntry | undefined {
    const cached = this.#entries.get(issuer.id);
    return cached !== undefined && cached.version === issuer.version ? cached : undefined;
  }

  /** Whether a set fetched at `fetchedAt` is used as it is. */
  #freshEnough(state: ServerState, fetchedAt: number): boolean {
    // How long a fetched key set is used is the server's choice within the minute (UNSPEC-FED-KEYSET-STALE).
    const fresh = state.clock.now() - fetchedAt < state.choices.keySetMaxAgeMs;
    return fresh || state.choices.staleKeySetsUsed;
  }

  /** The issuer's current key set, fetching or refreshing it when due. */
  async get(state: ServerState, issuer: IssuerRecord): Promise<KeySetResult> {
    return this.ready(state, issuer) ?? this.load(state, issuer);
  }

  /**
   * Loads the issuer's inline keys, or fetches its key set (one fetch at a time per issuer
   * version): what `get` does when `ready` has nothing at hand.
   */
  async load(state: ServerState, issuer: IssuerRecord): Promise<KeySetResult> {
    const current = this.#current(issuer);
    if (issuer.jwks.type === 'inline') {
      const keySet = loadKeySet(issuer.jwks.keys);
      if (!keySet) return { ok: false, cause: 'keyset-fetch-failed' };
      this.#entries.set(issuer.id, { version: issuer.version, keySet, fetchedAt: null });
      return { ok: true, keySet };
    }
    const key = `${issuer.id}@${issuer.version}`;
    const pending = this.#pending.get(key);
    if (pending) return pending;
    const run = (async (): Promise<KeySetResult> => {
      const keySet = await fetchKeySet(this.network, issuer, AbortSignal.timeout(this.deadlineMs));
      if (keySet) {
        this.#entries.set(issuer.id, { version: issuer.version, keySet, fetchedAt: state.clock.now() });
        return { ok: true, keySet };
      }
      return { ok: false, cause: current ? 'keyset-stale' : 'keyset-fetch-failed' };
    })();
    this.#pending.set(key, run);
    try {
      return await run;
    } finally {
      this.#pending.delete(key);
    }
  }
}

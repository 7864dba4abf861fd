/**
 * Signing keys of the federation cases: generated once per process (RSA generation is slow) and
 * cached by algorithm, key id and slot.
 */
import { type CryptoKey, exportJWK, exportSPKI, generateKeyPair, importJWK, type JWK } from 'jose';

export interface KeyPair {
  readonly alg: string;
  readonly kid: string;
  readonly privateKey: CryptoKey;
  readonly publicKey: CryptoKey;
  /** The public JWK as published in the issuer's key set (with `kid`, `alg`, `use`). */
  readonly jwk: JWK;
}

const keyCache = new Map<string, Promise<KeyPair>>();
const rsaCache = new Map<string, Promise<{ privateJwk: JWK; publicJwk: JWK }>>();

/** One RSA key per `slot` for all six RS/PS algorithms (one generation instead of six). */
function rsaMaterial(slot: string) {
  let pending = rsaCache.get(slot);
  if (!pending) {
    pending = (async () => {
      const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
      return { privateJwk: await exportJWK(privateKey), publicJwk: await exportJWK(publicKey) };
    })();
    rsaCache.set(slot, pending);
  }
  return pending;
}

/**
 * A key pair for an algorithm, cached per process by algorithm, key id and slot (`slot` tells
 * apart two keys that publish the same `kid`: the real one and a forger's).
 */
export function keyPair(alg: string, kid = alg.toLowerCase(), slot = 'main'): Promise<KeyPair> {
  const cacheKey = `${alg}/${kid}/${slot}`;
  let pending = keyCache.get(cacheKey);
  if (!pending) {
    pending = (async () => {
      let privateKey: CryptoKey;
      let publicKey: CryptoKey;
      if (alg.startsWith('RS') || alg.startsWith('PS')) {
        const m = await rsaMaterial(slot);
        privateKey = (await importJWK(m.privateJwk, alg)) as CryptoKey;
        publicKey = (await importJWK(m.publicJwk, alg)) as CryptoKey;
      } else {
        const pair = await generateKeyPair(alg, { extractable: true });
        privateKey = pair.privateKey;
        publicKey = pair.publicKey;
      }
      const jwk = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' };
      return { alg, kid, privateKey, publicKey, jwk };
    })();
    keyCache.set(cacheKey, pending);
  }
  return pending;
}

/** The SPKI PEM of a public key (the secret of an algorithm-confusion token). */
export const publicPem = (key: KeyPair) => exportSPKI(key.publicKey);

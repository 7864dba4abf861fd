/**
 * Deterministic identifiers: the same seed yields the same sequence of ids and UUIDs, so a failing
 * conformance run can be replayed against a fresh server with the same seed. Secrets (keys, access
 * tokens) are never derived from the seed: `secret` reads the cryptographic random source.
 */
import { createHash, randomBytes, randomFillSync } from 'node:crypto';
import {
  DreamId,
  idPrefix,
  MemoryStoreId,
  MessageBatchId,
  MessageId,
  SessionResourceId,
  WorkspaceId,
} from '@vendor-api/spec';

/**
 * Prefixes of the identifiers the server mints: the documented ones read from the spec's id
 * schemas, and the project's own.
 */
export const ID_PREFIXES = {
  dream: idPrefix(DreamId),
  batch: idPrefix(MessageBatchId),
  message: idPrefix(MessageId),
  sessionResource: idPrefix(SessionResourceId),
  memoryStore: idPrefix(MemoryStoreId),
  workspace: idPrefix(WorkspaceId),
  /** Session ids have no documented shape (UNSPEC-SESS-ID-SHAPES); this one is the project's. */
  session: 'sesn_',
  /** File ids have no documented shape; this one is the project's. */
  file: 'file_',
  request: 'req_',
} as const;
export type IdKind = keyof typeof ID_PREFIXES;

export interface IdGenerator {
  /** The next id of a kind: its prefix followed by 24 base-62 characters. */
  next(kind: IdKind): string;
  /** The next opaque identifier (not a secret): 40 hex characters, from the seed. */
  token(label: string): string;
  /** A secret (API keys, access tokens): `bytes` bytes from the cryptographic random source, as hex. */
  secret(bytes?: number): string;
  /** The next RFC 4122 version-4-shaped UUID. */
  uuid(): string;
  /** How far each sequence has gone: with the seed, what `createIds` continues from. */
  position(): { readonly seed: string; readonly counters: Readonly<Record<string, number>> };
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * 32 pseudo-random bytes for (seed, label, n): SHA-256 of the seed and label once per label, then a
 * fast mix of that key with the counter (xorshift-multiply, as in splitmix32). Deterministic and
 * well spread; not a cryptographic generator (these are sandbox identifiers, not secrets of
 * value).
 */
const keyCache = new Map<string, Uint32Array>();
/** The eight 32-bit words of the last `mix` (ids are minted one at a time). */
const words = new Uint32Array(8);

/** The key of (seed, label): SHA-256 of both, computed once. */
function keyOf(seed: string, label: string): Uint32Array {
  const cacheKey = `${seed}\u0000${label}`;
  let key = keyCache.get(cacheKey);
  if (!key) {
    const h = createHash('sha256').update(cacheKey).digest();
    key = new Uint32Array(h.buffer.slice(h.byteOffset, h.byteOffset + 32));
    keyCache.set(cacheKey, key);
  }
  return key;
}

/** Fills `words` for a key and a counter. */
function mix(key: Uint32Array, n: number): Uint32Array {
  let x = (n * 0x9e3779b9) >>> 0;
  for (let i = 0; i < 8; i++) {
    x = (x + (key[i] as number) + 0x6d2b79f5) >>> 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    words[i] = (z ^ (z >>> 16)) >>> 0;
  }
  return words;
}

/** The 32 bytes of (key, n): the words of `mix`, little-endian. */
function digest(key: Uint32Array, n: number): Buffer {
  const w = mix(key, n);
  const out = Buffer.allocUnsafe(32);
  for (let i = 0; i < 8; i++) out.writeUInt32LE(w[i] as number, i * 4);
  return out;
}

/** Char codes of the base-62 alphabet, by byte value modulo 62 (a table of all 256 bytes). */
const BASE62_CODES = Uint8Array.from({ length: 256 }, (_, b) => ALPHABET.charCodeAt(b % 62));
/** The char codes of one id's random part (ids are minted one at a time), read back as latin1. */
const idCodes = Buffer.alloc(32);

/** `length` (at most 32) base-62 characters, one per byte of (key, n). */
function base62(key: Uint32Array, n: number, length: number): string {
  const w = mix(key, n);
  for (let i = 0; i < length; i++) {
    idCodes[i] = BASE62_CODES[((w[i >> 2] as number) >>> ((i & 3) * 8)) & 0xff] as number;
  }
  return idCodes.toString('latin1', 0, length);
}

/**
 * Bytes read from the cryptographic random source at once, handed out in turn by `randomHex`: one
 * read of the source per 4 KiB instead of one per secret (each read costs a call into the system's
 * generator). Each byte is handed out once, then overwritten with zeros.
 */
const RANDOM_POOL_BYTES = 4096;
const randomPool = Buffer.alloc(RANDOM_POOL_BYTES);
let randomPoolUsed = RANDOM_POOL_BYTES;

/** `bytes` bytes from the cryptographic random source, as hex. */
export function randomHex(bytes: number): string {
  if (!Number.isSafeInteger(bytes) || bytes < 0) throw new RangeError(`a secret of ${bytes} bytes`);
  if (bytes > RANDOM_POOL_BYTES) return randomBytes(bytes).toString('hex');
  if (randomPoolUsed + bytes > RANDOM_POOL_BYTES) {
    randomFillSync(randomPool);
    randomPoolUsed = 0;
  }
  const start = randomPoolUsed;
  randomPoolUsed += bytes;
  const hex = randomPool.toString('hex', start, randomPoolUsed);
  randomPool.fill(0, start, randomPoolUsed);
  return hex;
}

/**
 * An id generator whose ids depend only on the seed and the order of calls per kind; its secrets
 * depend on neither.
 */
export function createIds(
  seed: string | number = 0,
  /** Where each sequence stands (`position().counters` of a generator with the same seed). */
  from: Readonly<Record<string, number>> = {},
): IdGenerator {
  const s = String(seed);
  const counters = new Map<string, number>(Object.entries(from));
  /** This generator's keys by label (the global cache is keyed by seed and label). */
  const keys = new Map<string, Uint32Array>();
  const keyFor = (label: string) => {
    let key = keys.get(label);
    if (key === undefined) {
      key = keyOf(s, label);
      keys.set(label, key);
    }
    return key;
  };
  const bump = (label: string) => {
    const n = (counters.get(label) ?? 0) + 1;
    counters.set(label, n);
    return n;
  };
  return {
    next(kind) {
      return ID_PREFIXES[kind] + base62(keyFor(kind), bump(kind), 24);
    },
    token(label) {
      return digest(keyFor(`token:${label}`), bump(`token:${label}`))
        .toString('hex')
        .slice(0, 40);
    },
    secret(bytes = 20) {
      return randomHex(bytes);
    },
    uuid() {
      const b = digest(keyFor('uuid'), bump('uuid'));
      b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
      b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
      const h = b.toString('hex');
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
    },
    position() {
      return { seed: s, counters: Object.fromEntries(counters) };
    },
  };
}

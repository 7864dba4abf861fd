/**
 * Deterministic identifiers: the same seed yields the same sequence of ids, keys and UUIDs, so a
 * failing conformance run can be replayed against a fresh server with the same seed.
 */
import { createHash } from 'node:crypto';

/** Prefixes of the identifiers the server mints (the documented ones and the project's own). */
export const ID_PREFIXES = {
  dream: 'drm_',
  batch: 'msgbatch_',
  message: 'msg_',
  sessionResource: 'sesrsc_',
  memoryStore: 'memstore_',
  workspace: 'wrkspc_',
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
  /** The next opaque token (for secrets): 40 hex characters. */
  token(label: string): string;
  /** The next RFC 4122 version-4-shaped UUID. */
  uuid(): string;
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function digest(seed: string, label: string, n: number): Buffer {
  return createHash('sha256').update(`${seed}\u0000${label}\u0000${n}`).digest();
}

function base62(bytes: Buffer, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[(bytes[i % bytes.length] ?? 0) % 62];
  return out;
}

/** An id generator whose output depends only on the seed and the order of calls per kind. */
export function createIds(seed: string | number = 0): IdGenerator {
  const s = String(seed);
  const counters = new Map<string, number>();
  const bump = (label: string) => {
    const n = (counters.get(label) ?? 0) + 1;
    counters.set(label, n);
    return n;
  };
  return {
    next(kind) {
      return ID_PREFIXES[kind] + base62(digest(s, kind, bump(kind)), 24);
    },
    token(label) {
      return digest(s, `token:${label}`, bump(`token:${label}`))
        .toString('hex')
        .slice(0, 40);
    },
    uuid() {
      const b = digest(s, 'uuid', bump('uuid'));
      b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
      b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
      const h = b.toString('hex');
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
    },
  };
}

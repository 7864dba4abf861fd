/**
 * Secret redaction for error messages and log lines. Two layers: the exact secrets the client
 * knows (keys, tokens, assertions it handled), registered as they are seen, and patterns that look
 * like secrets (`sk-...` keys, JWTs, bearer values) for whatever else ends up in a message.
 */

const REDACTED = '[redacted]';
const JWT = /\beyJ[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]*/g;
const SK = /\bsk-[A-Za-z0-9][A-Za-z0-9_-]{6,}/g;
const BEARER = /\b(Bearer\s+)[^\s"',;]+/gi;

/** The secrets of one client; shared by its core, credential providers and logger. */
export class SecretRegistry {
  readonly #secrets = new Set<string>();

  /** Remembers a secret (strings shorter than 4 characters are too short to redact safely). */
  add(secret: string | undefined | null): void {
    if (typeof secret === 'string' && secret.length >= 4) this.#secrets.add(secret);
  }

  redact(text: string): string {
    let out = text;
    for (const s of [...this.#secrets].sort((a, b) => b.length - a.length)) out = out.split(s).join(REDACTED);
    return redactPatterns(out);
  }
}

/** Redacts strings that look like secrets: `sk-` keys and tokens, JWTs, bearer values. */
export function redactPatterns(text: string): string {
  return text.replace(JWT, REDACTED).replace(SK, REDACTED).replace(BEARER, `$1${REDACTED}`);
}

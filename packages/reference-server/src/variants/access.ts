/**
 * Variants of credentials and identifiers: which credential headers are read, the accepted syntax
 * of `Authorization`, and the forms of identifiers and secrets the documents do not show.
 */
import { named, type VariantPatches } from '../choices/table.js';
import type { IdKind } from '../ids.js';

/** `Bearer`, exactly, one space and a token. */
const EXACT_BEARER = /^Bearer [^\s]+$/;

/** Other prefixes of the identifiers whose shape is not shown. */
const OTHER_PREFIXES: Partial<Record<IdKind, string>> = { session: 'session_', file: 'file-' };

export const variants = named({
  'credential-headers-other': {
    exchangeCredentialRead: () => false,
    bearerSyntaxAccepted: () => (value) => EXACT_BEARER.test(value),
  },
  'other-id-forms': {
    mintedId: (documented) => (kind, id) => {
      const minted = documented(kind, id);
      const other = OTHER_PREFIXES[kind];
      return other === undefined ? minted : other + minted.slice(minted.indexOf('_') + 1);
    },
    // 48 hexadecimal digits.
    workspaceKey: () => (_reference, ids) => ids.secret(24),
    // 43 base64url characters.
    accessTokenBody: () => (_reference, ids) =>
      Buffer.from(ids.secret(32), 'hex').toString('base64url').slice(0, 43),
  },
} satisfies VariantPatches);

/**
 * Seams of credentials and identifiers: which credential headers are read, the accepted syntax
 * of `Authorization`, and the forms of identifiers and secrets the documents do not show.
 */
import type { Endpoint } from '@vendor-api/spec';
import type { IdGenerator, IdKind } from '../ids.js';
import type { HasVariants } from './types.js';

/**
 * Whether a request's credential headers are looked at. The token exchange takes no credential
 * (UNSPEC-AUTH-EXCHANGE-CREDENTIAL): the reference server still checks one that is sent,
 * `credential-headers-other` ignores it.
 */
export function credentialHeadersRead(state: HasVariants, endpoint: Endpoint): boolean {
  return !(endpoint.auth.length === 0 && state.variants.has('credential-headers-other'));
}

/** `Bearer`, exactly, one space and a token (the only form `credential-headers-other` takes). */
const EXACT_BEARER = /^Bearer [^\s]+$/;

/**
 * Whether an `Authorization` value may be read as a bearer credential at all
 * (UNSPEC-AUTH-BEARER-SYNTAX): the reference server's reading (the scheme in any case, spaces
 * after it) unless `credential-headers-other` holds it to the exact documented form.
 */
export function authorizationSyntaxAccepted(state: HasVariants, value: string | undefined): boolean {
  return value === undefined || !state.variants.has('credential-headers-other') || EXACT_BEARER.test(value);
}

/** Prefixes `other-id-forms` gives the identifiers whose shape is not shown (UNSPEC-SESS-ID-SHAPES). */
const OTHER_PREFIXES: Partial<Record<IdKind, string>> = { session: 'session_', file: 'file-' };

/** The server's id generator, minting the forms the variants choose. */
export function variantIds(variants: HasVariants['variants'], ids: IdGenerator): IdGenerator {
  if (!variants.has('other-id-forms')) return ids;
  return {
    ...ids,
    next(kind) {
      const id = ids.next(kind);
      const other = OTHER_PREFIXES[kind];
      return other === undefined ? id : other + id.slice(id.indexOf('_') + 1);
    },
  };
}

/** A workspace key: the reference server's form, or 48 hexadecimal digits (UNSPEC-AUTH-WORKSPACE-KEY-FORMAT). */
export function workspaceKeyForm(
  state: Pick<HasVariants, 'variants'>,
  reference: string,
  ids: IdGenerator,
): string {
  return state.variants.has('other-id-forms') ? ids.secret(24) : reference;
}

/** The part of an access token after its prefix (UNSPEC-EXCH-TOKEN-FORMAT). */
export function accessTokenBody(
  state: Pick<HasVariants, 'variants'>,
  reference: string,
  ids: IdGenerator,
): string {
  if (!state.variants.has('other-id-forms')) return reference;
  return Buffer.from(ids.secret(32), 'hex').toString('base64url').slice(0, 43);
}

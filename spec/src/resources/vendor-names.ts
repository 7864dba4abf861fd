/**
 * Schemas whose values derive from the vendor name. Other schemas reach them by `$ref` only, so
 * the rest of `resources/` is vendor-independent and `createSpec(vendor)` swaps these alone.
 */
import { type Static, Type } from '@sinclair/typebox';
import { type DEFAULT_VENDOR_NAME, escapeRegExp, type Vendor } from '../vendor.js';

export function vendorSchemas(v: Vendor) {
  return {
    AccessToken: Type.String({
      $id: 'AccessToken',
      pattern: `^${escapeRegExp(v.prefixes.accessToken)}`,
      description: `Short-lived access token minted by the token exchange; prefix \`${v.prefixes.accessToken}\`.`,
    }),
    AdminApiKey: Type.String({
      $id: 'AdminApiKey',
      pattern: `^${escapeRegExp(v.prefixes.adminKey)}`,
      description: `Admin API key; prefix \`${v.prefixes.adminKey}\`.`,
    }),
    DreamModel: Type.Union(
      v.models.all.map((m) => Type.Literal(m)),
      { $id: 'DreamModel', description: 'The models a dream may use.' },
    ),
  };
}

/** Refs to the vendor-derived schemas, typed for `Static<>`. */
export const AccessTokenRef = Type.Unsafe<string>(Type.Ref('AccessToken'));
export const AdminApiKeyRef = Type.Unsafe<string>(Type.Ref('AdminApiKey'));
/** Static types are those of the published contract (the default vendor name). */
export const DreamModelRef = Type.Unsafe<DreamModel>(Type.Ref('DreamModel'));
export type AccessToken = Static<typeof AccessTokenRef>;
export type AdminApiKey = Static<typeof AdminApiKeyRef>;
export type DreamModel =
  | `${typeof DEFAULT_VENDOR_NAME}-opus-4-7`
  | `${typeof DEFAULT_VENDOR_NAME}-sonnet-4-6`;

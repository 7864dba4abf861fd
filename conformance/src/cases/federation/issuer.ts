/**
 * `iss` against the registered `issuer_url`, byte for byte: every near variant (trailing slash,
 * scheme, port, case, ...) is refused with `invalid_grant`. The fixture's issuer lives on an
 * internal host and a non-standard port: an inline issuer never fetches it, so registering it and
 * exchanging with it must work.
 */

import { FEDERATION_CAPABILITIES } from '../../capabilities.js';
import { defineCase } from '../../case.js';
import {
  createIssuer,
  createRule,
  expectToken,
  ISSUER_URL,
  keyPair,
  serverNow,
  sign,
  validClaims,
} from './support/index.js';
import { judge } from './verification.js';

/** Near variants of an issuer URL that differ from it in bytes only. */
export function issuerVariants(url: string): string[] {
  const u = new URL(url);
  const variants = [
    url.endsWith('/') ? url.slice(0, -1) : `${url}/`,
    `${url}/`,
    url.replace(/^https:/, 'http:'),
    url.replace(/^https:/, 'HTTPS:'),
    url.replace(u.host, u.hostname),
    url.replace(u.host, `${u.hostname}:443`),
    url.replace(u.hostname, u.hostname.toUpperCase()),
    url.replace(u.pathname, u.pathname.toUpperCase()),
    `${url}?`,
    `${url}#`,
    ` ${url}`,
    `${url} `,
    url.replace('://', '://user@'),
  ];
  return [...new Set(variants)].filter((v) => v !== url);
}

export const issByteExact = defineCase({
  id: 'federation.iss-byte-exact',
  family: 'federation',
  title:
    'iss must equal the registered issuer_url byte for byte: trailing slash, scheme, port and case variants get invalid_grant; an unfetched internal issuer_url on port 8443 is fine',
  requirements: [
    'JWT-ISS-EXACT',
    'EXCH-ERR-ISS-MISMATCH',
    'EXCH-ERR-GRANT-CAUSE-HIDDEN',
    'ISSUER-URL-STRING-COMPARE',
    'URL-ISSUER-UNFETCHED-FREE',
    'JWKS-INLINE-NO-FETCH',
  ],
  needs: [...FEDERATION_CAPABILITIES],
  async run(ctx) {
    const key = await keyPair('ES256');
    const without = ISSUER_URL.replace(/\/$/, '');
    // Both spellings registered as issuers of their own: each accepts only itself.
    for (const url of [ISSUER_URL, without]) {
      const rule = await createRule(ctx, await createIssuer(ctx, { keys: [key], issuerUrl: url }));
      const now = await serverNow(ctx);
      expectToken(
        ctx,
        await judge(ctx, rule, await sign(key, validClaims(now, { iss: url })), now, url),
        rule,
      );
      for (const variant of issuerVariants(url)) {
        await judge(ctx, rule, await sign(key, validClaims(now, { iss: variant })), now, `iss ${variant}`);
      }
    }
  },
});

/**
 * Seeded faults of the request pipeline: credentials, scopes, the version and beta headers,
 * validation, and the exchange's error answers.
 */
import { access, errors } from '@vendor-api/spec';
import { type FaultPatches, named } from '../choices/table.js';

export const faults = named({
  DEFAULT_WORKSPACES_SHARED: { organizationsToldApart: () => false },
  SCOPE_NOT_ENFORCED: { tokenScope: () => (granted, endpoint) => endpoint.scope ?? granted },
  // Expired tokens keep working, so they are never forgotten either.
  ACCESS_TOKEN_NEVER_EXPIRES: { accessTokenExpired: () => () => false, expiredTokensForgotten: () => false },
  ARCHIVED_WORKSPACE_KEY_ACCEPTED: { keyRevoked: () => () => false },
  BETA_UNNEEDED_REFUSED: {
    checkBetaHeader: (documented) => (endpoint, required, value, v) => {
      const check = documented(endpoint, required, value, v);
      if (!check.ok || !access.parseBetaHeader(value).some((b) => !endpoint.betas.includes(b))) return check;
      // An allowed identifier the endpoint does not require is refused.
      const refusal = errors.ERRORS.beta_unneeded;
      return {
        ok: false,
        reason: 'unneeded_beta',
        status: refusal.status,
        errorType: refusal.type,
        documented: false,
        message: refusal.message,
        unspecified: 'UNSPEC-BETA-UNNEEDED',
      };
    },
  },
  BETA_DREAMS_ONE_ENOUGH: {
    // Of several required betas only the last is required.
    checkBetaHeader: (documented) => (endpoint, required, value, v) =>
      documented(endpoint, required.length > 1 ? required.slice(-1) : required, value, v),
  },
  EXCH_REQUEST_ID_MISSING: { exchangeErrorsCarryRequestId: () => false },
} satisfies FaultPatches);

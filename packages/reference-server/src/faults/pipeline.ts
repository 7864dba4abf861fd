/**
 * Seeded faults of the request pipeline (`app.ts`): credentials, scopes, the version and beta
 * headers, validation, and the exchange's error answers.
 */
import { access, errors } from '@vendor-api/spec';
import type { AreaImplementations } from './types.js';

export const pipeline: AreaImplementations<'pipeline'> = {
  DEFAULT_WORKSPACES_SHARED: { decisions: { organizationsToldApart: () => () => false } },
  SCOPE_NOT_ENFORCED: {
    decisions: { tokenScope: () => (granted, endpoint) => endpoint.scope ?? granted },
  },
  ACCESS_TOKEN_NEVER_EXPIRES: { decisions: { accessTokenExpired: () => () => false } },
  ARCHIVED_WORKSPACE_KEY_ACCEPTED: { decisions: { keyRevoked: () => () => false } },
  BETA_UNNEEDED_REFUSED: {
    decisions: {
      checkBetaHeader: (documented) => (endpoint, required, value, v) => {
        const check = documented(endpoint, required, value, v);
        if (!check.ok || !access.parseBetaHeader(value).some((b) => !endpoint.betas.includes(b)))
          return check;
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
  },
  BETA_DREAMS_ONE_ENOUGH: {
    decisions: {
      // Of several required betas only the last is required.
      checkBetaHeader: (documented) => (endpoint, required, value, v) =>
        documented(endpoint, required.length > 1 ? required.slice(-1) : required, value, v),
    },
  },
  EXCH_REQUEST_ID_MISSING: { decisions: { exchangeErrorsCarryRequestId: () => () => false } },
};

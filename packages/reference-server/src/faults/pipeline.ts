/**
 * Seeded faults of the request pipeline (`app.ts`): credentials, scopes, the version and beta
 * headers, and the exchange's error body and request id. Each breaks exactly one requirement.
 */
import type { FaultDefinition } from './types.js';

export const faults: readonly FaultDefinition[] = [
  {
    name: 'DEFAULT_WORKSPACES_SHARED',
    requirement: 'AUTH-KEY-ONE-WORKSPACE',
    description:
      'Resources are matched to keys by workspace id only: a Default Workspace key reaches the Default Workspace resources of every organization.',
  },
  {
    name: 'SCOPE_NOT_ENFORCED',
    requirement: 'SCOPE-OUTSIDE-403',
    description:
      'An access token is admitted on every standard endpoint whatever its scope (an org:manage_tunnels token is not refused with 403).',
  },
  {
    name: 'ACCESS_TOKEN_NEVER_EXPIRES',
    requirement: 'FED-TOKEN-SHORT-LIVED-ONE-WORKSPACE',
    description: 'An access token keeps working after its expires_in has passed.',
  },
  {
    name: 'ARCHIVED_WORKSPACE_KEY_ACCEPTED',
    requirement: 'WSARCH-KEYS-REVOKED',
    description:
      'The credential lookup ignores revocation: a key revoked by archiving its workspace still authenticates.',
  },
  {
    name: 'BETA_UNNEEDED_REFUSED',
    requirement: 'BETA-IDENTIFIERS-ALLOWED',
    description:
      'A request carrying an allowed beta identifier the endpoint does not require is refused (400) instead of served.',
  },
  {
    name: 'BETA_DREAMS_ONE_ENOUGH',
    requirement: 'BETA-DREAMS-BOTH',
    description:
      'An endpoint that requires several betas is served when only the last one is sent (dreams without managed-agents).',
  },
  {
    name: 'EXCH_REQUEST_ID_MISSING',
    requirement: 'ERROR-EXCHANGE-TYPED-REQUEST-ID',
    description: 'Token-exchange error responses carry no request-id header.',
  },
];

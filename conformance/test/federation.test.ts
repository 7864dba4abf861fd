import type { FaultName } from '@vendor-api/spec';
import { describe, expect, it } from 'vitest';
import type { CaseDefinition, CaseIdOf } from '../src/case.js';
import { cases } from '../src/cases/federation/index.js';
import { caseById, itPassesAndCatches, type Kills, outcomeOf, pinSettings } from './helpers.js';

const settings = pinSettings(7);

const byId = (id: CaseIdOf<typeof cases>) => caseById(cases, id);

const outcome = (c: CaseDefinition, faults: readonly FaultName[] = []) => outcomeOf(c, faults, settings);

const KILLS: Kills<typeof cases> = [
  ['JWT_EXP_SKEW_IGNORED', 'federation.jwt-claim-boundaries'],
  ['JWT_EXP_SKEW_DOUBLED', 'federation.jwt-claim-boundaries'],
  ['JWT_IAT_FUTURE_ACCEPTED', 'federation.jwt-claim-boundaries'],
  ['JWT_NBF_IGNORED', 'federation.jwt-claim-boundaries'],
  ['JWT_LIFETIME_MAX_IGNORED', 'federation.jwt-claim-boundaries'],
  ['JWT_ISS_TRAILING_SLASH_LOOSE', 'federation.iss-byte-exact'],
  ['JWT_HS256_ACCEPTED', 'federation.rejected-algorithms'],
  ['JWT_KID_MISSING_ACCEPTED', 'federation.kid-and-signature'],
  ['MATCH_SUBJECT_STAR_ANYWHERE', 'federation.matcher-examples'],
  ['MATCH_AUDIENCE_ARRAY_IGNORED', 'federation.matcher-examples'],
  ['MATCH_CLAIMS_NON_STRING', 'federation.matcher-examples'],
  ['MATCH_CEL_ERROR_IS_MATCH', 'federation.matcher-examples'],
  ['EXCH_INVALID_GRANT_REVEALS_CAUSE', 'federation.invalid-grant-indistinguishable'],
  ['EXCH_ARCHIVED_RULE_ACCEPTED', 'federation.invalid-grant-indistinguishable'],
  ['EXCH_REQUEST_ID_MISSING', 'federation.request-errors'],
  ['EXCH_EXPIRES_IN_NOT_FROM_RULE', 'federation.token-expiry'],
  ['ACCESS_TOKEN_NEVER_EXPIRES', 'federation.token-expiry'],
  ['EXCH_TOKEN_PREFIX_WRONG', 'federation.developer-token-scope'],
  ['BETA_DREAMS_ONE_ENOUGH', 'federation.developer-token-scope'],
  ['SCOPE_NOT_ENFORCED', 'federation.tunnels-token-scope'],
  ['EXCH_WORKSPACE_ID_NOT_REQUIRED', 'federation.workspace-resolution'],
  ['KEYSET_NEVER_REFRESHED', 'federation.fetched-key-sets'],
  ['URL_PORT_NOT_CHECKED', 'federation.fetched-url-rules'],
  ['URL_PRIVATE_ADDRESS_ACCEPTED', 'federation.fetched-url-rules'],
  ['URL_UNFETCHED_ISSUER_URL_CHECKED', 'federation.iss-byte-exact'],
];

describe('federation cases', () => {
  itPassesAndCatches('federation', cases, KILLS, settings);

  it.each([
    [
      'federation.time-claims-property',
      [
        'JWT_EXP_SKEW_IGNORED',
        'JWT_EXP_SKEW_DOUBLED',
        'JWT_IAT_FUTURE_ACCEPTED',
        'JWT_NBF_IGNORED',
        'JWT_LIFETIME_MAX_IGNORED',
      ],
    ],
    [
      'federation.matcher-property',
      ['MATCH_SUBJECT_STAR_ANYWHERE', 'MATCH_CLAIMS_NON_STRING', 'MATCH_CEL_ERROR_IS_MATCH'],
    ],
    ['federation.rule-lifecycle-model', ['EXCH_ARCHIVED_RULE_ACCEPTED', 'JWT_EXP_SKEW_DOUBLED']],
  ] as const)(
    'the generated case %s alone catches %j (seed 7)',
    async (caseId, faults) => {
      const missed: string[] = [];
      for (const fault of faults)
        if ((await outcome(byId(caseId), [fault])).outcome !== 'failed') missed.push(fault);
      expect(missed).toEqual([]);
    },
    60_000,
  );
});

import { describe, expect, it } from 'vitest';
import type { CaseDefinition } from '../src/case.js';
import { cases } from '../src/cases/exchange/index.js';
import { caseById, itPassesAndCatches, outcomeOf, pinSettings } from './helpers.js';

const settings = pinSettings(7);

const byId = (id: string) => caseById(cases, id);

const outcome = (c: CaseDefinition, faults: readonly string[] = []) => outcomeOf(c, faults, settings);

const KILLS: readonly [fault: string, caseId: string][] = [
  ['JWT_EXP_SKEW_IGNORED', 'exchange.jwt-claim-boundaries'],
  ['JWT_EXP_SKEW_DOUBLED', 'exchange.jwt-claim-boundaries'],
  ['JWT_IAT_FUTURE_ACCEPTED', 'exchange.jwt-claim-boundaries'],
  ['JWT_NBF_IGNORED', 'exchange.jwt-claim-boundaries'],
  ['JWT_LIFETIME_MAX_IGNORED', 'exchange.jwt-claim-boundaries'],
  ['JWT_ISS_TRAILING_SLASH_LOOSE', 'exchange.iss-byte-exact'],
  ['JWT_HS256_ACCEPTED', 'exchange.rejected-algorithms'],
  ['JWT_KID_MISSING_ACCEPTED', 'exchange.kid-and-signature'],
  ['MATCH_SUBJECT_STAR_ANYWHERE', 'exchange.matcher-examples'],
  ['MATCH_AUDIENCE_ARRAY_IGNORED', 'exchange.matcher-examples'],
  ['MATCH_CLAIMS_NON_STRING', 'exchange.matcher-examples'],
  ['MATCH_CEL_ERROR_IS_MATCH', 'exchange.matcher-examples'],
  ['EXCH_INVALID_GRANT_REVEALS_CAUSE', 'exchange.invalid-grant-indistinguishable'],
  ['EXCH_ARCHIVED_RULE_ACCEPTED', 'exchange.invalid-grant-indistinguishable'],
  ['EXCH_REQUEST_ID_MISSING', 'exchange.request-errors'],
  ['EXCH_EXPIRES_IN_NOT_FROM_RULE', 'exchange.token-expiry'],
  ['ACCESS_TOKEN_NEVER_EXPIRES', 'exchange.token-expiry'],
  ['EXCH_TOKEN_PREFIX_WRONG', 'exchange.developer-token-scope'],
  ['BETA_DREAMS_ONE_ENOUGH', 'exchange.developer-token-scope'],
  ['SCOPE_NOT_ENFORCED', 'exchange.tunnels-token-scope'],
  ['EXCH_WORKSPACE_ID_NOT_REQUIRED', 'exchange.workspace-resolution'],
  ['KEYSET_NEVER_REFRESHED', 'exchange.fetched-key-sets'],
  ['URL_PORT_NOT_CHECKED', 'exchange.fetched-url-rules'],
  ['URL_PRIVATE_ADDRESS_ACCEPTED', 'exchange.fetched-url-rules'],
  ['URL_UNFETCHED_ISSUER_URL_CHECKED', 'exchange.iss-byte-exact'],
];

describe('exchange cases', () => {
  itPassesAndCatches('exchange', cases, KILLS, settings);

  it.each([
    [
      'exchange.time-claims-property',
      [
        'JWT_EXP_SKEW_IGNORED',
        'JWT_EXP_SKEW_DOUBLED',
        'JWT_IAT_FUTURE_ACCEPTED',
        'JWT_NBF_IGNORED',
        'JWT_LIFETIME_MAX_IGNORED',
      ],
    ],
    [
      'exchange.matcher-property',
      ['MATCH_SUBJECT_STAR_ANYWHERE', 'MATCH_CLAIMS_NON_STRING', 'MATCH_CEL_ERROR_IS_MATCH'],
    ],
    ['exchange.rule-lifecycle-model', ['EXCH_ARCHIVED_RULE_ACCEPTED', 'JWT_EXP_SKEW_DOUBLED']],
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

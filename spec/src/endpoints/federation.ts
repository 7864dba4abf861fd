/**
 * The token exchange `POST /v1/oauth/token`: the one documented federation endpoint. Issuer,
 * rule and service-account endpoints are not shown (UNSPEC-FED-ISSUER-ENDPOINTS,
 * UNSPEC-RULE-ENDPOINTS, UNSPEC-SVAC-ENDPOINTS); so the URL validation error (400
 * `invalid_request_error`) of issuer registration has no endpoint here
 * (UNSPEC-ISSUER-URL-VALIDATION-ENDPOINT).
 */
import { Type } from '@sinclair/typebox';
import { TokenExchangeParams, TokenExchangeResponse } from '../resources/federation.js';
import { stepAt } from '../rules/jwt.js';
import type { Endpoint, ErrorCase } from '../types.js';

const invalidGrant = (when: string, requirements: readonly string[]): ErrorCase => ({
  status: 400,
  type: 'invalid_grant',
  when,
  requirements: [...requirements, 'EXCH-ERR-GRANT-CAUSE-HIDDEN', 'EXCH-ERROR-BODY'],
});

export const endpoints = [
  {
    id: 'oauth.token',
    family: 'federation',
    title: 'Exchange a token',
    summary:
      'Exchanges an external OIDC JWT (JWT-bearer grant, RFC 7523) for a short-lived access token acting as a service account in one workspace.',
    doc: 'federation',
    method: 'POST',
    path: '/v1/oauth/token',
    params: {},
    body: { schema: Type.Ref(TokenExchangeParams), required: true },
    success: {
      status: 200,
      response: {
        description:
          'RFC 6749 section 5.1 token response: `access_token`, `token_type` `Bearer`, `expires_in`, `scope`.',
        schema: Type.Ref(TokenExchangeResponse),
        contentType: 'application/json',
      },
    },
    errors: [
      {
        status: 400,
        type: 'invalid_request',
        when: '`federation_rule_id` is malformed (not `fdrl_` followed by an opaque string).',
        breaks: { keyword: 'pattern', field: 'federation_rule_id' },
        requirements: [
          'EXCH-ERR-RULE-ID-MALFORMED',
          'EXCH-RULE-ID-SHAPE',
          'ID-FEDERATION-RULE-PREFIX',
          'EXCH-ERROR-BODY',
        ],
      },
      {
        status: 400,
        type: 'invalid_request',
        when: 'A required field (`grant_type`, `assertion`, `federation_rule_id`, `organization_id`, `service_account_id`) is missing.',
        breaks: { keyword: 'required' },
        requirements: [
          'EXCH-ERR-FIELD-MISSING',
          'EXCH-GRANT-TYPE-REQUIRED',
          'EXCH-ASSERTION-REQUIRED',
          'EXCH-RULE-ID-REQUIRED',
          'EXCH-ORGANIZATION-ID-REQUIRED',
          'EXCH-SERVICE-ACCOUNT-ID-REQUIRED',
          'EXCH-ERROR-BODY',
        ],
      },
      {
        status: 400,
        type: 'invalid_request',
        detail: 'workspace_id_required',
        when: 'The rule is enabled for more than one workspace and `workspace_id` is omitted.',
        requirements: [
          'EXCH-ERR-WORKSPACE-ID-REQUIRED',
          'EXCH-WORKSPACE-ID-REQUIRED-MULTI',
          'EXCH-ERROR-BODY',
        ],
      },
      invalidGrant('The JWT `iss` differs from the registered `issuer_url` (byte for byte).', [
        'EXCH-ERR-ISS-MISMATCH',
        'JWT-ISS-EXACT',
      ]),
      invalidGrant("Fetching the issuer's key set failed.", ['EXCH-ERR-KEYSET-FETCH-FAILED']),
      invalidGrant("The issuer's key set is stale.", ['EXCH-ERR-KEYSET-STALE']),
      invalidGrant('The JWT is signed by a key not in the key set.', [
        'EXCH-ERR-KEY-NOT-IN-SET',
        'JWT-KID-KNOWN',
        'JWT-SIGNATURE',
      ]),
      invalidGrant('The JWT `exp` is in the past beyond the 30-second skew.', [
        'EXCH-ERR-EXPIRED',
        'JWT-EXP-FUTURE',
        'JWT-SKEW-30S',
      ]),
      invalidGrant("The JWT verified but its claims do not satisfy the rule's `match`.", [
        'EXCH-ERR-MATCH-FAILED',
        'JWT-MATCH',
      ]),
      invalidGrant('The rule does not exist (merged with archived and not authorized).', [
        'EXCH-ERR-RULE-NOT-FOUND',
        'EXCH-ERR-GRANT-MERGED',
      ]),
      invalidGrant('The rule is archived (treated as nonexistent; merged).', [
        'EXCH-ERR-RULE-ARCHIVED',
        'RULE-ARCHIVED-NONEXISTENT',
        'EXCH-ERR-GRANT-MERGED',
      ]),
      invalidGrant('The JWT is not authorized for the rule (merged with nonexistent and archived).', [
        'EXCH-ERR-NOT-AUTHORIZED',
        'EXCH-ERR-GRANT-MERGED',
      ]),
    ],
    auth: [],
    scope: null,
    betas: [],
    pagination: { style: 'none' },
    requirements: [
      'EXCH-ENDPOINT',
      'FED-EXCHANGE-VERIFIES',
      'FED-TOKEN-ACTS-AS-SERVICE-ACCOUNT',
      'FED-TOKEN-SHORT-LIVED-ONE-WORKSPACE',
      'EXCH-GRANT-TYPE-VALUE',
      'EXCH-ASSERTION-STRING',
      'EXCH-ASSERTION-MAX',
      'EXCH-ORGANIZATION-ID-UUID',
      'EXCH-SERVICE-ACCOUNT-ID-SHAPE',
      'EXCH-WORKSPACE-ID-SHAPE',
      'EXCH-WORKSPACE-ID-OMITTED-SOLE',
      'ID-WORKSPACE-DEFAULT-LITERAL',
      'EXCH-RESPONSE-SHAPE',
      'EXCH-RESPONSE-ACCESS-TOKEN',
      'EXCH-RESPONSE-TOKEN-TYPE',
      'EXCH-RESPONSE-EXPIRES-IN',
      'EXCH-RESPONSE-SCOPE',
      'EXCH-TOKEN-WORKSPACE-FIXED',
      'EXCH-ERROR-BODY',
      'EXCH-ERROR-CLIENT-WRAP',
      // The checks the error table does not list, as the verification's step cites them.
      ...stepAt('jwt-checks').requirements,
      'JWT-LIFETIME-DEFAULT',
    ],
    unspecified: [
      'UNSPEC-EXCH-OTHER-VALIDATION',
      'UNSPEC-EXCH-JWT-CHECK-ERRORS',
      'UNSPEC-EXCH-CHECK-ORDER',
      'UNSPEC-EXCH-NOT-AUTHORIZED-MEANING',
      'UNSPEC-EXCH-DETAIL-LOCATION',
      'UNSPEC-EXCH-REQUEST-ID-LOCATION',
      'UNSPEC-EXCH-EXPIRES-IN-VALUE',
      'UNSPEC-EXCH-ASSERTION-SIZE-UNIT',
      'UNSPEC-EXCH-TOKEN-FORMAT',
      'UNSPEC-ISSUER-URL-VALIDATION-ENDPOINT',
      'UNSPEC-FED-ISSUER-ENDPOINTS',
      'UNSPEC-RULE-ENDPOINTS',
      'UNSPEC-SVAC-ENDPOINTS',
    ],
  },
] as const satisfies readonly Endpoint[];

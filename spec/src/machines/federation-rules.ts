/**
 * Federation rule lifecycle (document 000, "States and transitions > Federation rule"): a rule
 * exists (active) or is archived; an archived rule is treated at exchange as nonexistent. Its
 * transitions are not shown (UNSPEC-RULE-TRANSITIONS): archival is modelled as the fixture
 * happening `rule.archived`, and archived is terminal.
 *
 * The token exchange `oauth.token` is the rule's one documented operation. Its guards are the
 * facts the exchange decides on; the rows give each documented outcome of the exchange error
 * table once. Which check wins when several fail is not shown (UNSPEC-EXCH-CHECK-ORDER): the rows
 * check the body first, then everything that yields `invalid_grant` (indistinguishable by
 * design), and `workspace_id_required` last so an unauthenticated caller learns nothing about a
 * rule.
 */
import type { FederationRule } from '../resources/federation.js';
import type { Machine, Outcome, Row } from '../types.js';

export const states = ['active', 'archived'] as const;
export type State = (typeof states)[number];

export type Event = 'oauth.token' | 'rule.archived';

export const guardNames = [
  'requiredFieldMissing',
  'ruleIdMalformed',
  'jwtAuthorized',
  'issMatches',
  'keySetFetched',
  'keySetFresh',
  'signedByKnownKey',
  'notExpired',
  'otherJwtChecksPass',
  'claimsMatch',
  'workspaceIdMissingForMultiWorkspace',
] as const;
export type Guard = (typeof guardNames)[number];

export type Effect = 'token.minted';

type R = Row<State, Event, Guard, Effect>;
type When = Partial<Record<Guard, boolean>>;

const invalidRequest: Outcome = { kind: 'error', status: 400, errorType: 'invalid_request' };
const invalidGrant: Outcome = { kind: 'error', status: 400, errorType: 'invalid_grant' };

/** Body checks (first) of the exchange, for any state. */
const bodyRows = (from: readonly State[]): R[] => [
  {
    from,
    event: 'oauth.token',
    when: { requiredFieldMissing: true },
    to: 'unchanged',
    outcome: invalidRequest,
    effects: [],
    requirements: ['EXCH-ERR-FIELD-MISSING'],
  },
  {
    from,
    event: 'oauth.token',
    when: { requiredFieldMissing: false, ruleIdMalformed: true },
    to: 'unchanged',
    outcome: invalidRequest,
    effects: [],
    requirements: ['EXCH-ERR-RULE-ID-MALFORMED', 'ID-FEDERATION-RULE-PREFIX'],
  },
];

const BODY_OK: When = { requiredFieldMissing: false, ruleIdMalformed: false };

/**
 * The checks of an exchange against an active rule, in order: each fails with its outcome when
 * its guard is false and every earlier guard passed.
 */
const ACTIVE_CHAIN: readonly {
  readonly guard: Guard;
  readonly outcome: Outcome;
  readonly requirements: readonly string[];
  readonly note: string;
}[] = [
  {
    guard: 'jwtAuthorized',
    outcome: invalidGrant,
    requirements: ['EXCH-ERR-NOT-AUTHORIZED', 'EXCH-ERR-GRANT-MERGED', 'EXCH-ERR-GRANT-CAUSE-HIDDEN'],
    note: 'JWT not authorized for the rule: same body as a nonexistent or archived rule.',
  },
  {
    guard: 'issMatches',
    outcome: invalidGrant,
    requirements: ['EXCH-ERR-ISS-MISMATCH', 'JWT-ISS-EXACT', 'EXCH-ERR-GRANT-CAUSE-HIDDEN'],
    note: '`iss` differs from the registered `issuer_url`.',
  },
  {
    guard: 'keySetFetched',
    outcome: invalidGrant,
    requirements: ['EXCH-ERR-KEYSET-FETCH-FAILED', 'EXCH-ERR-GRANT-CAUSE-HIDDEN'],
    note: 'Key-set fetch failed.',
  },
  {
    guard: 'keySetFresh',
    outcome: invalidGrant,
    requirements: ['EXCH-ERR-KEYSET-STALE', 'KEYCACHE-ROTATION-DELAY', 'EXCH-ERR-GRANT-CAUSE-HIDDEN'],
    note: 'Key set stale.',
  },
  {
    guard: 'signedByKnownKey',
    outcome: invalidGrant,
    requirements: [
      'EXCH-ERR-KEY-NOT-IN-SET',
      'JWT-KID-KNOWN',
      'JWT-SIGNATURE',
      'EXCH-ERR-GRANT-CAUSE-HIDDEN',
    ],
    note: 'Signed by a key not in the key set.',
  },
  {
    guard: 'notExpired',
    outcome: invalidGrant,
    requirements: ['EXCH-ERR-EXPIRED', 'JWT-EXP-FUTURE', 'JWT-SKEW-30S', 'EXCH-ERR-GRANT-CAUSE-HIDDEN'],
    note: '`exp` in the past beyond the 30-second skew.',
  },
  {
    guard: 'otherJwtChecksPass',
    outcome: { kind: 'unspecified', unspecified: 'UNSPEC-EXCH-JWT-CHECK-ERRORS' },
    requirements: [
      'JWT-SIZE-MAX',
      'JWT-ALG-ACCEPTED',
      'JWT-ALG-HMAC-REJECTED',
      'JWT-ALG-NONE-REJECTED',
      'JWT-KID-REQUIRED',
      'JWT-SUB-REQUIRED',
      'JWT-IAT-REQUIRED',
      'JWT-IAT-NOT-FUTURE',
      'JWT-EXP-REQUIRED',
      'JWT-NBF-SKEW',
      'JWT-LIFETIME-MAX',
    ],
    note: 'Rejected, but the error table does not list these checks; the reference server answers 400 invalid_grant.',
  },
  {
    guard: 'claimsMatch',
    outcome: invalidGrant,
    requirements: ['EXCH-ERR-MATCH-FAILED', 'JWT-MATCH', 'MATCH-AND', 'EXCH-ERR-GRANT-CAUSE-HIDDEN'],
    note: "Claims do not satisfy the rule's `match`.",
  },
];

function activeExchangeRows(): R[] {
  const rows: R[] = [];
  const passed: When = { ...BODY_OK };
  for (const step of ACTIVE_CHAIN) {
    rows.push({
      from: ['active'],
      event: 'oauth.token',
      when: { ...passed, [step.guard]: false },
      to: 'unchanged',
      outcome: step.outcome,
      effects: [],
      requirements: step.requirements,
      note: step.note,
    });
    passed[step.guard] = true;
  }
  rows.push(
    {
      from: ['active'],
      event: 'oauth.token',
      when: { ...passed, workspaceIdMissingForMultiWorkspace: true },
      to: 'unchanged',
      outcome: invalidRequest,
      effects: [],
      requirements: ['EXCH-ERR-WORKSPACE-ID-REQUIRED', 'EXCH-WORKSPACE-ID-REQUIRED-MULTI'],
      note: 'Detail `workspace_id_required` (location in the body: UNSPEC-EXCH-DETAIL-LOCATION).',
    },
    {
      from: ['active'],
      event: 'oauth.token',
      when: { ...passed, workspaceIdMissingForMultiWorkspace: false },
      to: 'unchanged',
      outcome: { kind: 'ok', status: 200 },
      effects: ['token.minted'],
      requirements: [
        'FED-EXCHANGE-VERIFIES',
        'EXCH-RESPONSE-SHAPE',
        'FED-TOKEN-ACTS-AS-SERVICE-ACCOUNT',
        'EXCH-WORKSPACE-ID-OMITTED-SOLE',
        'EXCH-TOKEN-WORKSPACE-FIXED',
      ],
      note: 'Every check passed: an access token is minted.',
    },
  );
  return rows;
}

export const machine: Machine<State, Event, Guard, Effect> = {
  id: 'federation-rules',
  resource: 'FederationRule',
  doc: 'federation',
  description:
    'A federation rule exists (active) or is archived; an archived rule is treated at exchange as nonexistent. Transitions are not shown (UNSPEC-RULE-TRANSITIONS): archival is the fixture happening `rule.archived`.',
  states,
  initial: 'active',
  terminal: ['archived'],
  events: {
    'oauth.token': {
      kind: 'operation',
      operation: 'oauth.token',
      description: 'A token exchange naming this rule in `federation_rule_id`.',
    },
    'rule.archived': {
      kind: 'happening',
      description:
        'The rule is archived (through the fixture adapter: rule endpoints are not shown). From then on exchanges treat it as nonexistent.',
    },
  },
  guards: {
    requiredFieldMissing:
      'The exchange body lacks a required field (`grant_type`, `assertion`, `federation_rule_id`, `organization_id`, `service_account_id`).',
    ruleIdMalformed: '`federation_rule_id` is not `fdrl_` followed by an opaque string.',
    jwtAuthorized:
      "The JWT is authorized for the rule: issued by the rule's issuer, for the rule's organization, service account and an enabled workspace (UNSPEC-EXCH-NOT-AUTHORIZED-MEANING).",
    issMatches: 'The JWT `iss` equals the registered `issuer_url` byte for byte.',
    keySetFetched: "The issuer's key set could be fetched (always true in `inline` mode).",
    keySetFresh: "The issuer's key set is not stale (UNSPEC-FED-KEYSET-STALE).",
    signedByKnownKey: 'The JWT header `kid` names a key of the key set and its signature verifies with it.',
    notExpired: 'The JWT `exp` is not in the past beyond the 30-second skew.',
    otherJwtChecksPass:
      'Every other JWT check passes: size, algorithm, `kid` present, `sub`, `iat` (present, not in the future beyond skew), `exp` present, `nbf`, lifetime.',
    claimsMatch: "The verified claims satisfy the rule's `match`.",
    workspaceIdMissingForMultiWorkspace:
      'The rule is enabled for more than one workspace and the body omits `workspace_id` (UNSPEC-RULE-MULTI-WORKSPACE-FIELD).',
  },
  effects: {
    'token.minted':
      "An access token is issued: it acts as the service account, carries the rule's `oauth_scope`, is scoped to the chosen workspace (the given `workspace_id`, `default` meaning the Default Workspace, or the rule's sole enabled workspace) and expires after `expires_in` seconds.",
  },
  rows: [
    ...bodyRows(['active', 'archived']),
    ...activeExchangeRows(),
    {
      from: ['archived'],
      event: 'oauth.token',
      when: BODY_OK,
      to: 'unchanged',
      outcome: invalidGrant,
      effects: [],
      requirements: ['RULE-ARCHIVED-NONEXISTENT', 'EXCH-ERR-RULE-ARCHIVED', 'EXCH-ERR-GRANT-MERGED'],
      note: 'Treated as nonexistent whatever the JWT: same body as a rule that does not exist.',
    },
    {
      from: ['active'],
      event: 'rule.archived',
      to: 'archived',
      outcome: { kind: 'happens' },
      effects: [],
      requirements: ['RULE-STATES', 'RULE-ARCHIVED-NONEXISTENT'],
    },
    {
      from: ['archived'],
      event: 'rule.archived',
      to: 'unchanged',
      outcome: { kind: 'ignored' },
      effects: [],
      requirements: ['RULE-STATES'],
      note: 'Already archived.',
    },
  ],
};

/**
 * The state of a rule record. The wire record's archive indicator is not shown
 * (UNSPEC-RULE-FIELDS), so the fixture adapter, which archives rules, supplies `archived`.
 */
export function stateOf(record: FederationRule & { readonly archived?: boolean }): State {
  return record.archived === true ? 'archived' : 'active';
}

/**
 * Federation rule lifecycle (document 000, "States and transitions > Federation rule"): a rule
 * exists (active) or is archived; an archived rule is treated at exchange as nonexistent. Its
 * transitions are not shown (UNSPEC-RULE-TRANSITIONS): archival is modelled as the fixture
 * happening `rule.archived`, and archived is terminal.
 *
 * The token exchange `oauth.token` is the rule's one documented operation. Its guards are the
 * facts the exchange decides on; the rows give each documented outcome of the exchange error
 * table once. Which check wins when several fail is not shown (UNSPEC-EXCH-CHECK-ORDER): the rows
 * check the body first, then the steps of the verification in the order of
 * `jwt.EXCHANGE_VERIFICATION` (the one place that order is written), and `workspace_id_required`
 * last so an unauthenticated caller learns nothing about a rule.
 */
import type { FederationRule } from '../resources/federation.js';
import * as jwt from '../rules/jwt.js';
import type { Machine, Outcome, Row } from '../types.js';

export const states = ['active', 'archived'] as const;
export type State = (typeof states)[number];

export type Event = 'oauth.token' | 'rule.archived';

/** Guards of the body checks, made before anything else. */
type BodyGuard = 'requiredFieldMissing' | 'ruleIdMalformed';

/**
 * The guards: the body checks, the steps of the exchange's verification in their order (the
 * spec's `jwt.EXCHANGE_VERIFICATION`), and the workspace choice last.
 */
export const guardNames: readonly Guard[] = [
  'requiredFieldMissing',
  'ruleIdMalformed',
  ...jwt.EXCHANGE_VERIFICATION.map((s) => s.guard),
  'workspaceIdMissingForMultiWorkspace',
];
export type Guard = BodyGuard | jwt.VerificationGuard | 'workspaceIdMissingForMultiWorkspace';

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

/** The verification's guards with their descriptions. */
const verificationGuards = Object.fromEntries(
  jwt.EXCHANGE_VERIFICATION.map((s) => [s.guard, s.description]),
) as Record<jwt.VerificationGuard, string>;

/** The outcome of a failed verification step: `invalid_grant`, or unspecified where the error table lists none. */
const outcomeOf = (step: jwt.VerificationStep): Outcome =>
  step.unspecified !== undefined ? { kind: 'unspecified', unspecified: step.unspecified } : invalidGrant;

function activeExchangeRows(): R[] {
  const rows: R[] = [];
  const passed: When = { ...BODY_OK };
  // Each step fails with its outcome when its guard is false and every earlier guard passed.
  for (const step of jwt.EXCHANGE_VERIFICATION) {
    rows.push({
      from: ['active'],
      event: 'oauth.token',
      when: { ...passed, [step.guard]: false },
      to: 'unchanged',
      outcome: outcomeOf(step),
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
    ...verificationGuards,
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

/**
 * The token exchange `POST /v1/oauth/token` (document 000): the body was already validated by the
 * pipeline (400 `invalid_request` for a missing field or a malformed `federation_rule_id`); here
 * the rule, authorization, issuer, key set, JWT checks and `match` are decided, and the
 * federation-rule machine's `oauth.token` row says what to answer (`step`). Every `invalid_grant`
 * answer is the spec's one body `jwt.invalidGrantBody()`, whatever the cause
 * (EXCH-ERR-GRANT-CAUSE-HIDDEN, EXCH-ERR-GRANT-MERGED).
 *
 * Check order (UNSPEC-EXCH-CHECK-ORDER): body, rule existence, then the steps of the spec's
 * `jwt.EXCHANGE_VERIFICATION` (authorization, then the JWT's), and `workspace_id_required` last.
 */
import {
  type ErrorBody,
  errors,
  FederationRule,
  federationRulesMachine,
  jwt,
  step,
  type TokenExchangeParams,
  type TokenExchangeResponse,
} from '@vendor-api/spec';
import { ApiError, apiError } from '../errors.js';
import { defaultWorkspaceKey } from '../seed.js';
import type { HandlerContext, HandlerResult, ServerState } from '../state.js';
import { type AccessTokenRecord, type FederationState, federationOf, type RuleRecord } from './store.js';
import { type ChainFacts, checksInOrder, stagesOf, verifyAssertion } from './verify.js';

type Machine = typeof federationRulesMachine.machine;
type RuleState = Machine['states'][number];
type Facts = Partial<Record<(typeof federationRulesMachine.guardNames)[number], boolean>>;

/** The default rule lifetime, from the spec's schema (RULE-LIFETIME-DEFAULT). */
export const DEFAULT_TOKEN_LIFETIME_SECONDS = FederationRule.properties.token_lifetime_seconds
  .default as number;

/** An error whose body is given whole (the spec's `invalid_grant` body). */
export class BodyError extends ApiError {
  constructor(
    status: number,
    private readonly fixedBody: ErrorBody,
  ) {
    super(status, fixedBody.error.type, fixedBody.error.message);
  }
  override get body(): ErrorBody {
    return this.fixedBody;
  }
}

/** The one `invalid_grant` answer, whatever the cause. */
function invalidGrant(state: ServerState, cause: jwt.ExchangeFailureCause): BodyError {
  return new BodyError(400, state.choices.invalidGrantBody(jwt.invalidGrantBody(cause), cause));
}

/** Store key of the workspace a body names (`default` is the Default Workspace, ID-WORKSPACE-DEFAULT-LITERAL). */
const workspaceKeyOf = (organizationId: string, workspaceId: string) =>
  workspaceId === 'default' ? defaultWorkspaceKey(organizationId) : workspaceId;

interface Target {
  /** The chosen workspace's store key, or null when it cannot be chosen (several, none given). */
  readonly key: string | null;
  readonly authorized: boolean;
  readonly missingForMulti: boolean;
  /**
   * The request is authorized for the rule but for the workspace (not one the rule is enabled
   * for, or not one the service account is a member of), and that is answered once the JWT is
   * verified instead of as "not authorized" (a seam's choice).
   */
  readonly workspaceRefused: boolean;
}

/**
 * The workspace the token will be scoped to and whether the request is authorized for the rule
 * (UNSPEC-EXCH-NOT-AUTHORIZED-MEANING): the rule's organization, an existing service account of
 * it that is a member of the chosen workspace (RULE-WORKSPACE-SERVICE-ACCOUNT-MEMBER), a workspace
 * the rule is enabled for and that is not archived.
 */
function resolveTarget(state: ServerState, rule: RuleRecord, body: TokenExchangeParams): Target {
  const federation = federationOf(state);
  const enabled = rule.workspaceKeys.filter((key) => {
    const ws = state.store.workspaces.get(key);
    return ws !== undefined && ws.archivedAt === null;
  });
  let key: string | null;
  let missingForMulti = false;
  if (body.workspace_id === undefined) {
    if (enabled.length === 1)
      key = enabled[0] ?? null; // EXCH-WORKSPACE-ID-OMITTED-SOLE
    else if (enabled.length > 1) {
      // EXCH-WORKSPACE-ID-REQUIRED-MULTI
      key = state.choices.workspaceOfSeveral(enabled);
      missingForMulti = key === null;
    } else key = null;
  } else {
    const wanted = workspaceKeyOf(rule.organizationId, body.workspace_id);
    key = enabled.includes(wanted) ? wanted : null;
  }
  const account = federation.serviceAccounts.get(body.service_account_id);
  const forRule =
    body.organization_id === rule.organizationId &&
    account !== undefined &&
    account.organizationId === rule.organizationId &&
    federation.issuers.get(rule.issuerId) !== undefined;
  const forWorkspace =
    account !== undefined &&
    (missingForMulti
      ? enabled.some((k) => account.workspaceKeys.includes(k))
      : key !== null && account.workspaceKeys.includes(key));
  // What "not authorized for the rule" covers is not shown (UNSPEC-EXCH-NOT-AUTHORIZED-MEANING).
  const workspaceRefused = forRule && !forWorkspace && state.choices.workspaceRefusedAfterVerification;
  return {
    key,
    authorized: forRule && (forWorkspace || workspaceRefused),
    missingForMulti,
    workspaceRefused,
  };
}

/** Mints between two sweeps of expired tokens. */
const PRUNE_EVERY = 1024;

/**
 * Forgets expired access tokens now and then (every PRUNE_EVERY mints of this server), so a long
 * run does not keep every token it ever minted.
 */
function pruneExpiredTokens(state: ServerState, federation: FederationState, now: number): void {
  if (++federation.mintedSinceSweep < PRUNE_EVERY || !state.choices.expiredTokensForgotten) return;
  federation.mintedSinceSweep = 0;
  const tokens = federation.accessTokens;
  for (const token of tokens.values()) if (token.expiresAt <= now) tokens.delete(token.id);
}

/** Mints the access token of a successful exchange (effect `token.minted`). */
function mint(
  state: ServerState,
  rule: RuleRecord,
  serviceAccountId: string,
  workspaceKey: string,
  claims: jwt.JwtClaims,
): TokenExchangeResponse {
  const v = state.vendor;
  const c = state.choices;
  const federation = federationOf(state);
  const now = state.clock.now();
  // ID-ACCESS-TOKEN-PREFIX
  const prefix = c.accessTokenPrefix(v.prefixes.accessToken, v.name);
  const secret = `${prefix}${c.accessTokenBody(state.ids.secret(40), state.ids)}`;
  // How long the token lives, and so `expires_in`, is not shown (UNSPEC-EXCH-EXPIRES-IN-VALUE).
  const lifetime = c.accessTokenLifetime(rule.token_lifetime_seconds, claims.exp, now / 1000);
  const workspace = state.store.workspaces.get(workspaceKey);
  const record: AccessTokenRecord = {
    id: secret,
    organizationId: rule.organizationId,
    workspaceId: workspace === undefined || workspace.isDefault ? null : workspace.id,
    scope: rule.oauth_scope,
    serviceAccountId,
    ruleId: rule.id,
    issuedAt: now,
    expiresAt: now + lifetime * 1000,
  };
  federation.accessTokens.put(record);
  pruneExpiredTokens(state, federation, now);
  return {
    access_token: secret,
    token_type: 'Bearer',
    // The token says how long it lives (EXCH-RESPONSE-EXPIRES-IN).
    expires_in: c.expiresInAnswered(lifetime, DEFAULT_TOKEN_LIFETIME_SECONDS),
    scope: rule.oauth_scope,
  };
}

/** Answers a machine outcome that is not a success. */
function refuse(
  state: ServerState,
  outcome: ReturnType<typeof step>['outcome'],
  cause: jwt.ExchangeFailureCause,
): never {
  const workspaceIdRequired = errors.ERRORS.exchange_workspace_id_required;
  if (outcome.kind === 'error' && outcome.errorType === workspaceIdRequired.type) {
    // The only invalid_request row after the body checks: workspace_id_required.
    throw apiError('exchange_workspace_id_required', {}, { status: outcome.status });
  }
  // invalid_grant rows, and the JWT checks the table does not list (UNSPEC-EXCH-JWT-CHECK-ERRORS).
  throw invalidGrant(state, cause);
}

/**
 * The `oauth.token` row for the facts known so far: refused unless its outcome is a success
 * (`cause` names the failure, which its answer does not reveal).
 */
function ruleRow(state: ServerState, ruleState: RuleState, facts: Facts, cause: jwt.ExchangeFailureCause) {
  const machine: Machine = federationRulesMachine.machine;
  const result = step(machine, ruleState, 'oauth.token', facts);
  if (result.outcome.kind !== 'ok') refuse(state, result.outcome, cause);
  return result;
}

export async function exchange(ctx: HandlerContext<'oauth.token'>): Promise<HandlerResult> {
  const { state, body } = ctx;
  const federation = federationOf(state);
  const c = state.choices;
  const stages = stagesOf(state);

  // Which check comes first when several fail is not shown (UNSPEC-EXCH-CHECK-ORDER), nor the
  // answer to the JWT checks the error table does not list (UNSPEC-EXCH-JWT-CHECK-ERRORS).
  const early = c.assertionRefusedFirst(
    body.assertion,
    (input) => jwt.checkJwt(input, checksInOrder(stages)),
    c.jwtCheckInstant(state.clock.now() / 1000),
    c.claimsAsChecked,
  );
  if (early !== null) throw apiError('exchange_jwt_check_failed', { check: early });

  const rule = federation.rules.get(body.federation_rule_id);
  // A rule that does not exist has no state: the same answer as an archived one (EXCH-ERR-RULE-NOT-FOUND).
  if (!rule) throw invalidGrant(state, 'rule-not-found');

  const facts: Facts = { requiredFieldMissing: false, ruleIdMalformed: false };
  const archived = rule.archivedAt !== null && c.archivedRulesRefused;
  const ruleState = federationRulesMachine.stateOf({
    name: rule.name,
    match: rule.match,
    oauth_scope: rule.oauth_scope,
    archived,
  });
  if (ruleState === 'archived') ruleRow(state, ruleState, facts, 'rule-archived');

  const target = resolveTarget(state, rule, body);
  facts.jwtAuthorized = target.authorized;
  if (!target.authorized) ruleRow(state, ruleState, facts, 'not-authorized');

  const issuer = federation.issuers.get(rule.issuerId);
  if (!issuer) ruleRow(state, ruleState, facts, 'not-authorized');
  const verification = await verifyAssertion(state, stages, federation, issuer!, rule.match, body.assertion);
  Object.assign(facts, verification.facts satisfies ChainFacts);
  if (verification.cause !== null) ruleRow(state, ruleState, facts, verification.cause);

  facts.workspaceIdMissingForMultiWorkspace = target.missingForMulti;
  const result = ruleRow(state, ruleState, facts, 'not-authorized');
  if (target.workspaceRefused) throw apiError('exchange_workspace_not_enabled');
  if (!result.effects.includes('token.minted') || target.key === null || verification.claims === null) {
    throw invalidGrant(state, 'not-authorized');
  }
  const status = result.outcome.kind === 'ok' ? result.outcome.status : 200;
  return {
    status,
    body: mint(state, rule, body.service_account_id, target.key, verification.claims),
  };
}

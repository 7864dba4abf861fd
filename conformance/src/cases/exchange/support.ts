/**
 * What the exchange cases share: signing keys (generated once per process: RSA generation is
 * slow), JWT signing, a federation fixture (issuer, service account, rule), the exchange call, and
 * the oracle that says what the exchange must answer.
 *
 * Nothing here restates a rule. The verdict on a JWT is `jwt.checkJwt`, on claims
 * `matchers.matchClaims`; the HTTP outcome of a failure is the federation-rule machine's row that
 * `step` picks once the failure is turned into its guard fact. Which guard a failure falsifies is
 * read from the table too: the row that cites the failure's requirement id.
 */
import {
  type FederationMatch,
  type FederationOAuthScope,
  federationRulesMachine,
  jwt,
  type matchers,
  type Outcome,
  type StepResult,
  step,
  type TokenExchangeResponse,
} from '@vendor-api/spec';
import {
  type CryptoKey,
  exportJWK,
  exportSPKI,
  generateKeyPair,
  importJWK,
  type JWK,
  type JWTHeaderParameters,
  SignJWT,
} from 'jose';
import type { Workspace } from '../../adapter.js';
import type { CaseContext } from '../../case.js';
import type { Auth, Response } from '../../http.js';

export const GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/**
 * The issuer URL of the fixtures: an internal host on a non-standard port. Inline issuers never
 * fetch it, so it is only compared with `iss` (URL-ISSUER-UNFETCHED-FREE, ISSUER-URL-STRING-COMPARE).
 */
export const ISSUER_URL = 'https://idp.internal.test:8443/realm/';
export const SUBJECT = 'repo:acme/app:ref:refs/heads/main';
/** Seconds the cases keep away from every time boundary. */
export const MARGIN = 2;
/**
 * Seconds around `now` over which a verdict must hold to be judged: more than the exact instant
 * (not shown: UNSPEC-FED-SKEW-BOUNDARY) and the time a request takes on a live clock; less than `MARGIN`.
 */
export const WINDOW = 1;

// ---------------------------------------------------------------------------------------------
// Keys

export interface KeyPair {
  readonly alg: string;
  readonly kid: string;
  readonly privateKey: CryptoKey;
  readonly publicKey: CryptoKey;
  /** The public JWK as published in the issuer's key set (with `kid`, `alg`, `use`). */
  readonly jwk: JWK;
}

const keyCache = new Map<string, Promise<KeyPair>>();
const rsaCache = new Map<string, Promise<{ privateJwk: JWK; publicJwk: JWK }>>();

/** One RSA key per `slot` for all six RS/PS algorithms (one generation instead of six). */
function rsaMaterial(slot: string) {
  let pending = rsaCache.get(slot);
  if (!pending) {
    pending = (async () => {
      const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
      return { privateJwk: await exportJWK(privateKey), publicJwk: await exportJWK(publicKey) };
    })();
    rsaCache.set(slot, pending);
  }
  return pending;
}

/**
 * A key pair for an algorithm, cached per process by algorithm, key id and slot (`slot` tells
 * apart two keys that publish the same `kid`: the real one and a forger's).
 */
export function keyPair(alg: string, kid = alg.toLowerCase(), slot = 'main'): Promise<KeyPair> {
  const cacheKey = `${alg}/${kid}/${slot}`;
  let pending = keyCache.get(cacheKey);
  if (!pending) {
    pending = (async () => {
      let privateKey: CryptoKey;
      let publicKey: CryptoKey;
      if (alg.startsWith('RS') || alg.startsWith('PS')) {
        const m = await rsaMaterial(slot);
        privateKey = (await importJWK(m.privateJwk, alg)) as CryptoKey;
        publicKey = (await importJWK(m.publicJwk, alg)) as CryptoKey;
      } else {
        const pair = await generateKeyPair(alg, { extractable: true });
        privateKey = pair.privateKey;
        publicKey = pair.publicKey;
      }
      const jwk = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' };
      return { alg, kid, privateKey, publicKey, jwk };
    })();
    keyCache.set(cacheKey, pending);
  }
  return pending;
}

/** The SPKI PEM of a public key (the secret of an algorithm-confusion token). */
export const publicPem = (key: KeyPair) => exportSPKI(key.publicKey);

// ---------------------------------------------------------------------------------------------
// Signing

export type Claims = Record<string, unknown>;

/** Claims valid for `now` (seconds): iss, sub, aud, iat = now, exp = now + 600. */
export function validClaims(now: number, overrides: Claims = {}): Claims {
  return {
    iss: ISSUER_URL,
    sub: SUBJECT,
    aud: 'vendor-api',
    iat: Math.floor(now),
    exp: Math.floor(now) + 600,
    ...overrides,
  };
}

/** Claims without the named members. */
export function without(claims: Claims, ...names: string[]): Claims {
  const out = { ...claims };
  for (const n of names) delete out[n];
  return out;
}

export interface SignOptions {
  /** Drop `kid` from the header. */
  readonly noKid?: boolean;
  /** Header members added or replaced. */
  readonly header?: Record<string, unknown>;
}

/** Signs claims with a key pair (header `alg` and `kid` from the key). */
export function sign(key: KeyPair, claims: Claims, options: SignOptions = {}): Promise<string> {
  const header = { alg: key.alg, ...(options.noKid ? {} : { kid: key.kid }), ...options.header };
  return new SignJWT(claims).setProtectedHeader(header as JWTHeaderParameters).sign(key.privateKey);
}

/** Signs with an HMAC algorithm and a raw secret. */
export function signHmac(
  alg: 'HS256' | 'HS384' | 'HS512',
  secret: Uint8Array,
  kid: string,
  claims: Claims,
): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg, kid }).sign(secret);
}

const b64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** An unsecured JWT (`alg: none`, empty signature). */
export function unsecured(kid: string, claims: Claims): string {
  return `${b64url(JSON.stringify({ alg: 'none', kid }))}.${b64url(JSON.stringify(claims))}.`;
}

/** A JWT whose payload is replaced after signing (the signature no longer covers it). */
export function tamper(token: string, claims: Claims): string {
  const [h, , s] = token.split('.');
  return `${h}.${b64url(JSON.stringify(claims))}.${s}`;
}

/** The token with its signature cut short. */
export function truncate(token: string, chars = 4): string {
  return token.slice(0, -chars);
}

/**
 * A JWT of exactly `bytes` bytes signed by `key`: a `pad` claim and a header member `pad` are sized
 * until the compact serialization has that length (base64url cannot hit every length with the
 * payload alone).
 */
export async function signToSize(key: KeyPair, claims: Claims, bytes: number): Promise<string> {
  for (let headerPad = 0; headerPad < 4; headerPad++) {
    const header = headerPad === 0 ? {} : { pad: 'h'.repeat(headerPad) };
    let n = 0;
    for (let round = 0; round < 12; round++) {
      const token = await sign(key, { ...claims, pad: 'p'.repeat(n) }, { header });
      const length = jwt.utf8ByteLength(token);
      if (length === bytes) return token;
      const step = Math.trunc(((bytes - length) * 3) / 4);
      if (step === 0) break;
      n = Math.max(0, n + step);
    }
  }
  throw new Error(`could not sign a JWT of exactly ${bytes} bytes`);
}

// ---------------------------------------------------------------------------------------------
// Clock

/** The target's current time in seconds (its clock through the adapter, else this machine's). */
export async function serverNow(ctx: CaseContext): Promise<number> {
  if (ctx.adapter.capabilities.has('clock') && ctx.adapter.now)
    return (await ctx.fixture('clock', 'now')) / 1000;
  return Date.now() / 1000;
}

// ---------------------------------------------------------------------------------------------
// Fixtures

export interface IssuerHandle {
  readonly id: string;
  readonly issuer_url: string;
  readonly keys: readonly KeyPair[];
  /** Extra non-signing members of the key set (an `oct` key, ...). */
  readonly extraKeys: readonly Record<string, unknown>[];
  readonly maxLifetimeSeconds?: number;
}

export interface RuleHandle {
  readonly id: string;
  readonly issuer: IssuerHandle;
  readonly match: FederationMatch;
  readonly oauth_scope: FederationOAuthScope;
  readonly token_lifetime_seconds?: number;
  /** Workspaces the rule is enabled for: a workspace, or `default`. */
  readonly workspaces: readonly (Workspace | 'default')[];
  readonly serviceAccountId: string;
}

let names = 0;
/** A fresh fixture name (`^[a-z0-9-]+$`). */
export const fixtureName = (prefix: string) => `${prefix}-${++names}`;

export async function createIssuer(
  ctx: CaseContext,
  options: {
    keys?: readonly KeyPair[];
    extraKeys?: readonly Record<string, unknown>[];
    issuerUrl?: string;
    maxLifetimeSeconds?: number;
    /** A fetched key set (`discovery`, `explicit_url`) instead of the inline `keys`. */
    jwks?: Record<string, unknown>;
  } = {},
): Promise<IssuerHandle> {
  const keys = options.keys ?? [await keyPair('ES256')];
  const extraKeys = options.extraKeys ?? [];
  const issuer_url = options.issuerUrl ?? ISSUER_URL;
  const { id } = await ctx.fixture('issuers', 'createIssuer', {
    name: fixtureName('issuer'),
    issuer_url,
    jwks: options.jwks ?? {
      type: 'inline',
      keys: [...keys.map((k) => k.jwk as Record<string, unknown>), ...extraKeys],
    },
    ...(options.maxLifetimeSeconds !== undefined ? { maxLifetimeSeconds: options.maxLifetimeSeconds } : {}),
  });
  return {
    id,
    issuer_url,
    keys,
    extraKeys,
    ...(options.maxLifetimeSeconds !== undefined ? { maxLifetimeSeconds: options.maxLifetimeSeconds } : {}),
  };
}

const wireWorkspace = (w: Workspace | 'default') => (w === 'default' ? 'default' : w.id);

export async function createServiceAccount(
  ctx: CaseContext,
  workspaces: readonly (Workspace | 'default')[],
): Promise<string> {
  const { id } = await ctx.fixture(
    'service-accounts',
    'createServiceAccount',
    fixtureName('svac'),
    workspaces.map(wireWorkspace),
  );
  return id;
}

export async function createRule(
  ctx: CaseContext,
  issuer: IssuerHandle,
  options: {
    match?: FederationMatch;
    scope?: FederationOAuthScope;
    lifetime?: number;
    workspaces?: readonly (Workspace | 'default')[];
    serviceAccountId?: string;
  } = {},
): Promise<RuleHandle> {
  const workspaces = options.workspaces ?? [ctx.target.workspace];
  const serviceAccountId = options.serviceAccountId ?? (await createServiceAccount(ctx, workspaces));
  const match = options.match ?? { subject_prefix: SUBJECT };
  const oauth_scope = options.scope ?? 'workspace:developer';
  const { id } = await ctx.fixture('federation-rules', 'createFederationRule', {
    name: fixtureName('rule'),
    issuer: issuer.id,
    match: match as Record<string, unknown>,
    oauth_scope,
    service_account_id: serviceAccountId,
    workspace_ids: workspaces.map(wireWorkspace),
    ...(options.lifetime !== undefined ? { token_lifetime_seconds: options.lifetime } : {}),
  });
  return {
    id,
    issuer,
    match,
    oauth_scope,
    ...(options.lifetime !== undefined ? { token_lifetime_seconds: options.lifetime } : {}),
    workspaces,
    serviceAccountId,
  };
}

/** Issuer (ES256 unless keys are given), service account and rule, in the target's workspace by default. */
export async function setupFederation(
  ctx: CaseContext,
  options: Parameters<typeof createIssuer>[1] & Parameters<typeof createRule>[2] = {},
): Promise<RuleHandle> {
  const issuer = await createIssuer(ctx, options);
  return createRule(ctx, issuer, options);
}

// ---------------------------------------------------------------------------------------------
// The exchange

/** The exchange body for a rule (fields given in `extra` replace or add; `undefined` drops one). */
export function exchangeBody(
  ctx: CaseContext,
  rule: Pick<RuleHandle, 'id' | 'serviceAccountId'>,
  assertion: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    grant_type: GRANT_TYPE,
    assertion,
    federation_rule_id: rule.id,
    organization_id: ctx.target.organizationId,
    service_account_id: rule.serviceAccountId,
    ...extra,
  };
  for (const [k, v] of Object.entries(body)) if (v === undefined) delete body[k];
  return body;
}

export function exchange(
  ctx: CaseContext,
  rule: Pick<RuleHandle, 'id' | 'serviceAccountId'>,
  assertion: string,
  extra: Record<string, unknown> = {},
): Promise<Response> {
  return ctx.call('oauth.token', { body: exchangeBody(ctx, rule, assertion, extra) });
}

let tokens = 0;
/** The bearer credential of an exchange's access token (a placeholder keeps it out of traces). */
export function bearer(res: Response): Auth {
  return {
    bearer: (res.body as TokenExchangeResponse).access_token,
    placeholder: `access_token_${++tokens}`,
  };
}

/**
 * Checks a successful exchange: 2xx with the documented body (validated strictly by the call),
 * the access-token prefix, `token_type` Bearer and the rule's scope.
 */
export function expectToken(ctx: CaseContext, res: Response, rule: Pick<RuleHandle, 'oauth_scope'>): void {
  ctx.http.expect(res, [{ kind: 'status-class', equals: '2xx' }]);
  const body = res.body as TokenExchangeResponse;
  if (typeof body.access_token !== 'string' || !body.access_token.startsWith(ctx.vendor.prefixes.accessToken))
    ctx.fail(`access_token does not start with ${ctx.vendor.prefixes.accessToken}`);
  ctx.field(res, '/token_type', 'Bearer');
  ctx.field(res, '/scope', rule.oauth_scope);
  if (!Number.isInteger(body.expires_in) || body.expires_in <= 0)
    ctx.fail(`expires_in is not a positive integer: ${JSON.stringify(body.expires_in)}`);
}

// ---------------------------------------------------------------------------------------------
// The oracle

const machine = federationRulesMachine.machine;
export type RuleState = federationRulesMachine.State;
export type Guard = (typeof federationRulesMachine.guardNames)[number];
type Facts = Partial<Record<Guard, boolean>>;
export type ExchangeStep = StepResult<RuleState, federationRulesMachine.Event, Guard, 'token.minted'>;

/** The facts of an exchange where everything holds: a body that is fine and every check passing. */
const ALL_PASS: Readonly<Record<Guard, boolean>> = {
  requiredFieldMissing: false,
  ruleIdMalformed: false,
  jwtAuthorized: true,
  issMatches: true,
  keySetFetched: true,
  keySetFresh: true,
  signedByKnownKey: true,
  notExpired: true,
  otherJwtChecksPass: true,
  claimsMatch: true,
  workspaceIdMissingForMultiWorkspace: false,
};

/**
 * The guard a failure falsifies: the one guard that an `oauth.token` failure row of the active
 * state sets against its passing value, in the row that cites the requirement.
 */
export function guardOf(requirement: string): Guard {
  const row = machine.rows.find(
    (r) =>
      r.event === 'oauth.token' &&
      r.from.includes('active') &&
      r.outcome.kind !== 'ok' &&
      r.requirements.includes(requirement),
  );
  const flipped = Object.entries(row?.when ?? {}).filter(
    ([g, v]) => ALL_PASS[g as Guard] !== undefined && ALL_PASS[g as Guard] !== v,
  );
  if (!row || flipped.length !== 1)
    throw new Error(`no single federation-rule guard for the requirement ${requirement}`);
  return flipped[0]![0] as Guard;
}

export interface Verdict {
  /** The JWT checks' verdict (`jwt.checkJwt`), or 'undecodable' when the token is not a compact JWS. */
  readonly jwt?: jwt.JwtCheckResult | 'undecodable';
  /** Whether the signature verifies with the key its kid names (false: forged, truncated, tampered). */
  readonly signature?: boolean;
  /** The matchers' verdict (`matchers.matchClaims`). */
  readonly match?: matchers.MatchResult;
  /** Other facts (authorization, workspace choice, ...). */
  readonly facts?: Facts;
  readonly state?: RuleState;
}

/** What the exchange must answer: the row `step` picks for the facts the verdicts give. */
export function expected(verdict: Verdict): ExchangeStep {
  const facts: Facts = { ...ALL_PASS, ...verdict.facts };
  // An undecodable assertion fails the JWT checks the error table does not list
  // (UNSPEC-EXCH-JWT-CHECK-ERRORS names "an undecodable assertion").
  if (verdict.jwt === 'undecodable') facts.otherJwtChecksPass = false;
  else if (verdict.jwt && !verdict.jwt.ok) facts[guardOf(verdict.jwt.requirement)] = false;
  if (verdict.signature === false) facts[guardOf('JWT-SIGNATURE')] = false;
  if (verdict.match && !verdict.match.ok) facts[guardOf('JWT-MATCH')] = false;
  return step(machine, verdict.state ?? 'active', 'oauth.token', facts) as ExchangeStep;
}

/** Asserts an answer against a row's outcome (success is any 2xx; an unspecified rejection any 4xx). */
export function expectOutcome(ctx: CaseContext, res: Response, outcome: Outcome): void {
  switch (outcome.kind) {
    case 'ok':
      ctx.http.expect(res, [{ kind: 'status-class', equals: '2xx' }]);
      return;
    case 'error':
      ctx.status(res, outcome.status, { errorType: outcome.errorType });
      return;
    case 'unspecified':
      ctx.clientError(res);
      return;
    default:
      ctx.fail(`an operation cannot have the outcome ${outcome.kind}`);
  }
}

/** The JWT verdict of a token for an issuer at `now` (seconds). */
export function jwtVerdict(
  token: string,
  issuer: IssuerHandle,
  now: number,
): jwt.JwtCheckResult | 'undecodable' {
  const decoded = jwt.decodeCompactJws(token);
  if (!decoded.ok) return 'undecodable';
  return jwt.checkJwt({
    assertion: token,
    header: decoded.header,
    claims: decoded.claims,
    now,
    issuer: {
      issuer_url: issuer.issuer_url,
      kids: [
        ...issuer.keys.map((k) => k.kid),
        ...issuer.extraKeys.flatMap((k) => (typeof k.kid === 'string' ? [k.kid] : [])),
      ],
      ...(issuer.maxLifetimeSeconds !== undefined ? { maxLifetimeSeconds: issuer.maxLifetimeSeconds } : {}),
    },
  });
}

/**
 * The JWT verdict, or null when it is not the same over `[now - WINDOW, now + WINDOW]`: the exact
 * instant of a skew boundary is not shown (UNSPEC-FED-SKEW-BOUNDARY), and a live clock moves
 * while the request travels.
 */
export function stableJwtVerdict(
  token: string,
  issuer: IssuerHandle,
  now: number,
): jwt.JwtCheckResult | 'undecodable' | null {
  const early = jwtVerdict(token, issuer, now - WINDOW);
  const late = jwtVerdict(token, issuer, now + WINDOW);
  const key = (v: typeof early) => (typeof v === 'string' ? v : v.ok ? 'ok' : v.check);
  return key(early) === key(late) ? jwtVerdict(token, issuer, now) : null;
}

/** The canonical `invalid_grant` answer of the target: an exchange naming a rule that does not exist. */
export async function nonexistentRuleAnswer(ctx: CaseContext, rule: RuleHandle, assertion: string) {
  const res = await exchange(ctx, rule, assertion, { federation_rule_id: `fdrl_${'0'.repeat(24)}` });
  // A rule that does not exist is answered like an archived one (RULE-ARCHIVED-NONEXISTENT).
  expectOutcome(ctx, res, expected({ state: 'archived' }).outcome);
  return res;
}

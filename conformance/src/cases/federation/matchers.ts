/**
 * Rule matchers at exchange: examples chosen at the edges of each matcher (exact vs trailing-`*`
 * subject, `*` elsewhere literal, case, audience string vs array, claims exact strings vs
 * non-string claims, CEL true/false/error/non-boolean/nested, AND of all populated matchers), and
 * a property over generated rules and claim sets. Every verdict is `matchers.matchClaims`'s; the
 * answer is the machine's row for it.
 */
import { type FederationMatch, matchers } from '@vendor-api/spec';
import fc from 'fast-check';
import { FEDERATION_CAPABILITIES } from '../../capabilities.js';
import { type CaseContext, defineCase } from '../../case.js';
import {
  type Claims,
  createIssuer,
  createRule,
  createServiceAccount,
  exchange,
  expected,
  expectOutcome,
  expectToken,
  type IssuerHandle,
  keyPair,
  SUBJECT,
  serverNow,
  sign,
  stableJwtVerdict,
  validClaims,
} from './support/index.js';

/** Claims beyond the registered ones: strings, a number, a boolean, a nested map, a list. */
const EXTRA: Claims = {
  repository: 'acme/app',
  run_number: 123,
  ref_protected: true,
  ctx: { ref: 'refs/heads/main', env: { name: 'prod' } },
  groups: ['deploy', 'ci'],
};

type Example = readonly [what: string, match: FederationMatch, claims?: Claims];

const EXAMPLES: readonly Example[] = [
  ['subject exact', { subject_prefix: SUBJECT }],
  ['subject exact, one character longer', { subject_prefix: `${SUBJECT}x` }],
  ['subject without * is not a prefix', { subject_prefix: SUBJECT.slice(0, -4) }],
  ['subject trailing *', { subject_prefix: 'repo:acme/app:*' }],
  ['subject trailing * of another prefix', { subject_prefix: 'repo:acme/other:*' }],
  ['subject * alone', { subject_prefix: '*' }],
  ['subject * in the middle is literal', { subject_prefix: 'repo:*/app:ref:refs/heads/main' }],
  ['subject * in the middle and trailing', { subject_prefix: 'repo:*:*' }],
  ['subject * in the middle, literal in sub', { subject_prefix: 'repo:*/app:*' }, { sub: 'repo:*/app:main' }],
  ['subject case differs', { subject_prefix: SUBJECT.toUpperCase() }],
  ['subject prefix case differs', { subject_prefix: 'REPO:*' }],
  ['audience equals a string aud', { subject_prefix: 'repo:*', audience: 'vendor-api' }],
  ['audience is a prefix of aud', { subject_prefix: 'repo:*', audience: 'vendor' }],
  [
    'audience in an array aud',
    { subject_prefix: 'repo:*', audience: 'vendor-api' },
    { aud: ['other', 'vendor-api'] },
  ],
  ['audience not in an array aud', { subject_prefix: 'repo:*', audience: 'vendor-api' }, { aud: ['other'] }],
  ['audience with aud absent', { subject_prefix: 'repo:*', audience: 'vendor-api' }, { aud: undefined }],
  ['claims exact string', { claims: { repository: 'acme/app' } }],
  ['claims string differs in case', { claims: { repository: 'acme/App' } }],
  ['claims "123" against the number 123', { claims: { run_number: '123' } }],
  ['claims "123" against the string "123"', { claims: { run_number: '123' } }, { run_number: '123' }],
  ['claims "true" against the boolean true', { claims: { ref_protected: 'true' } }],
  ['claims naming an absent claim', { claims: { missing: 'x' } }],
  ['claims on a nested map', { claims: { ctx: '{"ref":"refs/heads/main","env":{"name":"prod"}}' } }],
  ['claims, two entries', { claims: { repository: 'acme/app', sub: SUBJECT } }],
  ['condition true', { condition: 'claims.repository == "acme/app"' }],
  ['condition false', { condition: 'claims.repository == "acme/other"' }],
  ['condition on a nested claim', { condition: 'claims.ctx.env.name == "prod"' }],
  ['condition on a nested claim, false', { condition: 'claims.ctx.env.name == "dev"' }],
  ['condition with a method', { condition: 'claims.ctx.ref.startsWith("refs/heads/")' }],
  ['condition on a list', { condition: '"deploy" in claims.groups' }],
  ['condition on a list, false', { condition: '"admin" in claims.groups' }],
  ['condition on a boolean claim', { condition: 'claims.ref_protected' }],
  ['condition erroring on an absent claim', { condition: 'claims.missing == "x"' }],
  ['condition erroring on an absent nested claim', { condition: 'claims.ctx.missing.name == "x"' }],
  ['condition that is not boolean', { condition: 'claims.repository' }],
  [
    'AND: subject, claims and condition hold',
    {
      subject_prefix: SUBJECT,
      claims: { repository: 'acme/app' },
      condition: 'claims.ctx.env.name == "prod"',
    },
  ],
  [
    'AND: the condition fails',
    {
      subject_prefix: SUBJECT,
      claims: { repository: 'acme/app' },
      condition: 'claims.ctx.env.name == "dev"',
    },
  ],
  ['AND: the subject fails', { subject_prefix: 'repo:other:*', claims: { repository: 'acme/app' } }],
  ['AND: the audience fails', { subject_prefix: SUBJECT, audience: 'other' }],
  ['AND: the claims fail', { condition: 'true', claims: { repository: 'acme/other' } }],
];

/** The claims of a token: valid time claims, `EXTRA`, then the overrides (`undefined` removes one). */
function claimsFor(now: number, overrides: Claims = {}): Claims {
  const claims = validClaims(now, { ...EXTRA, ...overrides });
  for (const [k, v] of Object.entries(claims)) if (v === undefined) delete claims[k];
  return claims;
}

/** Creates a rule with `match`, exchanges a JWT with `claims` and judges the answer. */
async function judgeMatch(
  ctx: CaseContext,
  issuer: IssuerHandle,
  serviceAccountId: string,
  match: FederationMatch,
  claims: Claims,
  now: number,
  what: string,
): Promise<void> {
  const valid = matchers.validateMatch(match);
  if (!valid.ok) throw new Error(`${what}: the case built an invalid match (${valid.message})`);
  const rule = await createRule(ctx, issuer, { match, serviceAccountId });
  const token = await sign(issuer.keys[0]!, claims);
  const verdict = stableJwtVerdict(token, issuer, now);
  if (verdict === null) throw new Error(`${what}: the token's times sit on a skew boundary`);
  const step = expected({ jwt: verdict, match: matchers.matchClaims(match, claims) });
  const res = await exchange(ctx, rule, token);
  try {
    expectOutcome(ctx, res, step.outcome);
    if (step.outcome.kind === 'ok') expectToken(ctx, res, rule);
  } catch (error) {
    (error as Error).message = `${what}: ${(error as Error).message}`;
    throw error;
  }
}

export const matcherExamples = defineCase({
  id: 'federation.matcher-examples',
  family: 'federation',
  title:
    'subject exact vs trailing *, * elsewhere literal, case; audience string vs array; claims strings vs non-string claims; CEL true/false/error/nested; AND of all matchers',
  requirements: [
    'JWT-MATCH',
    'EXCH-ERR-MATCH-FAILED',
    'MATCH-SUBJECT-EXACT',
    'MATCH-SUBJECT-PREFIX',
    'MATCH-SUBJECT-CASE-SENSITIVE',
    'MATCH-AUDIENCE-STRING',
    'MATCH-AUDIENCE-ARRAY',
    'MATCH-CLAIMS-EXACT',
    'MATCH-CLAIMS-STRING-ONLY',
    'MATCH-CONDITION-CEL',
    'MATCH-CONDITION-TRUE',
    'MATCH-CONDITION-VARIABLE',
    'MATCH-AND',
    'EXCH-ERR-GRANT-CAUSE-HIDDEN',
  ],
  needs: [...FEDERATION_CAPABILITIES],
  async run(ctx) {
    const issuer = await createIssuer(ctx, { keys: [await keyPair('ES256')] });
    const account = await createServiceAccount(ctx, [ctx.target.workspace]);
    const now = await serverNow(ctx);
    for (const [what, match, overrides] of EXAMPLES) {
      await judgeMatch(ctx, issuer, account, match, claimsFor(now, overrides), now, what);
    }
  },
});

// ---------------------------------------------------------------------------------------------
// The property

const segment = fc.stringMatching(/^[a-z*/]{1,5}$/);
const subjectArb = fc
  .tuple(fc.constantFrom('repo', 'org'), fc.array(segment, { minLength: 0, maxLength: 3 }))
  .map(([head, rest]) => [head, ...rest].join(':'));

/** A subject pattern derived from a subject: exact, cut, cut + `*`, with a `*` inside, case-changed. */
const patternArb = (sub: string) =>
  fc.oneof(
    fc.constant(sub),
    fc.nat(sub.length).map((n) => `${sub.slice(0, n)}*`),
    fc.integer({ min: 1, max: sub.length }).map((n) => sub.slice(0, n)),
    fc.nat(sub.length).map((n) => `${sub.slice(0, n)}*${sub.slice(n)}`),
    fc.nat(sub.length).map((n) => `${sub.slice(0, n)}*${sub.slice(n)}*`),
    fc.constant(sub.toUpperCase()),
  );

/** Conditions over the claims: true, false or erroring depending on the claim set. */
const CONDITIONS = [
  'claims.repository == "acme/app"',
  'claims.ctx.env.name == "prod"',
  'claims.ctx.ref.startsWith("refs/heads/")',
  '"deploy" in claims.groups',
  'claims.ref_protected == true',
  'claims.sub.startsWith("repo:")',
  'claims.missing == "x"',
  'claims.ctx.missing.name == "x"',
  'claims.repository',
];

/**
 * A rule's matchers, each absent or present, and a claim set near them: most generated values
 * satisfy their matcher, so the one that does not decides (AND of all populated matchers).
 */
const matchCaseArb = subjectArb.chain((sub) =>
  fc
    .record({
      subject_prefix: fc.option(patternArb(sub), { nil: undefined }),
      audience: fc.option(fc.constantFrom('vendor-api', 'other'), { nil: undefined }),
      claims: fc.option(
        fc
          .record(
            {
              repository: fc.constantFrom('acme/app', 'acme/app', 'acme/App'),
              run_number: fc.constant('123'),
              ref_protected: fc.constant('true'),
            },
            { requiredKeys: [] },
          )
          .filter((c) => Object.keys(c).length > 0),
        { nil: undefined },
      ),
      condition: fc.option(fc.constantFrom(...CONDITIONS), { nil: undefined }),
      aud: fc.constantFrom<unknown>('vendor-api', 'other', ['other', 'vendor-api'], ['other'], undefined),
      repository: fc.constantFrom('acme/app', 'acme/app', 'acme/App'),
      run_number: fc.constantFrom<unknown>(123, '123'),
      ref_protected: fc.constantFrom<unknown>(true, 'true'),
    })
    .map(({ aud, repository, run_number, ref_protected, ...matchers }) => {
      const match: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(matchers)) if (v !== undefined) match[k] = v;
      return {
        match: match as FederationMatch,
        claims: { sub, aud, repository, run_number, ref_protected } as Claims,
      };
    })
    .filter(({ match }) => matchers.validateMatch(match).ok),
);

export const matcherProperty = defineCase({
  id: 'federation.matcher-property',
  family: 'federation',
  title:
    'generated rules and claim sets: the exchange succeeds exactly when matchers.matchClaims says the claims match',
  requirements: [
    'JWT-MATCH',
    'EXCH-ERR-MATCH-FAILED',
    'MATCH-AND',
    'MATCH-SUBJECT-EXACT',
    'MATCH-SUBJECT-PREFIX',
    'MATCH-SUBJECT-CASE-SENSITIVE',
    'MATCH-AUDIENCE-STRING',
    'MATCH-AUDIENCE-ARRAY',
    'MATCH-CLAIMS-EXACT',
    'MATCH-CLAIMS-STRING-ONLY',
    'MATCH-CONDITION-TRUE',
  ],
  needs: [...FEDERATION_CAPABILITIES],
  async run(ctx) {
    const issuer = await createIssuer(ctx, { keys: [await keyPair('ES256')] });
    const account = await createServiceAccount(ctx, [ctx.target.workspace]);
    await ctx.property(
      matchCaseArb,
      async ({ match, claims }) => {
        const now = await serverNow(ctx);
        await judgeMatch(ctx, issuer, account, match, claimsFor(now, claims), now, JSON.stringify(match));
      },
      // A run is two requests: twice the usual runs stay well under a second.
      { numRuns: 2 * ctx.settings.numRuns },
    );
  },
});

/**
 * One negative case per operation whose request has documented constraints: for each constraint,
 * a valid request with exactly that constraint broken (see constraints.ts), and for a JSON body a
 * body that is not JSON at all. Each must get a 4xx with an error body, never a 5xx and never a
 * success. A case cites the requirement ids of the constraints its inputs break, and nothing else:
 * an unknown field, an unknown query parameter or a kind the documents do not show is not a
 * negative input (the documents are silent about them).
 *
 * The status is not shown for these validation failures (e.g. UNSPEC-MSG-CREATE-ERRORS,
 * UNSPEC-BATCH-CREATE-ERRORS, UNSPEC-DREAM-VALIDATION-ERRORS, UNSPEC-SRES-ERRORS,
 * UNSPEC-WS-ADMIN-ERRORS, UNSPEC-RL-ERRORS, UNSPEC-USAGE-ERRORS): only the class and the error
 * body are asserted. Where an operation's errors name the answer to a constraint broken (the token
 * exchange: 400 `invalid_request` for a required field missing or a malformed `federation_rule_id`,
 * EXCH-ERR-FIELD-MISSING, EXCH-ERR-RULE-ID-MALFORMED), that status and type are asserted, so the
 * requirement is credited only where it was observed.
 */
import { access, type Operation, spec } from '@vendor-api/spec';
import { type CaseContext, type CaseDefinition, defineCase } from '../../case.js';
import { breakableConstraints, breaking, documentedAnswer, validRequests } from './constraints.js';
import { type Attempt, malformed } from './inputs.js';

const caseId = (e: Operation) => `negative.${e.id.replace(/[._]/g, '-')}`;

/** The Unspecified item that leaves an operation's HTTP-level errors unshown and states the suite's policy. */
const advisoryPolicy = (e: Operation): string | undefined =>
  spec.unspecified.find((u) => u.advisory !== undefined && e.unspecified.includes(u.id))?.id;

function negativeCase(e: Operation, constraints: ReturnType<typeof breakableConstraints>): CaseDefinition {
  const policy = advisoryPolicy(e);
  const requirements = [
    ...new Set([
      ...constraints.flatMap((c) => c.requirements),
      ...(e.body ? ['VERSION-JSON-BODIES'] : []),
      'ERROR-BODY-ERROR-TYPE',
      // Exchange errors use the standard error body (the one place the documents say so).
      ...(access.endpointClass(e) === 'token_exchange'
        ? ['ERROR-EXCHANGE-STANDARD-BODY', 'EXCH-ERROR-BODY']
        : []),
    ]),
  ].sort();
  return defineCase({
    id: caseId(e),
    family: 'negative',
    title: `${e.method} ${e.path ?? e.id}: a valid request with one documented constraint broken (${constraints.length} constraints)${e.body ? ', or a body that is not JSON,' : ''} gets a 4xx with an error body, never a 5xx`,
    requirements,
    async run(ctx: CaseContext) {
      const send = async (
        a: Attempt,
        cites: readonly string[],
        answer?: { readonly status: number; readonly type: string },
      ) => {
        // One documented constraint broken on purpose: the request is not of the operation's type.
        const res = await ctx.callUnchecked(
          e.id,
          {
            path: a.path,
            query: a.query,
            ...(a.rawBody !== undefined
              ? { rawBody: a.rawBody }
              : a.body !== undefined
                ? { body: a.body }
                : {}),
          },
          false,
        );
        const check = () => {
          try {
            if (answer) ctx.status(res, answer.status, { errorType: answer.type });
            else ctx.clientError(res);
          } catch (error) {
            (error as Error).message = `${a.what}: ${(error as Error).message}`;
            throw error;
          }
        };
        // Where the documents show no HTTP-level errors of the operation, expecting a refusal is the
        // suite's own policy: an advisory check (a 5xx, a server error, still fails the case).
        if (policy === undefined || res.status >= 500) check();
        else await ctx.advisory(policy, [...cites, 'ERROR-BODY-ERROR-TYPE'], check);
      };
      // Valid requests of this run's seed; each constraint broken in the first that has its field.
      const valid = validRequests(e, ctx.settings.seed);
      for (const c of constraints) {
        const attempt = breaking(e, c, valid) ?? breaking(e, c, validRequests(e, 1));
        if (attempt) await send(attempt, c.requirements, documentedAnswer(e, c));
      }
      for (const a of valid.slice(0, 3))
        if (e.body) await send(malformed(a, ctx.settings.seed), ['VERSION-JSON-BODIES']);
    },
  });
}

export const negativeCases: readonly CaseDefinition[] = spec.endpoints.flatMap((e) => {
  const constraints = breakableConstraints(e);
  return constraints.length || e.body ? [negativeCase(e, constraints)] : [];
});

/**
 * One negative case per operation of the endpoint table that has any invalid input: generated
 * invalid requests (see inputs.ts) get a 4xx with the error body, never a 5xx and never a success.
 * The documents give the status of no validation failure of these requests (e.g.
 * UNSPEC-MSG-CREATE-ERRORS, UNSPEC-BATCH-CREATE-ERRORS, UNSPEC-DREAM-VALIDATION-ERRORS,
 * UNSPEC-SRES-ERRORS, UNSPEC-WS-ADMIN-ERRORS, UNSPEC-RL-ERRORS, UNSPEC-USAGE-ERRORS), so only the
 * class and the error body are asserted; the token exchange documents 400 for a malformed or
 * incomplete body, asserted only as a 4xx too, since a generated body may also fail other checks.
 */
import { access, type Endpoint, spec } from '@vendor-api/spec';
import { type CaseContext, type CaseDefinition, defineCase } from '../../case.js';
import { hasInvalidInput, invalidAttempts, requestRequirements } from './inputs.js';

/** Runs per operation (every operation is a case; the family stays well under 10 s). */
const RUNS = 20;

const caseId = (e: Endpoint) => `negative.${e.id.replace(/[._]/g, '-')}`;

function negativeCase(e: Endpoint): CaseDefinition {
  const fromSchemas = requestRequirements(e);
  const requirements = [
    ...(fromSchemas.length ? fromSchemas : e.requirements),
    'ERROR-BODY-ERROR-TYPE',
    // Exchange errors use the standard error body (the one place the documents say so).
    ...(access.endpointClass(e) === 'token_exchange'
      ? ['ERROR-EXCHANGE-STANDARD-BODY', 'EXCH-ERROR-BODY']
      : []),
  ];
  return defineCase({
    id: caseId(e),
    family: 'negative',
    title: `${e.method} ${e.path ?? e.id}: generated invalid bodies, queries and paths and malformed JSON get a 4xx with the error body, never a 5xx`,
    requirements,
    async run(ctx: CaseContext) {
      await ctx.property(
        invalidAttempts(e),
        async (a) => {
          const res = await ctx.call(
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
          ctx.clientError(res);
        },
        { numRuns: Math.min(ctx.settings.numRuns, RUNS) },
      );
    },
  });
}

export const negativeCases: readonly CaseDefinition[] = spec.endpoints
  .filter(hasInvalidInput)
  .map(negativeCase);

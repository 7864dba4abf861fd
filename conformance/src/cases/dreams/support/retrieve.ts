/** Reading a dream back: the invariants of its status, and the fields that never change. */
import { type Dream, dreamRules, spec } from '@vendor-api/spec';
import type { CaseContext } from '../../../case.js';
import { containsData, documentedPart } from '../../../data.js';
import { endedAtProblem } from '../../../instants.js';
import { authOf, success } from './answers.js';
import type { DreamHandle } from './create.js';

/**
 * Reads a dream by id (schema-checked) and checks the field invariants of its status; on the wall
 * clock (no adapter clock) also that it ended between its creation and this read.
 */
export async function retrieve(ctx: CaseContext, handle: DreamHandle): Promise<Dream> {
  const res = await ctx.call('dreams.retrieve', {
    path: { dream_id: handle.id },
    auth: authOf(ctx, handle.ws),
  });
  const seenAt = performance.now();
  success(ctx, res);
  const dream = ctx.bodyOf(res);
  const problems = dreamRules.dreamInvariantProblems(dream);
  if (problems.length)
    ctx.fail(
      `dream ${handle.id}: ${problems.map((p) => `${p.message} (${p.requirement})`).join('; ')}: ${JSON.stringify(dream)}`,
    );
  const stable = ['id', 'type', 'inputs', 'model', 'instructions', 'created_at'] as const;
  const last = documentedPart(spec.schemas, 'Dream', handle.last) as Record<string, unknown>;
  for (const k of stable) {
    if (!containsData(dream[k], last[k]))
      ctx.fail(
        `dream ${handle.id}: ${k} changed from ${JSON.stringify(handle.last[k])} to ${JSON.stringify(dream[k])}`,
      );
  }
  if (!ctx.has('clock')) {
    const problem = endedAtProblem(dream, handle.sentAt, seenAt);
    if (problem) ctx.fail(`dream ${handle.id}: ${problem} (DREAM-ENDED-AT-NULL-UNTIL-TERMINAL)`);
  }
  return dream;
}

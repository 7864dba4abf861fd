/** Helpers of the access cases: the operations to vary, and sending a varied probe. */
import type { Operation } from '@vendor-api/spec';
import type { CaseContext } from '../../case.js';
import type { CallOptions, Response } from '../../http.js';
import { type Probe, probe } from './probes.js';

/** Every operation of the endpoint table with its probe (operations with nothing to call are left out). */
export async function* probes(ctx: CaseContext): AsyncGenerator<[Operation, Probe]> {
  for (const endpoint of ctx.spec.endpoints) {
    const p = await probe(ctx, endpoint);
    if (p) yield [endpoint, p];
  }
}

/** Sends the probe with some options replaced; the body is checked by the case, not the schema. */
export function vary(
  ctx: CaseContext,
  endpoint: Operation,
  p: Probe,
  change: CallOptions,
): Promise<Response> {
  return ctx.call(endpoint.id, { ...p.options, ...change }, false);
}

/** Sends the probe unchanged: a valid probe must succeed (so the refusals came from the varied header). */
export async function control(ctx: CaseContext, endpoint: Operation, p: Probe): Promise<void> {
  if (!p.valid) return;
  const res = await ctx.call(endpoint.id, p.options, false);
  ctx.http.expect(res, [{ kind: 'status-class', equals: '2xx' }]);
}

/** Time as the federation cases see it: the target's clock and the margins kept from boundaries. */
import type { CaseContext } from '../../../case.js';

/** Seconds the cases keep away from every time boundary. */
export const MARGIN = 2;
/**
 * Seconds around `now` over which a verdict must hold to be judged: more than the exact instant
 * (not shown: UNSPEC-FED-SKEW-BOUNDARY) and the time a request takes on a live clock; less than `MARGIN`.
 */
export const WINDOW = 1;

/** The target's current time in seconds (its clock through the adapter, else this machine's). */
export async function serverNow(ctx: CaseContext): Promise<number> {
  if (ctx.adapter.capabilities.has('clock') && ctx.adapter.now)
    return (await ctx.fixture('clock', 'now')) / 1000;
  return Date.now() / 1000;
}

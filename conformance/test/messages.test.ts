/** The messages cases pass on the reference server and catch the token-counting faults. */
import { type FaultName, spec } from '@vendor-api/spec';
import { describe, expect, it } from 'vitest';
import type { CaseDefinition, CaseIdOf } from '../src/case.js';
import { cases } from '../src/cases/messages/index.js';
import { startEmbedded } from '../src/embedded.js';
import { runOne } from '../src/runner.js';
import { caseById } from './helpers.js';

const seed = Number(process.env.VENDOR_API_SEED ?? 1) | 0;
const byId = (id: CaseIdOf<typeof cases>) => caseById(cases, id);

async function outcome(c: CaseDefinition, faults: readonly FaultName[] = []) {
  const e = await startEmbedded({ seed, faults });
  try {
    const r = await runOne(c, {
      target: e.target,
      adapter: e.adapter,
      spec,
      settings: { seed, numRuns: 25, timeoutMs: 10_000 },
    });
    return r.outcome === 'failed' ? `failed: ${r.failure?.message}` : r.outcome;
  } finally {
    await e.close();
  }
}

describe('messages cases', () => {
  it('pass against the reference server', async () => {
    for (const c of cases) expect([c.id, await outcome(c)]).toEqual([c.id, 'passed']);
  }, 60_000);

  it.each<readonly [CaseIdOf<typeof cases>, FaultName]>([
    ['messages.count-tokens-earlier-thinking-ignored', 'TOKENS_EARLIER_THINKING_COUNTED'],
    ['messages.count-tokens-current-thinking-counts', 'TOKENS_CURRENT_THINKING_IGNORED'],
  ])(
    '%s fails with %s switched on',
    async (id, fault) => {
      expect(await outcome(byId(id), [fault])).toMatch(/^failed: /);
    },
    30_000,
  );
});

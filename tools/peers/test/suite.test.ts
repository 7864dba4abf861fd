import { allCases } from '@vendor-api/conformance';
import { describe, expect, it } from 'vitest';
import { orderedCases, suiteVerdict } from '../src/suite.js';

const seed = Number(process.env.VENDOR_API_SEED ?? 1);
const only = (...ids: string[]) => allCases.filter((c) => ids.includes(c.id));

describe('suiteVerdict', () => {
  it('counts a fault a case flags with an advisory as found, as the mutation score does', async () => {
    const verdict = await suiteVerdict(
      { faults: ['BATCH_DUPLICATE_CUSTOM_ID_ACCEPTED'] },
      { seed, maxTimeSeconds: 600, cases: only('message-batches.custom-id-unique') },
    );
    expect(verdict).toMatchObject({
      failed: false,
      unfinished: false,
      by: 'message-batches.custom-id-unique',
      flagged: 'UNSPEC-BATCH-CREATE-ERRORS',
      casesRun: 1,
    });
    // Every request the case sent reached the counted server.
    expect(verdict.requests).toBeGreaterThan(0);
  });

  it('stops at the first failure, naming the case', async () => {
    const verdict = await suiteVerdict(
      { faults: ['DREAM_CANCEL_COMPLETED_OK'] },
      {
        seed,
        maxTimeSeconds: 600,
        cases: only('dreams.cancel-completed-is-400', 'message-batches.custom-id-unique'),
      },
    );
    expect(verdict).toMatchObject({ failed: true, by: 'dreams.cancel-completed-is-400', casesRun: 1 });
  });

  it("runs the cases citing the fault's requirement first, then the others", () => {
    const citing = allCases
      .filter((c) => c.requirements.includes('DREAM-CANCEL-COMPLETED-400'))
      .map((c) => c.id);
    const ids = orderedCases({ faults: ['DREAM_CANCEL_COMPLETED_OK'] }).map((c) => c.id);
    expect(citing).toContain('dreams.cancel-completed-is-400');
    expect(ids.slice(0, citing.length)).toEqual(citing);
    expect(new Set(ids).size).toBe(allCases.length);
  });
});

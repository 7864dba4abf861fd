/**
 * The verdict holds under every legal subset of capabilities: a server that offers any part of the
 * control API (its discovery names only those), with any legal choices of its own (variants), is
 * judged conformant, and no requirement is credited whose observation needed a capability it
 * withheld. Randomized with the run's seed; `VENDOR_API_SUBSETS` subsets (2 by default here, more in
 * CI). A drive withheld leaves the server to move batches and dreams itself: on its clock, which the
 * suite moves when offered, else on the wall clock with short timings.
 */
import { createServer, ManualClock, SandboxClock, VARIANTS } from '@vendor-api/reference-server';
import { type Capability, spec } from '@vendor-api/spec';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { connectReference, REFERENCE_CAPABILITIES } from '../src/adapters/reference.js';
import { allCases } from '../src/cases/index.js';
import { unobservedRequirements } from '../src/needs.js';
import { runCases } from '../src/runner.js';

const seed = Number(process.env.VENDOR_API_SEED ?? 1);
const subsets = Number(process.env.VENDOR_API_SUBSETS ?? 2);

const choices = fc.sample(
  fc.record({
    capabilities: fc.subarray([...REFERENCE_CAPABILITIES]),
    variants: fc.subarray(
      VARIANTS.map((v) => v.name),
      { maxLength: 3 },
    ),
  }),
  { numRuns: subsets, seed },
);

async function offering(capabilities: readonly Capability[], variants: readonly string[]) {
  const has = (c: Capability) => capabilities.includes(c);
  const own = (drive: Capability, ms: number) => (has(drive) ? null : ms);
  const app = createServer({
    testControl: true,
    offeredCapabilities: capabilities,
    seed,
    variants,
    clock: has('clock') ? new ManualClock(Date.parse('2026-01-01T00:00:00Z')) : new SandboxClock(),
    timings: has('clock')
      ? {
          batchProcessingMs: own('drive-batches', 5_000),
          dreamStartMs: own('drive-dreams', 1_000),
          dreamRunMs: own('drive-dreams', 5_000),
        }
      : {
          batchProcessingMs: own('drive-batches', 300),
          dreamStartMs: own('drive-dreams', 100),
          dreamRunMs: own('drive-dreams', 300),
        },
  });
  const baseUrl = await app.reference.listenLocal(0);
  const connected = await connectReference(baseUrl, {
    testControlToken: app.reference.testControlToken ?? '',
  });
  return { ...connected, close: () => app.close() };
}

describe('every legal subset of capabilities', () => {
  it.each(choices.map((c, i) => [i, c] as const))(
    'subset %i: conformant, nothing credited that needed a capability withheld',
    async (_, { capabilities, variants }) => {
      const server = await offering(capabilities, variants);
      try {
        // Discovery answers only what the server offers.
        expect([...server.adapter.capabilities].sort()).toEqual([...capabilities].sort());
        const results = await runCases(allCases, {
          target: server.target,
          adapter: server.adapter,
          spec,
          settings: { seed, numRuns: 10, timeoutMs: 15_000, maxWaitMs: 30_000 },
          concurrency: 4,
        });
        const failed = results
          .filter((r) => r.outcome === 'failed' || r.suiteError !== undefined)
          .map((r) => `${r.id}: ${r.failure?.message.split('\n')[0]}`);
        expect(
          failed,
          `offered ${capabilities.join(',') || 'none'}; variants ${variants.join(',') || 'none'}`,
        ).toEqual([]);
        const has = (c: Capability) => capabilities.includes(c);
        for (const r of results) {
          const c = allCases.find((x) => x.id === r.id)!;
          const unobserved = [...unobservedRequirements(c.needs, has).keys()];
          expect(
            r.credited.filter((id) => unobserved.includes(id)),
            r.id,
          ).toEqual([]);
        }
      } finally {
        await server.close();
      }
    },
    600_000,
  );
});

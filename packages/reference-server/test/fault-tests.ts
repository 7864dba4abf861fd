/**
 * The shape of every seeded-fault test file: `faultTest(name, title, fn)` declares the test of one
 * fault (and checks the catalog has it and that it cites a requirement of the spec); `tested`
 * lets the file check that every fault of its catalog has a test.
 */
import { FAULTS, type FaultArea, type FaultDefinition, type FaultName, spec } from '@vendor-api/spec';
import { expect, it } from 'vitest';

/** The catalog's faults of one area. */
export const faultsIn = <A extends FaultArea>(area: A) =>
  FAULTS.filter((f): f is Extract<(typeof FAULTS)[number], { readonly area: A }> => f.area === area);

export function faultTests(catalog: readonly FaultDefinition[]) {
  const tested = new Set<string>();
  function faultTest(name: FaultName, title: string, fn: () => Promise<void>): void {
    tested.add(name);
    const def = catalog.find((f) => f.name === name);
    it(`${name} (${def?.requirement ?? 'not in the catalog'}): ${title}`, async () => {
      expect(def).toBeDefined();
      // The fault breaks a requirement of the spec's catalog.
      expect(spec.requirements.map((r) => r.id)).toContain(def?.requirement);
      await fn();
    });
  }
  return { faultTest, tested };
}

import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spec } from '@vendor-api/spec';
import { describe, expect, it } from 'vitest';
import { implementations, trace } from '../src/trace.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

describe('requirement traceability', () => {
  it('has one row per requirement of the catalog', async () => {
    const rows = await trace(root);
    expect(rows.map((r) => r.id)).toEqual(spec.requirements.map((r) => r.id));
  });

  it('finds the spec citations, the conformance cases and the tests of a requirement', async () => {
    const row = (await trace(root)).find((r) => r.id === 'DREAM-CANCEL-COMPLETED-400')!;
    expect(row.implementedBy).toContain('machine dreams');
    expect(row.checkedByCases).toContain('dreams.cancel-completed-is-400');
    expect(row.checkedByTests.length).toBeGreaterThan(0);
  });

  it('does not take an id for part of a longer one', () => {
    const impl = implementations();
    for (const [id] of impl)
      expect(
        spec.requirements.some((r) => r.id === id),
        id,
      ).toBe(true);
  });

  it('every HTTP-observable requirement is checked by a conformance case', async () => {
    const missing = (await trace(root)).filter(
      (r) => r.observability === 'http' && r.checkedByCases.length === 0,
    );
    expect(missing.map((r) => r.id)).toEqual([]);
  });
});

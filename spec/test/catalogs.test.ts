/**
 * The catalogs of seeded faults and variants against the spec's own catalogs: every fault breaks
 * a requirement the spec has, every variant realises Unspecified items the spec records, and every
 * Unspecified item is realised by a variant or named unrealisable with a reason, never both.
 */
import { describe, expect, it } from 'vitest';
import {
  FAULTS,
  isFaultName,
  isVariantName,
  spec,
  UNREALISABLE,
  VARIANTS,
  type VariantDefinition,
} from '../src/index.js';

const requirementIds = new Set(spec.requirements.map((r) => r.id));
const unspecifiedIds = new Set(spec.unspecified.map((u) => u.id));

describe('fault catalog', () => {
  it('names faults uniquely in UPPER_SNAKE, each with a description', () => {
    const names = FAULTS.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    for (const f of FAULTS) {
      expect(f.name).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/);
      expect(f.description.trim(), f.name).not.toBe('');
    }
  });

  it('cites, for every fault, a requirement id of the spec', () => {
    for (const f of FAULTS)
      expect(requirementIds.has(f.requirement), `${f.name}: ${f.requirement}`).toBe(true);
  });

  it('tells its names from others', () => {
    expect(isFaultName(FAULTS[0].name)).toBe(true);
    expect(isFaultName('NOT_A_FAULT')).toBe(false);
    expect(isFaultName(VARIANTS[0].name)).toBe(false);
  });
});

describe('variant catalog', () => {
  const realised = new Set(VARIANTS.flatMap((v) => v.unspecified as readonly string[]));

  it('classifies every unspecified item: realised by a variant or unrealisable, never both', () => {
    for (const id of unspecifiedIds) {
      expect(realised.has(id) || id in UNREALISABLE, `${id} is neither realised nor unrealisable`).toBe(true);
      expect(realised.has(id) && id in UNREALISABLE, `${id} is both realised and unrealisable`).toBe(false);
    }
  });

  it('cites only unspecified ids of the spec, and gives each unrealisable one a reason', () => {
    for (const id of realised) expect(unspecifiedIds.has(id), id).toBe(true);
    for (const [id, reason] of Object.entries(UNREALISABLE)) {
      expect(unspecifiedIds.has(id), id).toBe(true);
      expect(reason.trim(), id).not.toBe('');
    }
  });

  it('cites only requirement ids of the spec', () => {
    for (const v of VARIANTS) {
      for (const id of (v as VariantDefinition).requirements ?? []) {
        expect(requirementIds.has(id), `${v.name}: ${id}`).toBe(true);
      }
    }
  });

  it('names variants uniquely in kebab-case, each with a description and at least one id', () => {
    const names = VARIANTS.map((v) => v.name);
    expect(new Set(names).size).toBe(names.length);
    for (const v of VARIANTS) {
      expect(v.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(v.description.trim(), v.name).not.toBe('');
      expect(v.unspecified.length, v.name).toBeGreaterThan(0);
    }
  });

  it('tells its names from others', () => {
    expect(isVariantName(VARIANTS[0].name)).toBe(true);
    expect(isVariantName('not-a-variant')).toBe(false);
  });
});

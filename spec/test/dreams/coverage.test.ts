import { describe, expect, it } from 'vitest';
import * as dreamEndpoints from '../../src/endpoints/dreams.js';
import * as sessionEndpoints from '../../src/endpoints/sessions.js';
import { machine } from '../../src/machines/dreams.js';
import * as dreamRequirements from '../../src/requirements/dreams.js';
import * as sessionRequirements from '../../src/requirements/sessions.js';
import * as dreamSchemas from '../../src/resources/dreams.js';
import * as sessionSchemas from '../../src/resources/sessions.js';
import * as dreamRules from '../../src/rules/dreams.js';
import * as sessionRules from '../../src/rules/sessions.js';
import { vendor } from '../../src/vendor.js';

/** Every `x-requirements` id found in a value. */
function annotations(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) annotations(item, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'x-requirements') out.push(...(v as string[]));
      else annotations(v, out);
    }
  }
  return out;
}

describe('sessions and dreams requirement coverage', () => {
  const catalog = [...sessionRequirements.requirements(vendor), ...dreamRequirements.requirements(vendor)];
  const cited = new Set<string>([
    ...annotations(Object.values(sessionSchemas)),
    ...annotations(Object.values(dreamSchemas)),
    ...[...sessionEndpoints.endpoints, ...dreamEndpoints.endpoints].flatMap((e) => [
      ...e.requirements,
      ...e.errors.flatMap((x) => x.requirements),
    ]),
    ...machine.rows.flatMap((r) => r.requirements),
    ...sessionRules.requirementIds,
    ...dreamRules.requirementIds,
  ]);

  it('cites every requirement of the two catalogs somewhere in the spec', () => {
    expect(catalog.filter((r) => !cited.has(r.id)).map((r) => r.id)).toEqual([]);
  });

  it('cites nothing outside the two catalogs', () => {
    const ids = new Set(catalog.map((r) => r.id));
    expect([...cited].filter((id) => !ids.has(id))).toEqual([]);
  });

  it('has between 70 and 130 requirements, each with a unique id', () => {
    expect(new Set(catalog.map((r) => r.id)).size).toBe(catalog.length);
    expect(catalog.length).toBeGreaterThanOrEqual(70);
    expect(catalog.length).toBeLessThanOrEqual(130);
  });
});

/**
 * The federation family's own catalog: ids use only the family's prefixes, everything the
 * family cites exists, and the vendor name never leaks into its data.
 */
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/endpoints/federation.js';
import { machine } from '../../src/machines/federation-rules.js';
import { requirements } from '../../src/requirements/federation.js';
import * as resources from '../../src/resources/federation.js';
import * as jwt from '../../src/rules/jwt.js';
import * as matchers from '../../src/rules/matchers.js';
import * as urls from '../../src/rules/urls.js';
import { unspecified } from '../../src/unspecified/federation.js';
import { defineVendor, vendor } from '../../src/vendor.js';

const PREFIXES = /^(ID|ISSUER|JWKS|RULE|MATCH|SVAC|EXCH|JWT|URL|KEYCACHE|FED)-[A-Z0-9]+(-[A-Z0-9]+)*$/;
const UNSPEC_PREFIXES = /^UNSPEC-(FED|ISSUER|RULE|EXCH|SVAC)(-[A-Z0-9]+)+$/;

const reqs = requirements(vendor);
const uns = unspecified(vendor);
const reqIds = new Set(reqs.map((r) => r.id));
const unsIds = new Set(uns.map((u) => u.id));

function collect(value: unknown, key: string, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) collect(v, key, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === key) out.push(...(Array.isArray(v) ? v : [v]));
      else collect(v, key, out);
    }
  }
  return out;
}

describe('federation catalog', () => {
  it('uses unique ids with the family prefixes only', () => {
    expect(reqIds.size).toBe(reqs.length);
    expect(unsIds.size).toBe(uns.length);
    for (const r of reqs) {
      expect(r.id, r.id).toMatch(PREFIXES);
      expect(r.doc).toBe('federation');
    }
    for (const u of uns) expect(u.id, u.id).toMatch(UNSPEC_PREFIXES);
  });

  it('cites only requirement ids of the catalog', () => {
    const cited = [
      ...endpoints.flatMap((e) => [...e.requirements, ...e.errors.flatMap((x) => x.requirements)]),
      ...machine.rows.flatMap((r) => r.requirements),
      ...collect(Object.values(resources), 'x-requirements'),
      ...jwt.requirementIds,
      ...matchers.requirementIds,
      ...urls.requirementIds,
      ...jwt.JWT_CHECKS.map((c) => c.requirement),
      ...jwt.INVALID_GRANT_CAUSES.map((c) => c.requirement),
      ...Object.values(urls.URL_REJECTIONS)
        .map((r) => r.requirement)
        .filter((id) => !id.startsWith('UNSPEC-')),
      ...matchers.MATCHERS.flatMap((m) => m.requirements),
    ];
    expect(cited.filter((id) => !reqIds.has(id))).toEqual([]);
    // A URL rejection where the documents are silent cites the reference server's choice.
    const chosen = Object.values(urls.URL_REJECTIONS)
      .map((r) => r.requirement)
      .filter((id) => id.startsWith('UNSPEC-'));
    expect(chosen).toEqual(['UNSPEC-FED-URL-USERINFO']);
    expect(chosen.filter((id) => !unsIds.has(id))).toEqual([]);
  });

  it('cites only unspecified ids of the catalog', () => {
    const text = JSON.stringify([Object.values(resources), endpoints, machine]);
    const cited = [...text.matchAll(/UNSPEC(?:-[A-Z0-9]+)+/g)].map((m) => m[0]);
    expect(cited.length).toBeGreaterThan(10);
    expect(cited.filter((id) => !unsIds.has(id))).toEqual([]);
  });

  it('leaves no requirement uncited', () => {
    const text = JSON.stringify([Object.values(resources), endpoints, machine]);
    const cited = new Set([
      ...[...text.matchAll(/"([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)"/g)].map((m) => m[1]),
      ...jwt.requirementIds,
      ...matchers.requirementIds,
      ...urls.requirementIds,
    ]);
    const uncited = reqs
      .filter((r) => r.observability !== 'untestable' && r.observability !== 'client')
      .map((r) => r.id)
      .filter((id) => !cited.has(id));
    expect(uncited).toEqual([]);
  });

  it('never spells the vendor name for another vendor', () => {
    const acme = defineVendor('acme');
    const json = JSON.stringify([
      requirements(acme),
      unspecified(acme),
      Object.values(resources),
      endpoints,
      machine,
    ]);
    expect(json).not.toMatch(/vendor/i);
    expect(json).toContain('sk-acme-oat01-');
  });
});

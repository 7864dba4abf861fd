/**
 * The catalog of this family: ids well formed and within the family's prefixes, every id the
 * family's rules and schemas mention exists, and nothing spells the vendor name.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as rqAccess from '../../src/requirements/access.js';
import * as rqCredentials from '../../src/requirements/credentials.js';
import * as ruAccess from '../../src/rules/access.js';
import * as ruCredentials from '../../src/rules/credentials.js';
import * as unAccess from '../../src/unspecified/access.js';
import * as unCredentials from '../../src/unspecified/credentials.js';
import { defineVendor, vendor } from '../../src/vendor.js';

const PREFIXES = /^(CRED|CONFIG|PROFILE|AUTH|SCOPE|VERSION|BETA|ERROR)-[A-Z0-9]+(-[A-Z0-9]+)*$/;
const UNSPEC_PREFIXES = /^UNSPEC-(CRED|PROFILE|AUTH|VERSION|BETA|ERROR|TIMESTAMP|REQUEST)(-[A-Z0-9]+)+$/;

const requirements = [...rqCredentials.requirements(vendor), ...rqAccess.requirements(vendor)];
const unspecified = [...unCredentials.unspecified(vendor), ...unAccess.unspecified(vendor)];
const reqIds = new Set(requirements.map((r) => r.id));
const unspecIds = new Set(unspecified.map((u) => u.id));

const FILES = [
  'src/rules/credentials.ts',
  'src/rules/access.ts',
  'src/resources/profiles.ts',
  'src/resources/versioning.ts',
  'src/unspecified/credentials.ts',
  'src/unspecified/access.ts',
].map((f) => readFileSync(new URL(`../../${f}`, import.meta.url), 'utf8'));

describe('family catalog', () => {
  it('uses only the family prefixes, each id once', () => {
    expect(reqIds.size).toBe(requirements.length);
    expect(unspecIds.size).toBe(unspecified.length);
    for (const r of requirements) expect(r.id).toMatch(PREFIXES);
    for (const u of unspecified) expect(u.id).toMatch(UNSPEC_PREFIXES);
    expect(unspecIds.has('UNSPEC-ERROR-BODY-FIELDS')).toBe(true);
  });

  it('declares rule requirement ids that exist', () => {
    for (const id of [...ruCredentials.requirementIds, ...ruAccess.requirementIds])
      expect(reqIds.has(id), id).toBe(true);
  });

  it('mentions only unspecified ids that exist', () => {
    const mentioned = FILES.flatMap((text) => [...text.matchAll(/UNSPEC(?:-[A-Z0-9]+)+/g)].map((m) => m[0]));
    expect(mentioned.filter((id) => !unspecIds.has(id))).toEqual([]);
  });

  it('mentions only requirement ids that exist', () => {
    const mentioned = FILES.flatMap((text) =>
      [...text.matchAll(/'((?:CRED|CONFIG|PROFILE|AUTH|SCOPE|VERSION|BETA|ERROR)(?:-[A-Z0-9]+)+)'/g)].map(
        (m) => m[1] as string,
      ),
    );
    expect(mentioned.filter((id) => !reqIds.has(id))).toEqual([]);
  });

  it('never spells the vendor name when built for another one', () => {
    const acme = defineVendor('acme');
    const text = JSON.stringify([
      rqCredentials.requirements(acme),
      rqAccess.requirements(acme),
      unCredentials.unspecified(acme),
      unAccess.unspecified(acme),
    ]);
    expect(text).not.toMatch(/vendor/i);
    expect(text).toContain('ACME_API_KEY');
    expect(text).toContain('acme-version');
  });
});

import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as specModule from '@vendor-api/spec';
import { describe, expect, it } from 'vitest';
import {
  bumpFor,
  cloneSnapshot,
  diffSnapshots,
  formatChangeset,
  normalizeSource,
  parseChangeset,
  RULES,
  type RuleId,
  takeSnapshot,
} from '../src/index.js';
import { FIXTURES } from './fixtures.js';

const specDir = join(dirname(fileURLToPath(import.meta.url)), '../../../spec');
const base = takeSnapshot(specModule as unknown as Record<string, unknown>, specDir);

describe('spec edits are classified', () => {
  it.each(FIXTURES)('%s', (_name, fixture) => {
    // without a `before` edit the base is shared, so its generated client is derived once
    const before = fixture.before ? cloneSnapshot(base) : base;
    fixture.before?.(before);
    const after = cloneSnapshot(base);
    fixture.edit(after);
    const report = diffSnapshots(before, after);
    const found = report.changes.map((c) => `${c.rule} ${c.severity}`);
    for (const [rule, severity] of fixture.expect) {
      expect(found, `expected ${rule} ${severity} in:\n${found.join('\n')}`).toContain(`${rule} ${severity}`);
    }
    expect(report.highest, found.join('\n')).toBe(fixture.highest);
  });

  it('every rule of the table has a fixture', () => {
    const covered = new Set(FIXTURES.flatMap(([, f]) => f.expect.map(([rule]) => rule)));
    const missing = (Object.keys(RULES) as RuleId[]).filter((r) => !covered.has(r));
    expect(missing).toEqual([]);
  });

  it('every rule classifies in the direction it names', () => {
    for (const [id, rule] of Object.entries(RULES)) {
      expect(['breaking', 'compatible', 'internal'], id).toContain(rule.request);
      expect(['breaking', 'compatible', 'internal'], id).toContain(rule.response);
    }
  });
});

describe('rule sources', () => {
  it('comments and layout are not a code change', () => {
    const a = 'export const A = 1; // one\nexport function f() {\n  return A; /* x */\n}';
    const b = '/** doc */\nexport const A = 1;\nexport function f() { return A; }';
    expect(normalizeSource(a)).toBe(normalizeSource(b));
    expect(normalizeSource(a)).not.toBe(normalizeSource(a.replace('1', '2')));
  });
});

describe('semver', () => {
  it('maps breaking to major, and to minor while 0.x, saying so', () => {
    expect(bumpFor('breaking', '1.2.0')).toEqual({ bump: 'major' });
    expect(bumpFor('breaking', '0.1.0').bump).toBe('minor');
    expect(bumpFor('breaking', '0.1.0').note).toMatch(/0\.x/);
    expect(bumpFor('compatible', '0.1.0')).toEqual({ bump: 'minor' });
    expect(bumpFor('internal', '0.1.0')).toEqual({ bump: 'patch' });
    expect(bumpFor('none', '0.1.0')).toEqual({ bump: 'none' });
  });

  it('writes a changeset that parses back to the same bumps', () => {
    const bumps = new Map([
      ['@vendor-api/spec', 'minor'],
      ['@vendor-api/client', 'minor'],
    ] as const);
    const text = formatChangeset(bumps, 'Spec changes: 1 breaking.');
    expect(Object.fromEntries(parseChangeset(text))).toEqual({
      '@vendor-api/spec': 'minor',
      '@vendor-api/client': 'minor',
    });
  });

  it('reads changeset front matter as YAML, quoted bump types and comments included', () => {
    const text = `---\n'@vendor-api/spec': "minor" # the contract\n"@vendor-api/conformance": patch\n---\n\nSummary.\n`;
    expect(Object.fromEntries(parseChangeset(text))).toEqual({
      '@vendor-api/spec': 'minor',
      '@vendor-api/conformance': 'patch',
    });
    expect(() => parseChangeset('---\n"@vendor-api/spec": huge\n---\n\nx\n')).toThrow();
  });
});

describe('the README', () => {
  it('documents every rule of the table', async () => {
    const { readFile } = await import('node:fs/promises');
    const readme = await readFile(join(dirname(fileURLToPath(import.meta.url)), '../README.md'), 'utf8');
    for (const id of Object.keys(RULES)) expect(readme, id).toContain(`\`${id}\``);
  });
});

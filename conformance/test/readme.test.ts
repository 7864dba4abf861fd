import { readFile } from 'node:fs/promises';
import { DECLARED_CAPABILITIES, OPT_IN_CAPABILITIES } from '@vendor-api/spec';
import { describe, expect, it } from 'vitest';
import { capabilityRows, withCapabilityTable } from '../src/capability-table.js';
import { allCases } from '../src/cases/index.js';
import { README } from '../src/readme.js';

/** Markdown with its table rows as trimmed cells (the formatter's padding and dash runs ignored). */
const cells = (markdown: string) =>
  markdown
    .split('\n')
    .map((line) =>
      line.startsWith('|')
        ? line
            .split('|')
            .map((cell) => cell.trim().replace(/^(:?)-+(:?)$/, '$1---$2'))
            .join('|')
        : line,
    )
    .join('\n');

describe('the README capability table', () => {
  it('is the one the code computes (pnpm conformance:readme rewrites it)', async () => {
    const readme = await readFile(README, 'utf8');
    // The formatter pads table cells: compare cell by cell.
    expect(cells(readme)).toBe(cells(withCapabilityTable(readme, allCases)));
  });

  it('names every capability, with its control endpoints or why it has none', () => {
    for (const row of capabilityRows(allCases)) {
      if (row.capability === null) continue;
      if (OPT_IN_CAPABILITIES.includes(row.capability) || DECLARED_CAPABILITIES.includes(row.capability))
        expect(row.endpoints).toEqual([]);
      else expect(row.endpoints.length, row.capability).toBeGreaterThan(0);
    }
  });
});

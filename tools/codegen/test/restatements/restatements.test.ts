/**
 * Nothing hand-written restates the spec: a literal equal to a spec constant (a limit, a header
 * name, an id prefix, a beta identifier, a model id, a path, an error type, a pattern, a list of
 * statuses) outside `spec/` and the generated folders fails here, unless `allow-list.json` says
 * why it stays. The constants are collected from the spec when the test runs.
 *
 * Scope: the sources of the packages, the suite and the tools (`src/`). Tests are left out on
 * purpose: a test states its expected values independently of the code it checks, and deriving
 * every expectation from the spec would make it agree with the spec's mistakes by construction.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type Hit, scanSource } from './scan.js';
import { collectSpecConstants } from './spec-constants.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '../../../..');
const SCANNED = ['packages', 'conformance', 'tools'];

interface Allowed {
  readonly file: string;
  readonly literal: string | number | readonly string[];
  readonly why: string;
}
interface AllowList {
  readonly allowed: readonly Allowed[];
}

/** Every hand-written `.ts` file under a `src/` folder of the scanned trees, generated folders excluded. */
function sources(): string[] {
  const out: string[] = [];
  const walk = (dir: string, inSrc: boolean) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'generated' || entry.name === 'dist') continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path, inSrc || entry.name === 'src');
      else if (inSrc && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(path);
    }
  };
  for (const top of SCANNED) walk(join(root, top), false);
  return out.sort();
}

const sameLiteral = (a: Allowed['literal'], b: Hit['literal']) => JSON.stringify(a) === JSON.stringify(b);
const show = (l: Hit['literal']) =>
  Array.isArray(l) ? `[${l.map((x) => JSON.stringify(x)).join(', ')}]` : JSON.stringify(l);

describe('restatements of the spec', () => {
  const list = JSON.parse(readFileSync(join(here, 'allow-list.json'), 'utf8')) as AllowList;
  const entries = list.allowed;
  // collected and scanned inside the first test, so its time is the guard's (about a second)
  let scanned: Hit[] | undefined;
  const scan = (): Hit[] => {
    if (scanned) return scanned;
    const constants = collectSpecConstants();
    scanned = sources().flatMap((file) =>
      scanSource(relative(root, file).split('\\').join('/'), readFileSync(file, 'utf8'), constants),
    );
    return scanned;
  };

  it('no hand-written source writes a literal equal to a spec constant (outside the allow-list)', () => {
    const unexplained = scan().filter(
      (h) => !entries.some((a) => a.file === h.file && sameLiteral(a.literal, h.literal)),
    );
    const report = unexplained.map((h) => `${h.file}:${h.line}  ${show(h.literal)}  equals ${h.equals}`);
    expect(
      report,
      'import the constant from @vendor-api/spec, or add an entry with its reason to allow-list.json',
    ).toEqual([]);
    // under a second of CPU; longer than vitest's 5 s default when every project runs at once on
    // a loaded machine (a guard, not a speed target)
  }, 60_000);

  it('every allow-list entry gives its reason and still matches a literal', () => {
    const stale = entries.filter(
      (a) => !a.why.trim() || !scan().some((h) => h.file === a.file && sameLiteral(a.literal, h.literal)),
    );
    expect(stale.map((a) => `${a.file}  ${show(a.literal)}`)).toEqual([]);
  });
});

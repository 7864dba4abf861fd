/**
 * The one table of choice points: each entry cites ids the spec has, the families' sections make
 * it up without sharing a name, every fault and variant of the catalogs patches it, and no file
 * of the server outside the catalogs names a fault or a variant.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FAULTS, spec, VARIANTS } from '@vendor-api/spec';
import { describe, expect, it } from 'vitest';
import { FAULT_PATCHES, VARIANT_PATCHES } from '../src/choices/index.js';
import { CHOICE_POINTS } from '../src/choices/table.js';
import { dreams } from '../src/dreams/choices.js';
import { federation } from '../src/federation/choices.js';
import { messageBatches } from '../src/message-batches/choices.js';
import { messages } from '../src/messages/choices.js';
import { pipeline } from '../src/pipeline/choices.js';
import { rateLimits } from '../src/rate-limits/choices.js';
import { sessions } from '../src/sessions/choices.js';
import { usage } from '../src/usage/choices.js';
import { workspaces } from '../src/workspaces/choices.js';

const SECTIONS = [
  pipeline,
  workspaces,
  rateLimits,
  usage,
  messages,
  messageBatches,
  dreams,
  sessions,
  federation,
];
const SRC = fileURLToPath(new URL('../src/', import.meta.url));

/** Every TypeScript source of the server, by its path under `src/`. */
function sources(dir = SRC): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') ? [relative(SRC, path)] : [];
  });
}

/** The catalogs of the server: the files that hold the faults' and the variants' patches. */
const isCatalog = (path: string) => /(^|\/)(faults|variants)(\.ts$|\/)/.test(path);

describe('the table of choice points', () => {
  it('cites only requirement and Unspecified ids the spec has', () => {
    const known = new Set([...spec.requirements.map((r) => r.id), ...spec.unspecified.map((u) => u.id)]);
    const unknown = Object.entries(CHOICE_POINTS).flatMap(([name, entry]) =>
      entry.ids.filter((id) => !known.has(id)).map((id) => `${name}: ${id}`),
    );
    expect(unknown).toEqual([]);
  });

  it('is made of the families’ sections, no name in two of them', () => {
    const names = SECTIONS.flatMap((s) => Object.keys(s));
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    expect(names.sort()).toEqual(Object.keys(CHOICE_POINTS).sort());
  });

  it('is patched by every fault and every variant of the catalogs', () => {
    const empty = [
      ...FAULTS.filter((f) => Object.keys(FAULT_PATCHES[f.name]).length === 0).map((f) => f.name),
      ...VARIANTS.filter((v) => Object.keys(VARIANT_PATCHES[v.name]).length === 0).map((v) => v.name),
    ];
    expect(empty).toEqual([]);
    for (const patch of [...Object.values(FAULT_PATCHES), ...Object.values(VARIANT_PATCHES)]) {
      for (const name of Object.keys(patch)) expect(Object.keys(CHOICE_POINTS)).toContain(name);
    }
  });

  it('is the only way the server knows a fault or a variant: no file outside the catalogs names one', () => {
    const names = [...FAULTS.map((f) => f.name), ...VARIANTS.map((v) => v.name)];
    const named = sources()
      .filter((path) => !isCatalog(path))
      .flatMap((path) => {
        const text = readFileSync(join(SRC, path), 'utf8');
        return names
          .filter((n) => new RegExp(`(?<![\\w-])${n}(?![\\w-])`).test(text))
          .map((n) => `${path}: ${n}`);
      });
    expect(named).toEqual([]);
  });
});

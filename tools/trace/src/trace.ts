/**
 * Requirement traceability, computed: for every requirement of the catalog, who implements it
 * (schemas, endpoints, machine rows and rules of the spec cite it) and who checks it (a conformance
 * case declares it; a test names it in its source). Nothing here is claimed by hand.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { allCases, clientCases } from '@vendor-api/conformance';
import { type Observability, RULE_MODULES, spec } from '@vendor-api/spec';

/** Where tests live, relative to the repository root. */
const TEST_ROOTS = ['spec/test', 'packages', 'tools', 'conformance/test'] as const;

export interface Trace {
  readonly id: string;
  readonly observability: Observability;
  readonly implementedBy: readonly string[];
  readonly checkedByCases: readonly string[];
  readonly checkedByTests: readonly string[];
}

function annotations(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) annotations(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'x-requirements' && Array.isArray(v)) out.push(...(v as string[]));
      else annotations(v, out);
    }
  }
  return out;
}

/** Ids each part of the spec cites (what implements a requirement). */
export function implementations(): Map<string, string[]> {
  const by = new Map<string, string[]>();
  const add = (id: string, who: string) => by.set(id, [...(by.get(id) ?? []), who]);
  for (const [name, schema] of Object.entries(spec.schemas))
    for (const id of annotations(schema)) add(id, `schema ${name}`);
  for (const e of spec.endpoints) {
    for (const id of e.requirements) add(id, `endpoint ${e.id}`);
    for (const err of e.errors) for (const id of err.requirements) add(id, `endpoint ${e.id} ${err.status}`);
  }
  for (const m of Object.values(spec.machines))
    for (const r of m.rows) for (const id of r.requirements) add(id, `machine ${m.id}`);
  for (const [name, m] of Object.entries(RULE_MODULES))
    for (const id of m.requirementIds) add(id, `rules ${name}`);
  return by;
}

async function testFiles(root: string, dir: string): Promise<string[]> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(join(root, dir), { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const e of entries) {
    if (e.name === 'node_modules' || e.name === 'dist' || e.name === 'generated') continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await testFiles(root, p)));
    else if (/\.test\.ts$/.test(e.name) || (p.includes('/test/') && e.name.endsWith('.ts'))) out.push(p);
  }
  return out;
}

/** Test files naming each id (a test names the requirement it checks in its title or table). */
async function testCitations(root: string): Promise<Map<string, string[]>> {
  const ids = spec.requirements.map((r) => r.id).sort((a, b) => b.length - a.length);
  const pattern = new RegExp(
    `(?<![A-Z0-9-])(${ids.map((i) => i.replace(/-/g, '\\-')).join('|')})(?![A-Z0-9-])`,
    'g',
  );
  const by = new Map<string, string[]>();
  for (const dir of TEST_ROOTS) {
    for (const file of await testFiles(root, dir)) {
      if (file.startsWith('conformance/src')) continue;
      const text = await readFile(join(root, file), 'utf8');
      for (const m of new Set([...text.matchAll(pattern)].map((x) => x[1]!))) {
        by.set(m, [...(by.get(m) ?? []), relative(root, join(root, file))]);
      }
    }
  }
  return by;
}

export async function trace(root: string): Promise<Trace[]> {
  const impl = implementations();
  const tests = await testCitations(root);
  const cases = new Map<string, string[]>();
  for (const c of [...allCases, ...clientCases()])
    for (const id of c.requirements) cases.set(id, [...(cases.get(id) ?? []), c.id]);
  return spec.requirements.map((r) => ({
    id: r.id,
    observability: r.observability,
    implementedBy: impl.get(r.id) ?? [],
    checkedByCases: cases.get(r.id) ?? [],
    checkedByTests: tests.get(r.id) ?? [],
  }));
}

/**
 * Which cases a command takes: `--family` and `--case`, each name checked against the suite (a
 * typo is a usage error with the closest name, never a run of nothing), old family names still
 * taken with a notice, and the case ids of an expected-failures file.
 */
import { UsageError, unknownNames } from '@vendor-api/spec/cli';
import { allCases } from '../cases/index.js';
import { loadExpectedFailures } from '../expected.js';
import { list, type Values } from './common.js';

/**
 * Families the suite renamed, by their old name: still taken (with their old case ids, in
 * `--case` and expected-failures files) with a one-line notice on stderr.
 */
const RENAMED_FAMILIES: Readonly<Record<string, string>> = { exchange: 'federation' };

/** The current name of a family or case id; a deprecated one is noted on stderr. */
function currentName(name: string, what: 'family' | 'case id'): string {
  const dot = name.indexOf('.');
  const family = what === 'family' ? name : name.slice(0, dot);
  if ((what === 'case id' && dot < 0) || !Object.hasOwn(RENAMED_FAMILIES, family)) return name;
  const current = `${RENAMED_FAMILIES[family]}${what === 'family' ? '' : name.slice(dot)}`;
  process.stderr.write(
    `vendor-conformance: the ${what} ${JSON.stringify(name)} is deprecated; it is ${JSON.stringify(current)} now\n`,
  );
  return current;
}

/** The expected failures of a file, its case ids as they are now (old ones are still taken). */
export async function expectedFailuresOf(path: string): Promise<Record<string, string>> {
  const ids = allCases.map((c) => c.id);
  const renamed = Object.entries(RENAMED_FAMILIES).flatMap(([old, current]) =>
    ids.filter((id) => id.startsWith(`${current}.`)).map((id) => `${old}${id.slice(current.length)}`),
  );
  const loaded = await loadExpectedFailures(path, new Set([...ids, ...renamed]));
  return Object.fromEntries(
    Object.entries(loaded).map(([id, reason]) => [currentName(id, 'case id'), reason]),
  );
}

/**
 * The families and case ids `--family` and `--case` name, each checked against the suite: a typo
 * is a usage error, never a run of nothing.
 */
export function selectionOf(values: Values): { families?: string[]; only?: string[] } {
  const families = list(values.family)?.map((f) => currentName(f, 'family'));
  const only = list(values.case)?.map((c) => currentName(c, 'case id'));
  const knownFamilies = [...new Set(allCases.map((c) => c.family))].sort();
  const knownCases = allCases.map((c) => c.id);
  const badFamilies = unknownNames(families ?? [], knownFamilies, ['family', 'families']);
  if (badFamilies) throw new UsageError(`${badFamilies.message}; families: ${knownFamilies.join(', ')}`);
  const badCases = unknownNames(only ?? [], knownCases, ['case id', 'case ids']);
  if (badCases) throw new UsageError(`${badCases.message} (vendor-conformance list prints them)`);
  return { ...(families ? { families } : {}), ...(only ? { only } : {}) };
}

/** The cases `--family` and `--case` select (all when neither is given). */
export function selected(values: Values) {
  const { families, only } = selectionOf(values);
  return allCases.filter((c) => (!families || families.includes(c.family)) && (!only || only.includes(c.id)));
}

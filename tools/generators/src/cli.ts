/**
 * `pnpm generators`: the generator matrix as a table, one row per generator (generates,
 * compiles, calls the sandbox), the failures after it; exits 1 when a generator fails.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { GENERATORS, LANGUAGES } from './generators.js';
import { passed, type Row, runMatrix, type Stage } from './matrix.js';

const USAGE = `usage: pnpm generators [--document PATH] [NAME|LANGUAGE...]

Generates a client from packages/openapi/openapi.json (or the document at PATH) with each
generator (or the named ones: ${GENERATORS.map((g) => g.name).join(', ')}; or those of the named
languages: ${LANGUAGES.join(', ')}), compiles or type-checks it and calls the reference server
through it. Exits 1 when one fails.`;

const cell = (s: Stage) => (s.ok === null ? '-' : `${s.ok ? 'yes' : 'NO'} (${(s.ms / 1000).toFixed(1)} s)`);

function table(rows: readonly Row[]): string {
  const lines = [
    ['generator', 'versions', 'generates', 'compiles', 'calls the sandbox'],
    ...rows.map((r) => [
      r.generator,
      r.versions.join(', '),
      cell(r.generate),
      cell(r.compile),
      r.calls.ok === null
        ? '-'
        : `${cell(r.calls)} ${r.calls.steps.filter((s) => s.ok).length}/${r.calls.steps.length} calls`,
    ]),
  ];
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  return lines.map((l) => `| ${l.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`).join('\n');
}

async function main(args: readonly string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  const names: string[] = [];
  let document: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--document') {
      document = args[++i];
      if (document === undefined || !existsSync(document)) {
        console.error(
          `pnpm generators: --document needs the path of an OpenAPI document (got ${document ?? 'nothing'})`,
        );
        return 2;
      }
    } else if (GENERATORS.some((g) => g.name === arg || g.language === arg)) names.push(arg);
    else {
      console.error(
        `pnpm generators: no generator or language ${arg} (known: ${[...GENERATORS.map((g) => g.name), ...LANGUAGES].join(', ')})`,
      );
      return 2;
    }
  }
  const chosen = names.length
    ? GENERATORS.filter((g) => names.includes(g.name) || names.includes(g.language))
    : GENERATORS;
  const rows = await runMatrix(chosen, document === undefined ? {} : { document: resolve(document) });
  console.log(table(rows));
  for (const row of rows.filter((r) => !passed(r))) {
    const stage = [row.generate, row.compile, row.calls].find((s) => s.ok === false);
    console.log(`\n${row.generator}:\n${stage?.problem ?? ''}`);
  }
  return rows.every(passed) ? 0 : 1;
}

process.exitCode = await main(process.argv.slice(2));

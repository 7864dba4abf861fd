/**
 * pnpm generate            write every generated artifact
 * pnpm generate --check    regenerate in memory (sealed files whose seal holds are read, not
 *                          regenerated: see seal.ts), list stale files, exit 1 when any
 * pnpm generate --vendor acme --out DIR   the whole set for another vendor name, under DIR
 */
import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSpec } from '@vendor-api/spec';
import { parseCommandLine } from '@vendor-api/spec/cli';
import { GENERATED_DIRS, generateAll } from './generate.js';

const HELP = `Usage: pnpm generate [--check] [--vendor NAME] [--out DIR]

  --check         compare with the files on disk; list stale ones; exit 1 if any
  --vendor NAME   build for another vendor name (headers, prefixes, env names, models)
  --out DIR       write under DIR instead of the repository (same layout)
  --help          this text

Exit codes: 0 done (or up to date), 1 stale files (--check), 2 bad usage.`;

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

async function listFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true, recursive: true });
    return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseCommandLine(
    { check: { type: 'boolean' }, vendor: { type: 'string' }, out: { type: 'string' } },
    HELP,
    { args: argv },
  );
  const check = values.check === true;
  const vendorName = values.vendor;
  const out = values.out;
  const empty = (['vendor', 'out'] as const).find((name) => values[name] === '');
  if (empty) {
    console.error(`error: --${empty} needs a value; see pnpm generate --help`);
    return 2;
  }
  if (vendorName && !out && !check) {
    console.error('error: --vendor without --out would overwrite the published contract; give --out DIR');
    return 2;
  }
  let spec: ReturnType<typeof createSpec>;
  try {
    spec = createSpec(vendorName);
  } catch (error) {
    console.error(`error: ${(error as Error).message}`);
    return 2;
  }
  const started = performance.now();
  const base = out ? resolve(out) : repoRoot;
  // The check reads what is on disk: sealed files whose seal holds need not be generated again.
  const current = (path: string) => {
    try {
      return readFileSync(join(base, path), 'utf8');
    } catch {
      return undefined;
    }
  };
  const files = await generateAll(spec, check ? { current } : {});

  if (check) {
    const stale: string[] = [];
    for (const [path, content] of files) {
      const current = await readFile(join(base, path), 'utf8').catch(() => undefined);
      if (current !== content) stale.push(current === undefined ? `${path} (missing)` : path);
    }
    for (const dir of GENERATED_DIRS) {
      for (const file of await listFiles(join(base, dir))) {
        const rel = relative(base, file).split('\\').join('/');
        if (!files.has(rel)) stale.push(`${rel} (not generated any more)`);
      }
    }
    if (stale.length) {
      console.error(
        `${stale.length} generated file(s) are stale; run pnpm generate:\n  ${stale.join('\n  ')}`,
      );
      return 1;
    }
    console.log(`${files.size} generated files up to date (${Math.round(performance.now() - started)} ms)`);
    return 0;
  }
  const { rm } = await import('node:fs/promises');
  for (const dir of GENERATED_DIRS) {
    for (const file of await listFiles(join(base, dir))) {
      const rel = relative(base, file).split('\\').join('/');
      if (!files.has(rel)) await rm(file);
    }
  }
  for (const [path, content] of files) {
    const target = join(base, path);
    await mkdir(dirname(target), { recursive: true });
    const current = await readFile(target, 'utf8').catch(() => undefined);
    if (current !== content) await writeFile(target, content);
  }
  console.log(
    `wrote ${files.size} generated files under ${out ? base : '.'} (${Math.round(performance.now() - started)} ms)`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);

/**
 * `pnpm run docs [--out DIR]`: builds the API reference (default folder: tools/docs/site, not kept
 * in git) and prints where to open it.
 */
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { document } from '@vendor-api/openapi';
import { spec } from '@vendor-api/spec';
import { buildSite } from './build.js';

/** Where the site goes unless `--out` says otherwise. */
const DEFAULT_OUT = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'site');

const USAGE = `Usage: pnpm run docs [--out DIR]

Builds the API reference as a static site that opens offline: index.html (every operation
with its code samples, parameters, examples and notes), getting-started.html (and .md),
machines/*.html (each state machine drawn from its table), unspecified.html (what the
documents leave open), redoc.html (the document rendered by Redoc) and openapi.json.

Options:
  --out DIR   folder to write (default: tools/docs/site)
  --help      this text`;

async function main(argv: string[]): Promise<number> {
  let values: { out?: string | undefined; help?: boolean | undefined };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { out: { type: 'string' }, help: { type: 'boolean' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    console.error(`docs: ${(e as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const out = resolve(values.out ?? DEFAULT_OUT);
  const started = performance.now();
  const { files } = await buildSite({ out, spec, document });
  const ms = Math.round(performance.now() - started);
  console.log(`docs: wrote ${files.length} files to ${relative(process.cwd(), out) || '.'} (${ms} ms)`);
  console.log(`open ${pathToFileURL(join(out, 'index.html')).href}`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    console.error(`docs: ${e instanceof Error ? e.message : String(e)}`);
    process.exitCode = 1;
  },
);

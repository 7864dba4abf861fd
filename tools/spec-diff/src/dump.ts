/**
 * Child-process entry: `tsx dump.ts <spec dir>` imports `<spec dir>/src/index.ts` (any version of
 * the spec) and prints its snapshot as JSON on stdout.
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseCommandLine } from '@vendor-api/spec/cli';
import { takeSnapshot } from './snapshot.js';

const { positionals } = parseCommandLine({}, 'Usage: tsx dump.ts [SPEC_DIR]  (default spec)', {
  positionals: 1,
});
const specDir = resolve(positionals[0] ?? 'spec');
const module = (await import(pathToFileURL(join(specDir, 'src', 'index.ts')).href)) as Record<
  string,
  unknown
>;
process.stdout.write(JSON.stringify(takeSnapshot(module, specDir)));

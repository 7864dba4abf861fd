/**
 * Child-process entry: `tsx dump.ts <spec dir>` imports `<spec dir>/src/index.ts` (any version of
 * the spec) and prints its snapshot as JSON on stdout.
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { takeSnapshot } from './snapshot.js';

const specDir = resolve(process.argv[2] ?? 'spec');
const module = (await import(pathToFileURL(join(specDir, 'src', 'index.ts')).href)) as Record<
  string,
  unknown
>;
process.stdout.write(JSON.stringify(takeSnapshot(module, specDir)));

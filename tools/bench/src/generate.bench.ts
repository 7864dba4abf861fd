/**
 * `pnpm generate --check` wall time (a child process, as a developer and CI run it; target at most
 * 2 s), as a ratio to starting the same runtime with an empty script, beside the full generation in
 * process (every generator run, as `pnpm generate` does).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateAll } from '@vendor-api/codegen';
import { spec } from '@vendor-api/spec';

/** `pnpm generate --check` must take at most this long (wall time, median of three). */
const CHECK_TARGET_MS = 2000;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

function wall(fn: () => void, runs = 3): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

export async function run(): Promise<boolean> {
  const tsx = join(root, 'node_modules/.bin/tsx');
  const empty = join(tmpdir(), 'bench-empty.ts');
  writeFileSync(empty, 'export {};\n');
  const startup = wall(() => execFileSync(tsx, [empty], { cwd: root, stdio: 'ignore' }));
  const cli = wall(() =>
    execFileSync(tsx, ['--conditions=@vendor-api/source', 'tools/codegen/src/cli.ts', '--check'], {
      cwd: root,
      stdio: 'ignore',
    }),
  );
  const t0 = performance.now();
  await generateAll(spec);
  const inProcess = performance.now() - t0;
  console.log('\nGeneration');
  console.log(`  runtime start-up (baseline)        ${startup.toFixed(0).padStart(6)} ms`);
  console.log(
    `  pnpm generate --check, whole CLI   ${cli.toFixed(0).padStart(6)} ms  (${(cli / startup).toFixed(2)}x start-up)`,
  );
  console.log(
    `  generateAll in process (cold)      ${inProcess.toFixed(0).padStart(6)} ms  (every generator)`,
  );
  const ok = cli <= CHECK_TARGET_MS;
  console.log(`  pnpm generate --check: target <= ${CHECK_TARGET_MS} ms: ${ok ? 'met' : 'MISSED'}`);
  return ok;
}

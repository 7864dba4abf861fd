/**
 * The installed bin: npm and pnpm install `vendor-conformance` as a symlink to the package's
 * `bin/vendor-conformance.js`, which runs `dist/cli.js`; through that link the CLI must run (exit 2
 * for an unreachable base URL), not silently do nothing. `node dist/cli.js` runs it too. Uses the
 * build `pnpm test` makes before the tests run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const dist = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
  bin: Record<string, string>;
};
const installed = fileURLToPath(new URL(`../${manifest.bin['vendor-conformance']}`, import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'vendor-conformance-bin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const unreachable = ['run', '--base-url', 'http://127.0.0.1:9', '--adapter', 'reference'];

describe.runIf(existsSync(dist))('the vendor-conformance bin through a symlink', () => {
  for (const [what, file] of [
    ['the package bin', installed],
    ['dist/cli.js', dist],
  ] as const) {
    it(`${what}: runs, and exits 2 with a connection error for an unreachable base URL`, () => {
      const bin = join(dir, `vendor-conformance-${what.replace(/\W/g, '-')}`);
      symlinkSync(file, bin);
      const r = spawnSync(process.execPath, [bin, ...unreachable], { encoding: 'utf8', timeout: 120_000 });
      expect(r.status).toBe(2);
      expect(r.stderr).toContain('cannot reach http://127.0.0.1:9');
      const v = spawnSync(process.execPath, [bin, '--version'], { encoding: 'utf8', timeout: 120_000 });
      expect(v.stdout.trim()).toBe(manifest.version);
      // Two Node processes start and load the suite: seconds here, tens of seconds on a loaded
      // 2-core machine; the bounds catch a hang, they are no speed target.
    }, 300_000);
  }
});

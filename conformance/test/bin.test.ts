/**
 * The installed bin: npm and pnpm install `vendor-conformance` as a symlink to `dist/cli.js`, and
 * the CLI must run through it (exit 2 for an unreachable base URL), not silently do nothing.
 * Uses the build `pnpm test` makes before the tests run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const dist = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'vendor-conformance-bin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.runIf(existsSync(dist))('the vendor-conformance bin through a symlink', () => {
  it('runs, and exits 2 with a connection error for an unreachable base URL', () => {
    const bin = join(dir, 'vendor-conformance');
    symlinkSync(dist, bin);
    const r = spawnSync(
      process.execPath,
      [bin, 'run', '--base-url', 'http://127.0.0.1:9', '--adapter', 'reference'],
      {
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('cannot reach http://127.0.0.1:9');
  });
});

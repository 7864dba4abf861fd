/**
 * Git access (read-only) and loading the spec of a ref: `git archive REF spec` into a temp dir,
 * its `node_modules` linked to the workspace's, and `src/index.ts` imported with tsx in a child
 * process (`dump.ts`) that prints the snapshot as JSON.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Snapshot } from './snapshot.js';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export function git(args: readonly string[], cwd = repoRoot): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

export function tryGit(args: readonly string[], cwd = repoRoot): string | undefined {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

export const refExists = (ref: string) =>
  tryGit(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]) !== undefined;

/** The last release tag of the contract packages (`@vendor-api/spec@x.y.z`), if any. */
export function lastReleaseTag(): string | undefined {
  return tryGit(['describe', '--tags', '--abbrev=0', '--match', '@vendor-api/spec@*', 'HEAD']) || undefined;
}

/** The default base: the last release tag, else `main` (else `origin/main`). */
export function defaultBase(): string | undefined {
  const tag = lastReleaseTag();
  if (tag) return tag;
  for (const ref of ['main', 'origin/main']) if (refExists(ref)) return ref;
  return undefined;
}

const tsxBin = () => join(repoRoot, 'node_modules', '.bin', 'tsx');

/** Runs `dump.ts` on a spec folder and parses its snapshot. */
function dumpSpecDir(specDir: string): Snapshot {
  const dump = join(repoRoot, 'tools', 'spec-diff', 'src', 'dump.ts');
  const r = spawnSync(tsxBin(), ['--conditions=@vendor-api/source', dump, specDir], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`could not load the spec in ${specDir}:\n${r.stderr}`);
  return JSON.parse(r.stdout) as Snapshot;
}

/** The spec of a git ref, as a snapshot. */
export function snapshotAtRef(ref: string): Snapshot {
  if (!refExists(ref)) throw new Error(`unknown git ref ${JSON.stringify(ref)}`);
  const dir = mkdtempSync(join(tmpdir(), 'vendor-api-spec-diff-'));
  try {
    const archive = spawnSync('git', ['archive', '--format=tar', ref, 'spec'], {
      cwd: repoRoot,
      maxBuffer: 512 * 1024 * 1024,
    });
    if (archive.status !== 0) throw new Error(`git archive ${ref} spec failed: ${archive.stderr}`);
    const tar = spawnSync('tar', ['-x', '-C', dir], { input: archive.stdout });
    if (tar.status !== 0) throw new Error(`tar failed: ${tar.stderr}`);
    const specDir = join(dir, 'spec');
    // the ref's spec imports its dependencies (TypeBox, cel-js) from the workspace's install
    if (!existsSync(join(specDir, 'node_modules')))
      symlinkSync(join(repoRoot, 'spec', 'node_modules'), join(specDir, 'node_modules'), 'dir');
    return dumpSpecDir(specDir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Files changed between a ref and the working tree (tracked changes and untracked files). */
export function changedFiles(base: string): string[] {
  const tracked = git(['diff', '--name-only', base, '--']).split('\n');
  const untracked = git(['ls-files', '--others', '--exclude-standard']).split('\n');
  return [...new Set([...tracked, ...untracked].filter(Boolean))].sort();
}

/** Files that exist now but did not at the ref (changesets added since the base). */
export function addedFiles(base: string, under: string): string[] {
  const added = git(['diff', '--name-only', '--diff-filter=A', base, '--', under]).split('\n');
  const untracked = git(['ls-files', '--others', '--exclude-standard', '--', under]).split('\n');
  return [...new Set([...added, ...untracked].filter(Boolean))].sort();
}

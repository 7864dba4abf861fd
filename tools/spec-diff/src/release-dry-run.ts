/**
 * pnpm release:dry-run [--keep] [--skip-build]
 *
 * Everything a release does except publishing, on a temporary copy of the workspace (the working
 * tree is never written):
 * 1. `tsc -b` (the packages ship dist/; --skip-build when it has just run);
 * 2. copy the workspace (tracked and untracked files, plus dist/) to a temp dir; there,
 *    `changeset version` (with a patch changeset for every published package when none is
 *    pending, so the version step always runs);
 * 3. `pnpm pack` every published package (workspace: and catalog: versions replaced);
 * 4. `publint --strict` and `attw --profile esm-only` on each tarball;
 * 5. a consumer project in another temp dir, outside the workspace: `npm install` of the
 *    tarballs, then one ESM script per package doing what its README shows.
 * Exit 1 on any failure; the temp dirs are removed unless --keep.
 */
import { type SpawnSyncOptions, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { git, repoRoot } from './git.js';
import { publishedPackages, type WorkspacePackage, workspacePackages } from './plan.js';
import { formatChangeset } from './semver.js';

const keep = process.argv.includes('--keep');
const skipBuild = process.argv.includes('--skip-build');
const started = performance.now();
const bin = (name: string) => join(repoRoot, 'node_modules', '.bin', name);
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const failures: string[] = [];

function run(
  what: string,
  cmd: string,
  args: readonly string[],
  options: SpawnSyncOptions & { quiet?: boolean } = {},
): string {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  const out = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  if (r.status !== 0) {
    failures.push(what);
    console.error(`✗ ${what} (exit ${r.status})\n${out.trim()}`);
  } else if (!options.quiet) console.log(`✓ ${what}`);
  return out;
}

/** Consumer scripts: what each package's README shows, with assertions. */
const CONSUMER_SCRIPTS: Readonly<Record<string, string>> = {
  '@vendor-api/spec': `
import assert from 'node:assert/strict';
import { createSpec, jwt, spec, step } from '@vendor-api/spec';
const cancel = spec.endpoints.find((e) => e.id === 'dreams.cancel');
assert.equal(cancel.method, 'POST');
const { next, outcome } = step(spec.machines.dreams, 'completed', 'dreams.cancel');
assert.equal(next, 'completed');
assert.equal(outcome.status, 400);
assert.ok(jwt.ACCEPTED_ALGORITHMS.includes('RS256'));
assert.equal(createSpec('acme').vendor.headers.beta, 'acme-beta');
`,
  '@vendor-api/openapi': `
import assert from 'node:assert/strict';
import { document, requirements } from '@vendor-api/openapi';
import doc from '@vendor-api/openapi/openapi.json' with { type: 'json' };
assert.equal(document.openapi, '3.1.0');
assert.ok(document.paths['/v1/dreams/{dream_id}/cancel'].post.operationId);
assert.ok(requirements.requirements.some((r) => r.strength === 'must'));
assert.deepEqual(doc, document);
assert.ok(import.meta.resolve('@vendor-api/openapi/openapi.yaml').endsWith('openapi.yaml'));
`,
  '@vendor-api/validators': `
import assert from 'node:assert/strict';
import { validateRequest, validateResponse, validateSchema } from '@vendor-api/validators';
const request = validateRequest('dreams.create', {
  headers: { 'vendor-version': '2023-06-01', 'vendor-beta': 'managed-agents-2026-04-01,dreaming-2026-04-21' },
  body: { inputs: [], model: 'vendor-opus-4-7' },
});
assert.equal(request.ok, false);
assert.equal(request.error.type, 'error');
assert.equal(validateResponse('dreams.retrieve', 200, { type: 'dream' }, { mode: 'lenient' }).ok, false);
assert.equal(validateSchema('DreamId', 'drm_123').ok, true);
`,
  '@vendor-api/client': `
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { NotFoundError, VendorClient } from '@vendor-api/client';
const server = createServer((req, res) => {
  res.setHeader('content-type', 'application/json');
  if (req.url.startsWith('/v1/messages/batches')) {
    res.end(JSON.stringify({ data: [], has_more: false, first_id: null, last_id: null }));
  } else {
    res.statusCode = 404;
    res.end(JSON.stringify({ type: 'error', error: { type: 'not_found_error', message: 'no such dream' } }));
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const client = new VendorClient({ baseURL: 'http://127.0.0.1:' + server.address().port, apiKey: 'sk-test', maxRetries: 0 });
try {
  const seen = [];
  for await (const b of client.messages.batches.list({ limit: 20 })) seen.push(b.id);
  assert.deepEqual(seen, []);
  await assert.rejects(client.dreams.retrieve('drm_missing'), NotFoundError);
} finally {
  server.close();
}
`,
};

/** Packages without a script above: their entry point must import. */
const importScript = (name: string) => `
import assert from 'node:assert/strict';
const m = await import('${name}');
assert.ok(Object.keys(m).length > 0, 'no exports');
`;

function copyWorkspace(to: string, packages: readonly WorkspacePackage[]) {
  const files = git(['ls-files', '-z', '--cached', '--others', '--exclude-standard'])
    .split('\0')
    .filter(Boolean);
  for (const f of files) {
    const from = join(repoRoot, f);
    if (!existsSync(from)) continue; // deleted in the working tree
    mkdirSync(dirname(join(to, f)), { recursive: true });
    cpSync(from, join(to, f));
  }
  for (const p of packages) {
    const dist = join(repoRoot, p.dir, 'dist');
    if (existsSync(dist)) cpSync(dist, join(to, p.dir, 'dist'), { recursive: true });
  }
  // tools (changesets' changelog module) resolve from the workspace's install
  symlinkSync(join(repoRoot, 'node_modules'), join(to, 'node_modules'), 'dir');
  // pnpm pack reads the version of a `workspace:` dependency from the package's node_modules:
  // link each to the copy, whose version `changeset version` has just bumped
  const all = workspacePackages(to);
  for (const p of all) {
    const manifest = JSON.parse(readFileSync(join(to, p.dir, 'package.json'), 'utf8')) as Record<
      string,
      Record<string, string> | undefined
    >;
    // devDependencies too: pnpm pack rewrites their `workspace:` ranges as well
    const deps = {
      ...manifest.dependencies,
      ...manifest.devDependencies,
      ...manifest.peerDependencies,
      ...manifest.optionalDependencies,
    };
    for (const [dep, range] of Object.entries(deps)) {
      if (!range.startsWith('workspace:')) continue;
      const target = all.find((x) => x.name === dep);
      if (!target) continue;
      const link = join(to, p.dir, 'node_modules', dep);
      mkdirSync(dirname(link), { recursive: true });
      symlinkSync(join(to, target.dir), link, 'dir');
    }
  }
}

function main(): number {
  const packages = publishedPackages();
  const work = mkdtempSync(join(tmpdir(), 'vendor-api-release-'));
  const consumer = mkdtempSync(join(tmpdir(), 'vendor-api-consumer-'));
  try {
    if (!skipBuild) run('tsc -b', bin('tsc'), ['-b'], { cwd: repoRoot });
    if (failures.length) return 1;

    copyWorkspace(work, packages);
    const changesetDir = join(work, '.changeset');
    const pending = readdirSync(changesetDir).filter((f) => f.endsWith('.md') && f !== 'README.md');
    if (!pending.length) {
      const bumps = new Map(packages.map((p) => [p.name, 'patch' as const]));
      writeFileSync(join(changesetDir, 'release-dry-run.md'), formatChangeset(bumps, 'Release dry run.'));
    }
    run(`changeset version (${pending.length || 'a dry-run'} changeset(s))`, bin('changeset'), ['version'], {
      cwd: work,
    });
    const versions = workspacePackages(work).filter((p) => !p.private);
    console.log(`  versions: ${versions.map((p) => `${p.name}@${p.version}`).join(', ')}`);

    const tarballs = join(work, '.tarballs');
    mkdirSync(tarballs);
    for (const p of versions) {
      run(`pack ${p.name}`, 'corepack', ['pnpm', 'pack', '--pack-destination', tarballs], {
        cwd: join(work, p.dir),
        quiet: true,
        env: { ...process.env, COREPACK_ENABLE_DOWNLOAD_PROMPT: '0' },
      });
    }
    const packed = readdirSync(tarballs)
      .filter((f) => f.endsWith('.tgz'))
      .map((f) => join(tarballs, f))
      .sort();
    console.log(`✓ packed ${packed.length} tarball(s) (${elapsed()})`);

    for (const tgz of packed) {
      const name = tgz.split('/').at(-1)!;
      run(`publint --strict ${name}`, bin('publint'), ['run', '--strict', tgz], { cwd: work });
      // data files (openapi.yaml) are exports but no modules: attw checks the module entry points
      const data = name.startsWith('vendor-api-openapi-') ? ['--exclude-entrypoints', './openapi.yaml'] : [];
      run(
        `attw ${name}`,
        bin('attw'),
        [tgz, '--profile', 'esm-only', '--no-color', '--format', 'ascii', ...data],
        { cwd: work },
      );
    }
    console.log(`  linted (${elapsed()})`);

    writeFileSync(
      join(consumer, 'package.json'),
      `${JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2)}\n`,
    );
    // a consumer has none of the workspace's npm settings (pnpm run exports them as npm_config_*)
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_config_/i.test(k)));
    run(
      'npm install of the tarballs in a scratch project',
      'npm',
      ['install', '--no-audit', '--no-fund', '--loglevel=error', ...packed],
      {
        cwd: consumer,
        env,
      },
    );
    for (const p of versions) {
      const file = join(consumer, `${p.dir.replace(/\//g, '-')}.mjs`);
      writeFileSync(file, CONSUMER_SCRIPTS[p.name] ?? importScript(p.name));
      run(
        `consumer uses ${p.name}${CONSUMER_SCRIPTS[p.name] ? ' as its README shows' : ' (import)'}`,
        process.execPath,
        [file],
        { cwd: consumer },
      );
    }
  } finally {
    if (keep) console.log(`kept ${work} and ${consumer}`);
    else {
      rmSync(work, { recursive: true, force: true });
      rmSync(consumer, { recursive: true, force: true });
    }
  }
  if (failures.length) {
    console.error(`\nrelease dry run failed (${elapsed()}): ${failures.join('; ')}`);
    return 1;
  }
  console.log(`\nrelease dry run ok (${elapsed()}): nothing published, working tree untouched`);
  return 0;
}

process.exitCode = main();

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
 * 4. `publint --strict` and `attw` (node10 aside: the packages need Node 20.19) on each tarball;
 * 5. a consumer project in another temp dir, outside the workspace: `npm install` of the
 *    tarballs, then one ESM script per package doing what its README shows, a CommonJS script
 *    that `require()`s every package (Node 20.19+ loads ES modules), and `tsc` over a file using
 *    every package under node16 and under bundler resolution;
 * 6. every bin, as installed (a symlink under node_modules/.bin): `--help`, `--version` (the
 *    package's version), a run against an unreachable URL (a connection error, its documented exit
 *    code), and `vendor-conformance run` against the installed `reference-server`, which passes.
 * Exit 1 on any failure; the temp dirs are removed unless --keep.
 */
import { type SpawnSyncOptions, spawn, spawnSync } from 'node:child_process';
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
import { parseCommandLine } from '@vendor-api/spec/cli';
import { git, repoRoot } from './git.js';
import { publishedPackages, type WorkspacePackage, workspacePackages } from './plan.js';
import { formatChangeset } from './semver.js';

const { values } = parseCommandLine(
  { keep: { type: 'boolean' }, 'skip-build': { type: 'boolean' } },
  `Usage: pnpm release:dry-run [--keep] [--skip-build]

  --keep         keep the temporary copy and the consumer project (their paths are printed)
  --skip-build   do not run tsc -b first (it has just run)
  --help         this text

Exit codes: 0 ready to release, 1 a step failed, 2 bad usage.`,
);
const keep = values.keep === true;
const skipBuild = values['skip-build'] === true;
const started = performance.now();
const bin = (name: string) => join(repoRoot, 'node_modules', '.bin', name);
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const failures: string[] = [];

function run(
  what: string,
  cmd: string,
  args: readonly string[],
  options: SpawnSyncOptions & {
    quiet?: boolean;
    /** The exit code that means success (default 0). */
    status?: number;
    /** Text the output must contain. */
    expect?: string;
  } = {},
): string {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  const out = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  const status = options.status ?? 0;
  if (r.status !== status || (options.expect !== undefined && !out.includes(options.expect))) {
    failures.push(what);
    console.error(
      `✗ ${what} (exit ${r.status}, expected ${status}${options.expect !== undefined ? ` and ${JSON.stringify(options.expect)} in the output` : ''})\n${out.trim()}`,
    );
  } else if (!options.quiet) console.log(`✓ ${what}`);
  return out;
}

/** Consumer scripts: what each package's README shows, with assertions. */
const CONSUMER_SCRIPTS: Readonly<Record<string, string>> = {
  '@vendor-api/spec': `
import assert from 'node:assert/strict';
import { createSpec, jwt, operation, spec, step } from '@vendor-api/spec';
const cancel = operation(spec, 'dreams.cancel');
assert.equal(cancel.method, 'POST');
const { next, outcome } = step(spec.machines.dreams, 'completed', 'dreams.cancel');
assert.equal(next, 'completed');
assert.equal(outcome.status, 400);
assert.ok(jwt.ACCEPTED_ALGORITHMS.includes('RS256'));
assert.equal(createSpec('acme').vendor.headers.beta, 'acme-beta');
`,
  '@vendor-api/openapi': `
import assert from 'node:assert/strict';
import { controlDocument, document, requirements } from '@vendor-api/openapi';
import doc from '@vendor-api/openapi/openapi.json' with { type: 'json' };
assert.equal(document.openapi, '3.1.0');
assert.ok(controlDocument.paths['/capabilities'].get.operationId);
assert.ok(document.paths['/v1/dreams/{dream_id}/cancel'].post.operationId);
assert.ok(requirements.requirements.some((r) => r.strength === 'must'));
assert.deepEqual(doc, document);
assert.ok(import.meta.resolve('@vendor-api/openapi/openapi.yaml').endsWith('openapi.yaml'));
assert.ok(import.meta.resolve('@vendor-api/openapi/control.openapi.yaml').endsWith('control.openapi.yaml'));
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

/** A CommonJS consumer: `require()` reaches every package's ES module build (Node 20.19+). */
const requireScript = (names: readonly string[]) => `
const assert = require('node:assert/strict');
${names.map((n) => `assert.ok(Object.keys(require('${n}')).length > 0, '${n}: nothing exported to require()');`).join('\n')}
assert.equal(typeof require('@vendor-api/client').VendorClient, 'function');
`;

/** A TypeScript consumer: the packages' types, under node16 and under bundler resolution. */
const TYPES_SCRIPT = `
import { spec, type VendorSpec } from '@vendor-api/spec';
import { document } from '@vendor-api/openapi';
import { validateSchema } from '@vendor-api/validators';
import { type ClientOptions, VendorClient, type ResolveOptions, resolveCredentials } from '@vendor-api/client';
import { createServer } from '@vendor-api/reference-server';
import { type JsonReport, jsonReportSchema, type ReportTotals } from '@vendor-api/conformance';

const s: VendorSpec = spec;
const options: ClientOptions = { baseURL: 'http://127.0.0.1:1', apiKey: 'sk-test' };
const client = new VendorClient(options);
const resolveOptions: ResolveOptions = { vendor: s.vendor, env: {} };
const outcome: string = resolveCredentials(resolveOptions).outcome;
const ok: boolean = validateSchema('DreamId', 'drm_123').ok;
const totals = (report: JsonReport): ReportTotals => report.totals;
export { client, createServer, document, jsonReportSchema, ok, outcome, totals };
`;

const tsconfig = (module: string, moduleResolution: string) =>
  `${JSON.stringify(
    {
      compilerOptions: {
        target: 'ES2022',
        module,
        moduleResolution,
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        types: ['node'],
      },
      files: ['types-check.ts'],
    },
    null,
    2,
  )}\n`;

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

/** The @types/node range of the workspace (the consumer's type check uses it). */
const TYPES_NODE_RANGE = (
  JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { engines: { node: string } }
).engines.node.replace(/^>=/, '^');

/**
 * Starts a server that prints its conformance control URL and token (the installed reference
 * server with test control, or the Python example) and resolves with them.
 */
function startControlledServer(command: string, args: readonly string[], cwd: string) {
  const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  // The banner's control URL and token: all the suite's built-in control adapter needs.
  const started = new Promise<{ controlUrl: string; token: string; banner: string }>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no control URL and token within 30 s:\n${output}`)),
      30_000,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const url = /^control URL:\s*(\S+)/m.exec(output);
      const token = /^control token:\s*(\S+)/m.exec(output);
      if (url && token) {
        clearTimeout(timer);
        resolve({ controlUrl: url[1]!, token: token[1]!, banner: output });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}:\n${output}`));
    });
  });
  return { child, started };
}

/** Every bin of the installed packages, run through its node_modules/.bin link. */
async function checkBins(
  consumer: string,
  versions: readonly WorkspacePackage[],
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const binDir = join(consumer, 'node_modules', '.bin');
  const versionOf = new Map<string, string>();
  for (const p of versions) {
    const manifest = JSON.parse(
      readFileSync(join(consumer, 'node_modules', p.name, 'package.json'), 'utf8'),
    ) as { bin?: Record<string, string> };
    for (const name of Object.keys(manifest.bin ?? {})) versionOf.set(name, p.version);
  }
  const options = { cwd: consumer, env, timeout: 120_000 };
  for (const [name, version] of [...versionOf].sort()) {
    run(`${name} --help`, join(binDir, name), ['--help'], { ...options, expect: 'Usage:' });
    run(`${name} --version`, join(binDir, name), ['--version'], { ...options, expect: version });
  }
  const unreachable = 'http://127.0.0.1:9';
  if (versionOf.has('vendor-conformance'))
    run(
      `vendor-conformance run --base-url ${unreachable}: exit 2, a connection error`,
      join(binDir, 'vendor-conformance'),
      ['run', '--base-url', unreachable, '--adapter', 'reference'],
      { ...options, status: 2, expect: `cannot reach ${unreachable}` },
    );
  if (versionOf.has('vendor'))
    run(
      `vendor request --base-url ${unreachable}: exit 1, a connection error`,
      join(binDir, 'vendor'),
      ['request', 'GET', '/v1/models', '--base-url', unreachable, '--max-retries', '0'],
      { ...options, env: { ...env, VENDOR_API_KEY: 'sk-unreachable-test' }, status: 1, expect: 'onnection' },
    );
  if (!versionOf.has('reference-server') || !versionOf.has('vendor-conformance')) return;
  const server = startControlledServer(
    join(binDir, 'reference-server'),
    ['--test-control', '--port', '0'],
    consumer,
  );
  try {
    const { controlUrl, token, banner } = await server.started;
    console.log(`  reference-server's control API at ${controlUrl}`);
    // A team with only a base URL and keys: the run passes what it can check and its summary's
    // first line says it is partial, with the share of the contract checked.
    const printed = (label: string) => new RegExp(`^${label}:\\s*(\\S+)`, 'm').exec(banner)?.[1] ?? '';
    const keysOnly = run(
      'vendor-conformance run with a base URL and keys only: the verdict says partial',
      join(binDir, 'vendor-conformance'),
      [
        'run',
        ...['--base-url', printed('base URL'), '--admin-key', printed('admin key')],
        ...['--workspace-key', printed('workspace key'), '--workspace-id', printed('workspace id')],
        ...['--organization-id', printed('organization id'), '--max-wait', '30s'],
      ],
      { ...options, timeout: 600_000, expect: 'Verdict: partial — ' },
    );
    const verdict = keysOnly.split('\n').find((line) => line.startsWith('Verdict: '));
    if (verdict) console.log(`  ${verdict}`);
    // Every case the run asks for must run: a skipped one fails the dry run (--fail-on-skip).
    const report = run(
      'vendor-conformance run against the installed reference-server, through its control API, passes',
      join(binDir, 'vendor-conformance'),
      ['run', '--control-url', controlUrl, '--control-token', token, '--fail-on-skip'],
      { ...options, timeout: 600_000, expect: ' 0 failed' },
    );
    const totals = report.split('\n').find((line) => /^\d+ passed, /.test(line));
    if (totals) console.log(`  ${totals}`);
  } catch (error) {
    failures.push('reference-server starts');
    console.error(`✗ reference-server did not start: ${(error as Error).message}`);
  } finally {
    server.child.kill();
  }
  await checkPythonExample(join(binDir, 'vendor-conformance'), options);
  if (versionOf.has('vendor')) checkClientDrivers(consumer, join(binDir, 'vendor-conformance'), options);
}

/**
 * The client kit as an SDK team meets it: the installed suite runs the shipped drivers, the
 * JavaScript one for the installed @vendor-api/client (every case, both server profiles) and the
 * Python one for the installed `vendor` command (a case of each family; python3 missing: said so).
 */
function checkClientDrivers(
  consumer: string,
  conformance: string,
  options: { cwd: string; env: NodeJS.ProcessEnv },
) {
  const drivers = join(consumer, 'node_modules', '@vendor-api', 'conformance', 'drivers');
  const client = run(
    'vendor-conformance client with the shipped driver of the installed @vendor-api/client passes',
    conformance,
    ['client', '--driver', `"${process.execPath}" "${join(drivers, 'client.mjs')}"`],
    { ...options, timeout: 900_000, expect: ' 0 failed' },
  );
  const totals = client.split('\n').find((line) => /^\d+ passed, /.test(line));
  if (totals) console.log(`  ${totals}`);
  if (spawnSync('python3', ['--version']).status !== 0) {
    console.log('  (no python3: the command-line driver is not checked)');
    return;
  }
  const vendorBin = join(consumer, 'node_modules', '.bin', 'vendor');
  run(
    'vendor-conformance client with the shipped Python driver of the installed vendor command passes',
    conformance,
    [
      'client',
      ...['--driver', `python3 "${join(drivers, 'cli.py')}" "${vendorBin}"`],
      '--case',
      [
        'credentials.federation-env-token-file',
        'profiles.credentials-file-0600',
        'batches.results-matched-by-custom-id',
        'dreams.poll-until-settled',
        'rate-limits.loop-on-next-page',
      ].join(','),
    ],
    { ...options, timeout: 900_000, expect: ' 0 failed' },
  );
}

/**
 * A server not written in this codebase's language: the Python example (standard library only),
 * started on its own, judged by the installed suite through its control API alone for the
 * families it implements. Skipped, and said so, where python3 is missing.
 */
async function checkPythonExample(
  suite: string,
  options: { cwd: string; env: NodeJS.ProcessEnv; timeout: number },
) {
  const server = join(repoRoot, 'examples', 'python-server', 'server.py');
  const python = spawnSync('python3', ['--version'], { encoding: 'utf8' });
  if (python.status !== 0) {
    console.log('  (no python3: the Python example is not checked)');
    return;
  }
  const started = startControlledServer('python3', [server, '--port', '0'], options.cwd);
  try {
    const { controlUrl, token } = await started.started;
    const report = run(
      'vendor-conformance run against the Python example server, through its control API, passes',
      suite,
      ['run', '--control-url', controlUrl, '--control-token', token, '--family', 'messages,message-batches'],
      { ...options, timeout: 300_000, expect: ' 0 failed' },
    );
    const totals = report.split('\n').find((line) => /^\d+ passed, /.test(line));
    if (totals) console.log(`  ${totals}`);
  } catch (error) {
    failures.push('the Python example starts');
    console.error(`✗ the Python example did not start: ${(error as Error).message}`);
  } finally {
    started.child.kill();
  }
}

async function main(): Promise<number> {
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
      const data = name.startsWith('vendor-api-openapi-')
        ? ['--exclude-entrypoints', './openapi.yaml', './control.openapi.yaml']
        : [];
      // node16 (ESM and CommonJS) and bundler resolution; node10 predates `exports` and Node 20.
      // A CommonJS file resolving to the ES module build is what Node 20.19's require(esm) loads.
      run(
        `attw ${name}`,
        bin('attw'),
        [
          tgz,
          '--profile',
          'node16',
          '--ignore-rules',
          'cjs-resolves-to-esm',
          '--no-color',
          '--format',
          'ascii',
          ...data,
        ],
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
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        ...packed,
        `@types/node@${TYPES_NODE_RANGE}`,
      ],
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
    writeFileSync(join(consumer, 'require.cjs'), requireScript(versions.map((p) => p.name)));
    run('a CommonJS consumer require()s every package', process.execPath, [join(consumer, 'require.cjs')], {
      cwd: consumer,
    });
    writeFileSync(join(consumer, 'types-check.ts'), TYPES_SCRIPT);
    for (const [module, resolution] of [
      ['node16', 'node16'],
      ['esnext', 'bundler'],
    ] as const) {
      const config = join(consumer, `tsconfig.${resolution}.json`);
      writeFileSync(config, tsconfig(module, resolution));
      run(`tsc of a consumer under ${resolution} resolution`, bin('tsc'), ['-p', config], { cwd: consumer });
    }
    await checkBins(consumer, versions, env);
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

process.exitCode = await main();

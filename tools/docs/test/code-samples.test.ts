/**
 * Every code sample of the reference runs against the reference server and succeeds, exactly as
 * the document prints it (`x-codeSamples`): each curl command through bash and the real `curl`,
 * each client call as a TypeScript module that imports `@vendor-api/client` like an installed
 * package. Only the environment variables the samples read are set: the base URL, the keys, and
 * the ids of resources the test makes first (a batch that has ended, a session with a repository
 * resource, a pending dream, a workspace and a user for the member operations). The server's own
 * record names the operation each request reached and its status: every sample reached its own
 * operation, and only with a success.
 *
 * The token exchange needs a JWT signed by an identity provider the service trusts: the test
 * registers one with a federation rule (test control) and signs the assertion, as a workload's
 * provider would; the sample reads it from the identity-token variable.
 *
 * The curl pass needs `curl` on the PATH: without it that pass is skipped with a message, unless
 * VENDOR_API_REQUIRE_CURL=1 (CI sets it).
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { sampleEnvironment } from '@vendor-api/codegen';
import { document } from '@vendor-api/openapi';
import { access, type Endpoint, spec, vendor } from '@vendor-api/spec';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentSamples } from '../src/reference.js';
import { type Obj, type Sandbox, startSandbox } from './sandbox.js';
import { hasCurl, runShell } from './shell.js';

const run = promisify(execFile);
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const env = sampleEnvironment(vendor);

/** An order in which each sample finds what it needs: creations first, removals last. */
const ORDER = [
  'oauth.token',
  'organizations.workspaces.create',
  'organizations.workspaces.list',
  'organizations.rate_limits.list',
  'organizations.workspaces.rate_limits.list',
  'organizations.usage_report.messages',
  'organizations.workspaces.members.create',
  'organizations.workspaces.members.update',
  'organizations.workspaces.members.delete',
  'organizations.workspaces.archive',
  'messages.create',
  'messages.count_tokens',
  'messages.batches.create',
  'messages.batches.list',
  'messages.batches.retrieve',
  'messages.batches.results',
  'sessions.create',
  'sessions.resources.create',
  'sessions.resources.list',
  'sessions.resources.retrieve',
  'sessions.resources.update',
  'sessions.resources.delete',
  'dreams.create',
  'dreams.list',
  'dreams.retrieve',
  'dreams.cancel',
  'dreams.archive',
] as const;

const samples = documentSamples(document);
const sampleOf = (id: string) => {
  const s = samples.get(id);
  if (!s?.curl || !s.client) throw new Error(`${id}: the document carries no curl and client samples`);
  return s;
};

const curlPresent = hasCurl();
const CURL_REQUIRED = process.env.VENDOR_API_REQUIRE_CURL === '1';
if (!curlPresent && !CURL_REQUIRED)
  console.warn(
    '[docs] curl samples skipped: no curl on the PATH (install it: apt-get install -y curl; CI sets VENDOR_API_REQUIRE_CURL=1 and fails instead)',
  );

const endpoint = (id: string): Endpoint => {
  const e = spec.endpoints.find((x) => x.id === id);
  if (!e) throw new Error(`no operation ${id}`);
  return e;
};

/** A documented call the test makes itself, with the headers the spec names for it. */
async function call(
  s: Sandbox,
  id: string,
  options: { path?: Record<string, string>; body?: unknown; url?: string } = {},
) {
  const e = endpoint(id);
  const kind = e.auth[0];
  const secret = kind === 'admin_key' ? s.demo.adminKey : s.demo.workspaceKey;
  const credential = kind ? access.credentialHeader(kind, secret) : undefined;
  const url =
    options.url ?? (e.path ?? '').replace(/\{([a-z_]+)\}/g, (_, name: string) => options.path?.[name] ?? '');
  const res = await s.http(
    e.method,
    url,
    {
      ...access.versioningHeaders(vendor, e.betas),
      ...(credential ? { [credential.name]: credential.value } : {}),
    },
    options.body,
  );
  expect(res.status, `${id}: ${res.text}`).toBeLessThan(300);
  return res.json ?? {};
}

/** What the samples of one pass read: a fresh set of resources, so that each pass starts alike. */
async function prepare(s: Sandbox, pass: string): Promise<Record<string, string>> {
  const workspace = await call(s, 'organizations.workspaces.create', { body: { name: `samples ${pass}` } });
  const user = await s.control('users.create', { organization_id: s.demo.organizationId }, { role: 'user' });
  const batchExample = (document as unknown as Obj).paths['/v1/messages/batches'].post.requestBody.content[
    'application/json'
  ].example;
  const batch = await call(s, 'messages.batches.create', { body: batchExample });
  await s.control('batches.complete', { batch_id: String(batch.id) });
  const ended = await call(s, 'messages.batches.retrieve', { path: { message_batch_id: String(batch.id) } });
  const store = await s.control('memory-stores.create', {}, { name: `samples ${pass}` });
  // The documents show no environment endpoint; the sandbox takes any environment id.
  const environmentId = `env_samples_${pass}`;
  const session = await call(s, 'sessions.create', {
    body: {
      agent: 'samples',
      environment_id: environmentId,
      resources: [{ type: 'memory_store', memory_store_id: store.id }],
    },
  });
  const file = await s.control('files.create', {}, { filename: `${pass}.txt` });
  // Only repository resources rotate their token; the documents show no body to add one.
  const repository = await s.control(
    'sessions.repositories',
    { session_id: String(session.id) },
    { url: 'https://github.com/example/example', authorization_token: 'example-token' },
  );
  const dream = await call(s, 'dreams.create', {
    body: {
      model: vendor.models.opus,
      inputs: [
        { type: 'memory_store', memory_store_id: store.id },
        { type: 'sessions', session_ids: [session.id] },
      ],
    },
  });
  const exchange = await s.exchangeFixture();
  return {
    [env.baseUrl]: s.base,
    [env.apiKey]: s.demo.workspaceKey,
    [env.adminKey]: s.demo.adminKey,
    [vendor.env.identityToken]: exchange.assertion,
    [vendor.env.federationRuleId]: exchange.federationRuleId,
    [vendor.env.organizationId]: exchange.organizationId,
    [vendor.env.serviceAccountId]: exchange.serviceAccountId,
    WORKSPACE_ID: String(workspace.id),
    USER_ID: String(user.user_id),
    MESSAGE_BATCH_ID: String(batch.id),
    RESULTS_URL: String(ended.results_url),
    MEMORY_STORE_ID: String(store.id),
    ENVIRONMENT_ID: environmentId,
    SESSION_ID: String(session.id),
    FILE_ID: String(file.id),
    RESOURCE_ID: String(repository.id),
    DREAM_ID: String(dream.id),
  };
}

/**
 * Type errors of the client samples against the client's types. The samples read the environment
 * as `process.env.NAME` (`string | undefined`, where the client takes a `string`): null checks are
 * off, every other check of `strict` is on.
 */
function typeErrors(files: readonly string[]): string[] {
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    customConditions: ['@vendor-api/source'],
    strict: true,
    strictNullChecks: false,
    noEmit: true,
    skipLibCheck: true,
    types: ['node'],
    typeRoots: [join(root, 'node_modules/@types')],
  });
  return files.flatMap((file) => {
    const source = program.getSourceFile(file);
    if (!source) return [`${file}: not compiled`];
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map(
      (d) => `${file}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
  });
}

/** The operations the server answered since `from` (test control left out), and their statuses. */
const answeredSince = (s: Sandbox, from: number) =>
  s.answered.slice(from).filter((a) => a.operation !== undefined || !a.url.includes('/_test'));

describe('the code samples of the reference, run against the reference server', () => {
  let s: Sandbox;
  let work = '';
  /** An environment with nothing of the caller's: no credentials, profiles or home directory. */
  const clean = () => ({ PATH: process.env.PATH ?? '', HOME: work, LANG: 'C.UTF-8' });

  beforeAll(async () => {
    s = await startSandbox('code-samples');
    work = await mkdtemp(join(tmpdir(), 'vendor-samples-'));
  });
  afterAll(async () => {
    await s?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('the samples cover every operation, and read only variables this test sets', async () => {
    expect([...ORDER].sort()).toEqual(spec.endpoints.map((e) => e.id).sort());
    const known = Object.keys(await prepare(s, 'variables'));
    for (const id of ORDER) {
      const { curl, client } = sampleOf(id);
      // a variable this test does not set would run empty and fail for the wrong reason
      const read = [
        ...curl.matchAll(/\$([A-Z][A-Z0-9_]*)/g),
        ...client.matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g),
      ];
      for (const [, name] of read) expect(known, `${id} reads ${name}`).toContain(name);
    }
  });

  it.skipIf(!curlPresent && !CURL_REQUIRED)(
    'every curl command succeeds, as printed',
    async () => {
      expect(curlPresent, 'curl is required here and missing from the PATH').toBe(true);
      const vars = await prepare(s, 'curl');
      for (const id of ORDER) {
        const from = s.answered.length;
        const { answers, stderr } = await runShell(sampleOf(id).curl, { ...clean(), ...vars });
        const status = answers[0]?.status ?? 0;
        const told = `${id}: ${answers.map((a) => `${a.status} ${a.body}`).join('\n')}${stderr}`;
        expect(answers, told).toHaveLength(1);
        expect(status, told).toBeGreaterThanOrEqual(200);
        expect(status, told).toBeLessThan(300);
        const reached = answeredSince(s, from);
        expect(
          reached.map((a) => `${a.operation} ${a.status}`),
          id,
        ).toEqual([`${id} ${status}`]);
      }
    },
    120_000,
  );

  it('every client call succeeds, as printed, importing @vendor-api/client like an installed package', async () => {
    const vars = await prepare(s, 'client');
    const dir = join(work, 'client');
    await mkdir(join(dir, 'node_modules', '@vendor-api'), { recursive: true });
    await symlink(join(root, 'packages/client'), join(dir, 'node_modules/@vendor-api/client'), 'dir');
    await writeFile(join(dir, 'package.json'), '{ "type": "module" }\n');
    const files: string[] = [];
    for (const [i, id] of ORDER.entries()) {
      const file = join(dir, `${String(i).padStart(2, '0')}-${id}.ts`);
      await writeFile(file, `${sampleOf(id).client}\n`);
      files.push(file);
    }
    expect(typeErrors(files)).toEqual([]);
    // One process imports each module in turn (a fresh process each would only cost time): a
    // module whose call fails rejects its import.
    await writeFile(
      join(dir, 'run.mjs'),
      `import { appendFileSync } from 'node:fs';
for (const file of process.argv.slice(2)) {
  let error = null;
  try { await import(new URL(file, 'file:///').href); } catch (e) { error = String(e?.stack ?? e); }
  appendFileSync(${JSON.stringify(join(dir, 'results.jsonl'))}, JSON.stringify({ file, error }) + '\\n');
}
`,
    );
    const from = s.answered.length;
    const child = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        '--conditions=@vendor-api/source',
        join(dir, 'run.mjs'),
        ...files.map((f) => pathToFileURL(f).pathname),
      ],
      { cwd: root, env: { ...clean(), ...vars }, maxBuffer: 64 * 1024 * 1024 },
    ).catch((e: Error & { stdout?: string; stderr?: string }) => {
      throw new Error(`the client samples did not run: ${e.message}\n${e.stderr ?? ''}`);
    });
    const results = (await readFile(join(dir, 'results.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { file: string; error: string | null });
    expect(
      results.filter((r) => r.error),
      child.stderr,
    ).toEqual([]);
    expect(results).toHaveLength(ORDER.length);
    // Each sample reached its operation and nothing else; a list read every page (one here).
    const reached = answeredSince(s, from);
    expect(reached.filter((a) => a.status >= 300)).toEqual([]);
    const sequence = reached.map((a) => a.operation).filter((op, i, all) => op !== all[i - 1]);
    expect(sequence).toEqual([...ORDER]);
  }, 180_000);
});

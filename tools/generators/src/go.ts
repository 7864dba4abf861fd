/**
 * The Go generator of the matrix, oapi-codegen: the generator and the runtime its client imports
 * are pinned by the module in `go/` (`go.mod`, `go.sum`). The generator is built once from that
 * module into `node_modules/.cache`, keyed by those two files; the generated client, its drivers
 * and a copy of the two files make a temporary module that `go vet` and `go build` check. Go's own
 * module and build caches stay where Go keeps them (GOMODCACHE, GOCACHE): shared by every checkout
 * and every Go project of the machine, as a Go user has them. Modules come from the configured
 * module proxy, each checked against `go.sum`; nothing is resolved anew (`-mod=readonly`).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Calls, Connection } from './calls.js';
import { childCalls } from './child.js';

const ROOT = new URL('..', import.meta.url).pathname;
/** The module that pins the generator and the runtime. */
export const GO_MODULE = join(ROOT, 'go');
const GENERATOR_PACKAGE = 'github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen';

/** The `go` command (`VENDOR_API_GO` names another). */
const GO = process.env.VENDOR_API_GO ?? 'go';

/** Go, or the modules of `go.sum`, cannot be had here. */
export class GoUnavailable extends Error {}

/**
 * The environment of every `go` command: the module files as committed (a missing checksum fails
 * instead of being looked up and written), the toolchain on the machine (no other downloaded).
 */
const goEnv = () => ({
  ...process.env,
  GOFLAGS: [process.env.GOFLAGS, '-mod=readonly'].filter(Boolean).join(' '),
  GOTOOLCHAIN: 'local',
  NO_COLOR: '1',
});

/** Runs `go` in `cwd`: its output, or an error carrying it. */
export async function runGo(args: readonly string[], cwd: string): Promise<string> {
  try {
    const { stdout, stderr } = await promisify(execFile)(GO, args, {
      cwd,
      env: goEnv(),
      maxBuffer: 64 * 1024 * 1024,
    });
    return `${stdout}\n${stderr}`.trim();
  } catch (e) {
    const { stdout = '', stderr = '', message } = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(`go ${args.join(' ')}: ${`${stdout}\n${stderr}`.trim() || message}`);
  }
}

/** A pinned module's version, as `go.mod` requires it. */
export function goModuleVersion(path: string): string {
  const line = readFileSync(join(GO_MODULE, 'go.mod'), 'utf8')
    .split('\n')
    .map((l) => l.trim().replace(/^require\s+/, ''))
    .find((l) => l.startsWith(`${path} `));
  if (line === undefined) throw new Error(`${path} is not required in go/go.mod`);
  return line.split(/\s+/)[1]!;
}

/** The cache folder of the built generator: one per content of `go.mod` and `go.sum`. */
export function goToolFolder(): string {
  const hash = createHash('sha256');
  for (const file of ['go.mod', 'go.sum']) hash.update(readFileSync(join(GO_MODULE, file)));
  return join(ROOT, 'node_modules', '.cache', `generators-go-${hash.digest('hex').slice(0, 12)}`);
}

let building: Promise<string> | undefined;

/**
 * The built `oapi-codegen`, built first when missing (`go build` from the pinned module: about
 * two minutes the first time on a busy 2-core machine, nothing after).
 */
export function oapiCodegen(): Promise<string> {
  building ??= (async () => {
    // The toolchain is checked even when the generator is built: the client is built with it too.
    try {
      await runGo(['version'], GO_MODULE);
    } catch (e) {
      throw new GoUnavailable(`no Go toolchain (${GO} version): ${(e as Error).message}`);
    }
    const folder = goToolFolder();
    const bin = join(folder, 'oapi-codegen');
    if (existsSync(bin)) return bin;
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
    try {
      // Built to a temporary name and renamed, so an interrupted build leaves no binary behind.
      await runGo(['build', '-o', `${bin}.partial`, GENERATOR_PACKAGE], GO_MODULE);
    } catch (e) {
      rmSync(folder, { recursive: true, force: true });
      throw new GoUnavailable(`the pinned generator did not build: ${(e as Error).message}`);
    }
    copyFileSync(`${bin}.partial`, bin);
    rmSync(`${bin}.partial`);
    return bin;
  })();
  building.catch(() => {
    building = undefined;
  });
  return building;
}

/** Runs the built generator in `dir`; its output. */
export async function runOapiCodegen(args: readonly string[], dir: string): Promise<string> {
  const bin = await oapiCodegen();
  try {
    const { stdout, stderr } = await promisify(execFile)(bin, args, { cwd: dir, env: goEnv() });
    return `${stdout}\n${stderr}`.trim();
  } catch (e) {
    const { stdout = '', stderr = '', message } = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(`oapi-codegen ${args.join(' ')}: ${`${stdout}\n${stderr}`.trim() || message}`);
  }
}

/**
 * Makes `dir` a Go module with the pinned requirements (the generated client imports the
 * runtime), with the folder of the generated package.
 */
export function goModule(dir: string): void {
  for (const file of ['go.mod', 'go.sum']) copyFileSync(join(GO_MODULE, file), join(dir, file));
  mkdirSync(join(dir, 'client'), { recursive: true });
}

/** The scenario driver's binary, built by the compile stage. */
export const SCENARIO_BINARY = 'oapi-codegen-driver';

/** Builds the kit driver (`kit/oapi-codegen.go`) beside the client in `dir`; its command. */
export async function buildKitDriver(dir: string): Promise<string> {
  mkdirSync(join(dir, 'kit'), { recursive: true });
  copyFileSync(join(ROOT, 'kit', 'oapi-codegen.go'), join(dir, 'kit', 'main.go'));
  await runGo(['vet', './kit'], dir);
  await runGo(['build', '-o', 'oapi-codegen-kit', './kit'], dir);
  return JSON.stringify(join(dir, 'oapi-codegen-kit'));
}

/** The scenario's calls through the built driver (`child.ts`). */
export function goCalls(dir: string, connection: Connection): Calls & { close(): void } {
  return childCalls(join(dir, SCENARIO_BINARY), [], dir, connection);
}

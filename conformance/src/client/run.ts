/**
 * Runs client cases through a driver. One judging reference server per server profile serves the
 * whole run (a case that needs a server of its own, `needs: ['own-server']`, gets one); each case
 * and profile gets a fresh organization of its own on it with its fixtures, a recording front of
 * its own (its request log holds its driver's requests and nothing else), a temporary home and
 * scratch directory, the case's files and environment, then the driver; the outcome lines, the
 * wire and the files are judged.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vendor as publishedVendor, VARIANTS, type Vendor } from '@vendor-api/spec';
import { type Embedded, startEmbedded } from '../embedded.js';
import type { CaseResult } from '../runner.js';
import { clientCases } from './cases.js';
import { createFixtures, materialise } from './fixtures.js';
import { judge, parseOutcomes, type WireBreak } from './judge.js';
import { startJudgingServer, writeCaseFile } from './judging-server.js';
import {
  CALLS_FILE_VARIABLE,
  type CallsFile,
  CLIENT_PROTOCOL,
  type ClientCase,
  DRIVER_RUN_VARIABLE,
  SERVER_PROFILES,
  type ServerProfile,
} from './protocol.js';

export interface ClientRunOptions {
  /** The driver: a shell command. */
  readonly driver: string;
  /** Only these case ids (all when absent or empty). */
  readonly cases?: readonly string[];
  readonly profiles?: readonly ServerProfile[];
  /** Per case and profile (default 60 s). */
  readonly timeoutMs?: number;
  /** Cases run at once (default 4). */
  readonly concurrency?: number;
  /**
   * Every case on a reference server of its own, as a case that needs one has it (the way the kit
   * ran before its servers were shared; a benchmark's baseline).
   */
  readonly serverPerCase?: boolean;
  /**
   * The judging reference servers to share (one per profile; the caller closes them): several
   * runs of one process may share them. Absent: the run starts its own and closes them at its end.
   */
  readonly servers?: ClientServers;
  /** Extra environment for the driver (besides the case's). */
  readonly env?: Readonly<Record<string, string>>;
  /** The vendor name the cases, the embedded server and the fixtures derive their names from. */
  readonly vendor?: Vendor;
  readonly onResult?: (result: ClientCaseResult, index: number, total: number) => void;
}

/**
 * A client case's result. `wire`: the rules every request is held to (`WIRE_RULES`) that the run
 * broke; they fail the case, and a report names each once for the whole run (`wireRuleLines`),
 * beside the case's own failures (`failure`, which holds only those).
 */
export interface ClientCaseResult extends CaseResult {
  readonly wire?: readonly WireBreak[];
  /** The run failed for `wire` alone: every other check of the case passed. */
  readonly wireOnly?: true;
  /** How long the driver ran (ms; absent when it did not run). */
  readonly driverMs?: number;
}

export interface DriverRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly timedOut: boolean;
  /** The driver printed more than `MAX_DRIVER_STDOUT_BYTES` and was stopped there. */
  readonly overflowed: boolean;
}

/**
 * The most of a driver's standard output the runner reads: its outcome lines take a few kilobytes,
 * so a driver past this is broken (and is stopped) rather than a client with much to say.
 */
export const MAX_DRIVER_STDOUT_BYTES = 8 * 1024 * 1024;
/** The most of a driver's standard error the runner keeps (the report shows its last lines). */
const MAX_DRIVER_STDERR_BYTES = 64 * 1024;
/** How long the runner waits for a driver's output to close once every process of it is killed. */
const CLOSE_GRACE_MS = 5_000;

/**
 * Runs a driver command with its own process group, read within bounds (a byte cap on its output,
 * a deadline). When it ends, is stopped at the deadline or prints too much, every process it
 * started is killed: its process group, and on Linux what escaped the group (a process with the
 * run's mark in its environment, or holding the driver's output open).
 */
export function runDriver(
  command: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<DriverRun> {
  return new Promise((resolve) => {
    const mark = randomUUID();
    const child = spawn(command, {
      shell: true,
      cwd,
      env: { ...env, [DRIVER_RUN_VARIABLE]: mark },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = '';
    let timedOut = false;
    let overflowed = false;
    let settled = false;
    let graceTimer: NodeJS.Timeout | undefined;
    const pipes = outputPipes(child);
    const killAll = () => killDriverProcesses(child.pid, mark, pipes);
    const finish = (code: number | null, error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(graceTimer);
      killAll();
      child.stdout.destroy();
      child.stderr.destroy();
      resolve({
        code,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: error ? `${stderr}${error.message}` : stderr,
        timedOut,
        overflowed,
      });
    };
    /** Kills what is left and waits a bounded time for the output to close. */
    const stop = () => {
      killAll();
      graceTimer ??= setTimeout(() => finish(child.exitCode), CLOSE_GRACE_MS);
    };
    child.stdout.on('data', (d: Buffer) => {
      if (overflowed) return;
      stdoutBytes += d.length;
      if (stdoutBytes > MAX_DRIVER_STDOUT_BYTES) {
        overflowed = true;
        stop();
        return;
      }
      stdout.push(d);
    });
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < MAX_DRIVER_STDERR_BYTES) stderr += d.toString('utf8');
    });
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, timeoutMs);
    // The driver's shell ended: what it left running is killed, then its output read to its end.
    child.on('exit', stop);
    child.on('error', (error) => finish(null, error));
    child.on('close', (code) => finish(code));
  });
}

/** The pipes of a child's output (`pipe:[inode]`, as /proc names them), where the system says. */
function outputPipes(child: ChildProcess): string[] {
  const pipes: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    const fd = (stream as unknown as { _handle?: { fd?: number } } | null)?._handle?.fd;
    if (typeof fd !== 'number' || fd < 0) continue;
    try {
      pipes.push(readlinkSync(`/proc/self/fd/${fd}`));
    } catch {
      /* no /proc here: the process group alone */
    }
  }
  return pipes;
}

/**
 * Kills the driver's process group, then (where /proc lists processes) every other process that
 * carries the run's mark in its environment or holds one of the driver's output pipes: a child
 * that made a session of its own escapes the group but keeps both.
 */
function killDriverProcesses(pid: number | undefined, mark: string, pipes: readonly string[]): void {
  const kill = (target: number) => {
    try {
      process.kill(target, 'SIGKILL');
    } catch {
      /* gone already */
    }
  };
  if (pid) kill(-pid);
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e) && Number(e) !== process.pid);
  } catch {
    return;
  }
  const marked = `${DRIVER_RUN_VARIABLE}=${mark}`;
  for (const entry of entries) {
    if (escaped(entry, marked, pipes)) {
      kill(-Number(entry));
      kill(Number(entry));
    }
  }
}

/** Whether the process `/proc/<entry>` carries the run's mark or holds one of its pipes. */
function escaped(entry: string, marked: string, pipes: readonly string[]): boolean {
  try {
    if (readFileSync(`/proc/${entry}/environ`, 'latin1').split('\0').includes(marked)) return true;
  } catch {
    /* another user's process, or gone */
  }
  if (pipes.length === 0) return false;
  try {
    for (const fd of readdirSync(`/proc/${entry}/fd`)) {
      try {
        if (pipes.includes(readlinkSync(`/proc/${entry}/fd/${fd}`))) return true;
      } catch {
        /* closed meanwhile */
      }
    }
  } catch {
    /* another user's process, or gone */
  }
  return false;
}

/** The driver's environment: this process's, without any variable of the vendor, plus the case's. */
function driverEnv(v: Vendor, extra: Readonly<Record<string, string>>): NodeJS.ProcessEnv {
  const ours = new Set<string>(Object.values(v.env));
  const env: NodeJS.ProcessEnv = {};
  for (const [k, value] of Object.entries(process.env))
    if (!ours.has(k) && !k.startsWith(`${v.envPrefix}_`)) env[k] = value;
  return { ...env, ...extra };
}

/** Whether a case runs on a reference server of its own rather than the run's shared one. */
export const needsOwnServer = (c: ClientCase): boolean => c.needs?.includes('own-server') === true;

/**
 * The judging reference servers of a run: one per server profile, started on first use and shared
 * by every case of the run, each case in an organization of its own; a case that needs a server of
 * its own starts one (and closes it when it ends).
 */
export class ClientServers {
  private readonly shared = new Map<ServerProfile, Promise<Embedded>>();
  constructor(private readonly v: Vendor = publishedVendor) {}

  /** A new reference server of the profile: the alternatives profile has every legal alternative. */
  start(profile: ServerProfile): Promise<Embedded> {
    return startEmbedded({
      variants: profile === 'alternatives' ? VARIANTS.map((x) => x.name) : [],
      ...(this.v.name === publishedVendor.name ? {} : { vendor: this.v.name }),
    });
  }

  /** The run's server of the profile. */
  of(profile: ServerProfile): Promise<Embedded> {
    let server = this.shared.get(profile);
    if (!server) {
      server = this.start(profile);
      this.shared.set(profile, server);
    }
    return server;
  }

  /** Closes every shared server started. */
  async close(): Promise<void> {
    const started = [...this.shared.values()];
    this.shared.clear();
    await Promise.all(started.map(async (s) => (await s.catch(() => undefined))?.close()));
  }
}

async function runOne(
  c: ClientCase,
  profile: ServerProfile,
  o: ClientRunOptions,
  v: Vendor,
  servers: ClientServers,
): Promise<ClientCaseResult> {
  const started = performance.now();
  const root = await mkdtemp(join(tmpdir(), 'client-case-'));
  const home = join(root, 'home');
  const work = join(root, 'work');
  await mkdir(home, { recursive: true });
  await mkdir(work, { recursive: true });
  let own: Embedded | undefined;
  let judging: Awaited<ReturnType<typeof startJudgingServer>> | undefined;
  let driverMs: number | undefined;
  const base = {
    id: `${c.id}@${profile}`,
    family: `client/${c.id.split('.')[0]}`,
    title: c.title,
    requirements: c.requirements,
    credited: [] as readonly string[],
  };
  const failed = (
    message: string,
    requests: number,
    wire: readonly WireBreak[] = [],
    wireOnly = false,
  ): ClientCaseResult => ({
    ...base,
    outcome: 'failed',
    durationMs: performance.now() - started,
    requests,
    failure: { message, step: null, seed: 0, steps: [] },
    ...(wire.length ? { wire } : {}),
    ...(wireOnly ? { wireOnly: true as const } : {}),
    ...(driverMs === undefined ? {} : { driverMs }),
  });
  try {
    if (o.serverPerCase || needsOwnServer(c)) own = await servers.start(profile);
    const embedded = own ?? (await servers.of(profile));
    const fixtures = await createFixtures(embedded, c, { home, work, baseUrl: '' }, v);
    const placeholder = fixtures.values;
    judging = await startJudgingServer(
      embedded.target.baseUrl,
      materialise(c.setup.server ?? {}, placeholder),
      {
        dreamId: placeholder.dream_id,
        driveDream: (embedded.adapter.driveDream ?? (() => Promise.reject(new Error('no dream drive')))).bind(
          embedded.adapter,
        ),
        cancelDream: fixtures.cancelDream,
        vendor: v,
        // The reference profile's exchange errors carry the request id in every place a client
        // may read it; the alternatives profile's only where that server's choice puts it.
        requestIdEverywhere: profile === 'reference',
      },
    );
    const values = { ...placeholder, base_url: judging.url };
    const kase = materialise(c, values);
    for (const file of kase.setup.files ?? []) await writeCaseFile(file);
    const callsFile: CallsFile = {
      protocol: CLIENT_PROTOCOL.name,
      version: CLIENT_PROTOCOL.version,
      case: c.id,
      vendor: v.name,
      base_url: judging.url,
      options: kase.setup.options ?? {},
      calls: kase.calls,
    };
    const callsPath = join(root, 'calls.json');
    await writeFile(callsPath, `${JSON.stringify(callsFile, null, 2)}\n`);
    const env = driverEnv(v, {
      ...o.env,
      ...kase.setup.env,
      HOME: home,
      USERPROFILE: home,
      [CALLS_FILE_VARIABLE]: callsPath,
    });
    // From the directory the runner was started in: a driver named by a relative path is found.
    const driverStarted = performance.now();
    const run = await runDriver(o.driver, process.cwd(), env, o.timeoutMs ?? 60_000);
    driverMs = performance.now() - driverStarted;
    const { lines, problems: format } = parseOutcomes(run.stdout);
    const unsupported = [...lines.values()].find((l) => !l.ok && l.error.kind === 'unsupported');
    if (unsupported && !unsupported.ok)
      return {
        ...base,
        outcome: 'skipped',
        reason: `not applicable to this client: ${unsupported.error.message ?? 'the driver says it has no such feature'}`,
        durationMs: performance.now() - started,
        requests: judging.requests.length,
        driverMs,
      };
    const judged = await judge(kase, lines, judging, v, { home, work });
    const problems = [
      ...(run.timedOut ? [`the driver did not finish within ${(o.timeoutMs ?? 60_000) / 1000} s`] : []),
      ...(run.overflowed
        ? [
            `the driver printed more than ${MAX_DRIVER_STDOUT_BYTES} bytes on its standard output and was stopped`,
          ]
        : []),
      ...format,
      ...judged.problems,
      ...judging.problems,
    ];
    const requests = judging.requests.length;
    if (problems.length === 0 && judged.wire.length === 0)
      return {
        ...base,
        outcome: 'passed',
        durationMs: performance.now() - started,
        requests,
        credited: c.requirements,
        driverMs,
      };
    if (problems.length === 0)
      return failed(
        `no failure of its own; it broke ${[...new Set(judged.wire.map((w) => w.rule))].join(', ')} (every request is held to ${judged.wire.length > 1 ? 'them' : 'it'}): ${judged.wire.map((w) => w.problem).join('; ')}`,
        requests,
        judged.wire,
        true,
      );
    const tail = run.stderr.trim().split('\n').slice(-8).join('\n');
    return failed(
      `${problems.join('\n')}${tail ? `\ndriver stderr (last lines):\n${tail}` : ''}${
        run.code !== 0 && run.code !== null ? `\ndriver exit code ${run.code}` : ''
      }${judged.wire.length ? `\nalso broke ${[...new Set(judged.wire.map((w) => w.rule))].join(', ')} (reported once for the run)` : ''}`,
      requests,
      judged.wire,
    );
  } catch (error) {
    return failed(
      `the runner could not prepare the case: ${(error as Error).message}`,
      judging?.requests.length ?? 0,
    );
  } finally {
    await judging?.close();
    await own?.close();
    await rm(root, { recursive: true, force: true });
  }
}

/** Selects cases by id (unknown ids are an error naming the known ones). */
export function selectClientCases(
  ids: readonly string[] | undefined,
  v: Vendor = publishedVendor,
): ClientCase[] {
  const all = clientCases(v);
  if (!ids || ids.length === 0) return all;
  const known = new Set(all.map((c) => c.id));
  const unknown = ids.filter((id) => !known.has(id.replace(/@.*$/, '')));
  if (unknown.length)
    throw new Error(`unknown client case ${unknown.join(', ')}; \`client --list\` lists them`);
  const wanted = new Set(ids.map((id) => id.replace(/@.*$/, '')));
  return all.filter((c) => wanted.has(c.id));
}

/**
 * The rules every request is held to that a run broke, each once with the number of runs it
 * touched (a client that sends no version header breaks it on every case: one line, not forty),
 * and the runs whose only failure it is.
 */
export function wireRuleLines(results: readonly ClientCaseResult[]): string[] {
  const byRule = new Map<string, { problems: Set<string>; runs: Set<string> }>();
  for (const r of results)
    for (const w of r.wire ?? []) {
      const entry = byRule.get(w.rule) ?? { problems: new Set(), runs: new Set() };
      entry.problems.add(w.problem);
      entry.runs.add(r.id);
      byRule.set(w.rule, entry);
    }
  const own = new Set(results.filter((r) => r.failure && !r.wireOnly).map((r) => r.id));
  return [...byRule].map(([rule, { problems, runs }]) => {
    const only = [...runs].filter((id) => !own.has(id)).length;
    const shown = [...problems].slice(0, 3);
    return `✗ ${rule}: broken in ${runs.size} of ${results.length} runs (${only} of them fail for it alone): ${shown.join('; ')}${problems.size > shown.length ? `; and ${problems.size - shown.length} more` : ''}`;
  });
}

/** A run whose only failure is a rule every request is held to (reported by `wireRuleLines`). */
export const isWireOnly = (r: ClientCaseResult): boolean => r.wireOnly === true;

/** The family of the results `foldWireRules` adds, one per rule every request is held to. */
export const WIRE_FAMILY = 'client/every-request';

/**
 * The results as a report shows them, the finding first: one failed result per rule every request
 * is held to that the run broke (`every-request.<RULE>`, its message `wireRuleLines`' line and the
 * runs it touched), then every run judged on its own: a run that failed for such a rule alone
 * passed its own checks, and no run is counted against a rule its own result does not fail.
 */
export function foldWireRules(results: readonly ClientCaseResult[]): ClientCaseResult[] {
  const lines = wireRuleLines(results);
  const broken = new Map<string, string[]>();
  for (const r of results)
    for (const w of r.wire ?? []) broken.set(w.rule, [...(broken.get(w.rule) ?? []), r.id]);
  const findings: ClientCaseResult[] = [...broken].map(([rule, runs], i) => {
    const unique = [...new Set(runs)];
    return {
      id: `every-request.${rule}`,
      family: WIRE_FAMILY,
      title: 'A rule every request of a client is held to',
      requirements: [rule],
      credited: [],
      outcome: 'failed',
      durationMs: 0,
      requests: 0,
      failure: {
        message: `${(lines[i] ?? rule).replace(`✗ ${rule}: `, '')}\n  runs: ${unique.slice(0, 8).join(', ')}${unique.length > 8 ? `, and ${unique.length - 8} more` : ''}`,
        step: null,
        seed: 0,
        steps: [],
      },
    };
  });
  const own = results.map((r): ClientCaseResult => {
    const rules = new Set<string>((r.wire ?? []).map((w) => w.rule));
    if (rules.size === 0) return r;
    const requirements = r.requirements.filter((id) => !rules.has(id));
    if (!r.wireOnly) return { ...r, requirements };
    const { failure: _failure, wireOnly: _only, ...rest } = r;
    return { ...rest, requirements, credited: requirements, outcome: 'passed' };
  });
  return [...findings, ...own];
}

/**
 * The order runs start in, by index: the runs that wait on purpose first, longest first, one in
 * every `concurrency` starts, so that their waits overlap the other runs' work instead of filling
 * every slot at once; then the others in catalog order.
 */
export function runOrder(waits: readonly number[], concurrency: number): number[] {
  const indexes = waits.map((_, i) => i);
  const waiting = indexes
    .filter((i) => (waits[i] ?? 0) > 0)
    .sort((a, b) => (waits[b] ?? 0) - (waits[a] ?? 0));
  const others = indexes.filter((i) => !((waits[i] ?? 0) > 0));
  const order: number[] = [];
  const spacing = Math.max(1, concurrency - 1);
  while (waiting.length || others.length) {
    const w = waiting.shift();
    if (w !== undefined) order.push(w);
    order.push(...others.splice(0, w === undefined ? others.length : spacing));
  }
  return order;
}

/** The seconds a case's calls wait on purpose. */
const waitSeconds = (c: ClientCase): number =>
  c.calls.reduce((sum, call) => sum + (call.op === 'wait' ? call.seconds : 0), 0);

export async function runClientCases(o: ClientRunOptions): Promise<ClientCaseResult[]> {
  const v = o.vendor ?? publishedVendor;
  const cases = selectClientCases(o.cases, v);
  const profiles = o.profiles ?? SERVER_PROFILES;
  // `--case ID@profile` names one run of a case (the id a report shows); `--case ID` both.
  const named = new Set(o.cases ?? []);
  const jobs = cases.flatMap((c) =>
    profiles
      .filter((p) => named.size === 0 || named.has(c.id) || named.has(`${c.id}@${p}`))
      .map((p) => [c, p] as const),
  );
  const results: ClientCaseResult[] = new Array(jobs.length);
  let next = 0;
  let done = 0;
  const servers = o.servers ?? new ClientServers(v);
  const concurrency = Math.min(o.concurrency ?? 4, jobs.length);
  const order = runOrder(
    jobs.map(([c]) => waitSeconds(c)),
    concurrency,
  );
  const worker = async () => {
    while (next < jobs.length) {
      const i = order[next++] as number;
      const [c, p] = jobs[i] as (typeof jobs)[number];
      const r = await runOne(c, p, o, v, servers);
      results[i] = r;
      o.onResult?.(r, done++, jobs.length);
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    if (!o.servers) await servers.close();
  }
  return results;
}

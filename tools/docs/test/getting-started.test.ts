/**
 * Getting started, run as a reader follows it: its first command (`corepack pnpm start`) starts
 * the sandbox in a process of its own; the values the page asks to copy from its banner are
 * copied; every later command runs in order through bash and the real `curl`, exactly as the page
 * shows it (an operation's command is the reference's curl sample); what a step asks to keep from
 * an answer is kept, and a step to repeat is repeated until its answer says so. Every call must
 * succeed. The sandbox keeps the wall clock (a batch ends, a dream completes, after a few seconds).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { document } from '@vendor-api/openapi';
import { spec } from '@vendor-api/spec';
import { afterAll, describe, expect, it } from 'vitest';
import { bannerPlaceholder, type GuideStep, gettingStarted, guideMarkdown } from '../src/getting-started.js';
import { documentSamples } from '../src/reference.js';
import { hasCurl, runShell } from './shell.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const guide = gettingStarted(spec);
const steps = guide.sections.flatMap((s) => s.steps);
const samples = documentSamples(document);
const CURL_REQUIRED = process.env.VENDOR_API_REQUIRE_CURL === '1';
/** How long a repeated step may take before the test gives up on it (a loaded machine is slow). */
const UNTIL_MS = 90_000;

/** The command a step shows: its own, or its operation's curl sample. */
const commandOf = (step: GuideStep) =>
  step.shell ?? (step.operation ? samples.get(step.operation)?.curl : undefined);

/** Starts a background step in its own process group; resolves to its output once `labels` are printed. */
function startBackground(
  command: string,
  labels: readonly string[],
  started: ChildProcess[],
): Promise<string> {
  const child = spawn('sh', ['-c', command], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, COREPACK_ENABLE_DOWNLOAD_PROMPT: '0' },
  });
  started.push(child);
  let output = '';
  return new Promise((done, fail) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (labels.every((l) => new RegExp(`^${l}:\\s+\\S+`, 'm').test(output))) done(output);
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('error', fail);
    child.once('exit', (code) =>
      fail(new Error(`${command} exited (${code}) before its banner:\n${output}`)),
    );
  });
}

const bannerValue = (banner: string, label: string) => {
  const value = new RegExp(`^${label}:\\s+(\\S+)`, 'm').exec(banner)?.[1];
  if (value === undefined) throw new Error(`no ${label}: line in the banner:\n${banner}`);
  return value;
};

const field = (body: string, name: string): unknown => (JSON.parse(body) as Record<string, unknown>)[name];

describe('getting started', () => {
  const started: ChildProcess[] = [];
  const homes: string[] = [];
  afterAll(async () => {
    await Promise.all(homes.map((d) => rm(d, { recursive: true, force: true })));
    // the whole group: pnpm, tsx and the server under them
    for (const child of started)
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  });

  it('every step names a command or an operation with samples, and the Markdown holds every command', () => {
    const markdown = guideMarkdown(guide, document);
    for (const step of steps) {
      if (step.operation) expect(samples.get(step.operation)?.curl, step.operation).toBeTruthy();
      const command = commandOf(step);
      if (command) expect(markdown).toContain(command);
    }
    expect(steps.filter((s) => s.background)).toHaveLength(1);
  });

  it('every variable a command reads is set by an earlier step', () => {
    const set = new Set<string>();
    for (const step of steps) {
      const command = commandOf(step) ?? '';
      for (const [, name] of command.matchAll(/\$([A-Z][A-Z0-9_]*)/g))
        expect([...set], `${command}\nreads ${name}`).toContain(name);
      for (const name of Object.keys(step.fromBanner ?? {})) set.add(name);
      for (const [, name] of command.matchAll(/^export ([A-Z][A-Z0-9_]*)=/gm)) set.add(name ?? '');
      for (const name of Object.keys(step.keep ?? {})) set.add(name);
    }
  });

  it.skipIf(!hasCurl() && !CURL_REQUIRED)(
    'runs as printed: the sandbox starts, and a first call, batch and dream succeed',
    async () => {
      // a reader's terminal, without this machine's credentials or profiles
      const home = await mkdtemp(join(tmpdir(), 'vendor-getting-started-'));
      homes.push(home);
      let env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: home, LANG: 'C.UTF-8' };
      let banner = '';
      let calls = 0;
      for (const step of steps) {
        const command = commandOf(step);
        if (!command) continue;
        if (step.background) {
          const labels = steps.flatMap((s) => Object.values(s.fromBanner ?? {}));
          banner = await startBackground(command, labels, started);
          continue;
        }
        let script = command;
        for (const label of Object.values(step.fromBanner ?? {}))
          script = script.replaceAll(bannerPlaceholder(label), `'${bannerValue(banner, label)}'`);
        const deadline = Date.now() + UNTIL_MS;
        for (;;) {
          const ran = await runShell(script, env);
          const told = `${script}\n${ran.answers.map((a) => `${a.status} ${a.body}`).join('\n')}${ran.stderr}`;
          for (const a of ran.answers) expect(a.status, told).toBeGreaterThanOrEqual(200);
          for (const a of ran.answers) expect(a.status, told).toBeLessThan(300);
          if (step.operation) expect(ran.answers, told).toHaveLength(1);
          calls += ran.answers.length;
          env = ran.env;
          const last = ran.answers.at(-1)?.body ?? '';
          const until = step.until;
          if (until) {
            const value = field(last, until.field);
            const reached = until.values
              ? until.values.includes(String(value))
              : value !== null && value !== undefined;
            if (!reached) {
              expect(Date.now(), `${until.field} still ${JSON.stringify(value)}: ${told}`).toBeLessThan(
                deadline,
              );
              await new Promise((r) => setTimeout(r, 500));
              continue;
            }
          }
          for (const [name, from] of Object.entries(step.keep ?? {})) {
            const value = field(last, from);
            expect(value, `${name} from ${from}: ${told}`).toEqual(expect.any(String));
            env[name] = String(value);
          }
          break;
        }
      }
      expect(calls).toBeGreaterThanOrEqual(steps.filter((s) => s.operation).length);
    },
    300_000,
  );
});

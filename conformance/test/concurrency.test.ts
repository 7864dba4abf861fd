/**
 * The runner's concurrency: at most N cases at once, results in the run's order whatever order
 * they finish in, and the cases that move what every case of a shared target sees (its clock, its
 * faults) alone. The cases here make no request: each yields to the event loop a number of turns
 * (never a duration), so the interleaving is the same on any machine.
 */
import { setImmediate as turn } from 'node:timers/promises';
import { spec } from '@vendor-api/spec';
import { describe, expect, it } from 'vitest';
import type { Adapter, Target } from '../src/adapter.js';
import type { Capability } from '../src/capabilities.js';
import { type CaseDefinition, defineCase } from '../src/case.js';
import { main } from '../src/cli.js';
import { type Need, orRealTime } from '../src/needs.js';
import { type CaseResult, runCases, runsAlone } from '../src/runner.js';
import { durationText, parseDuration } from '../src/wait.js';

const target: Target = {
  baseUrl: 'http://127.0.0.1:1',
  adminKey: 'sk-test-admin',
  workspace: { id: 'wrkspc_test', apiKey: 'sk-test-workspace' },
  organizationId: '00000000-0000-4000-8000-000000000000',
};
const settings = { seed: 1, numRuns: 1, timeoutMs: 5_000 };
const adapterWith = (...capabilities: Capability[]): Adapter => ({
  name: 'test',
  capabilities: new Set(capabilities),
  advanceClock: async () => undefined,
  now: async () => 0,
});

/** What the cases saw: who ran alongside whom, and the most at once. */
function tracker() {
  const running = new Set<string>();
  const events: string[] = [];
  let most = 0;
  const alongside = new Map<string, Set<string>>();
  return {
    events,
    most: () => most,
    alongside: (id: string) => alongside.get(id) ?? new Set<string>(),
    /** A case that runs for `turns` turns of the event loop. */
    make(id: string, turns: number, needs: readonly Need[] = []): CaseDefinition {
      return defineCase({
        id,
        family: 'fixture',
        title: id,
        requirements: ['TOKENS-RESPONSE'],
        needs,
        async run() {
          running.add(id);
          events.push(`start ${id}`);
          most = Math.max(most, running.size);
          for (let i = 0; i < turns; i++) {
            for (const other of running) {
              if (other === id) continue;
              if (!alongside.has(id)) alongside.set(id, new Set());
              alongside.get(id)!.add(other);
            }
            await turn();
          }
          running.delete(id);
          events.push(`end ${id}`);
        },
      });
    },
  };
}

describe('the runner, several cases at once', () => {
  it('runs at most N at once and reports in case order whatever order they finish in', async () => {
    const t = tracker();
    // Earlier cases take longer: they finish after the later ones started beside them.
    const cases = Array.from({ length: 9 }, (_, i) => t.make(`fixture.case-${i}`, 30 - 3 * i));
    const finished: [string, number][] = [];
    const results = await runCases(cases, {
      target,
      adapter: adapterWith(),
      spec,
      settings,
      concurrency: 3,
      onResult: (r, index) => finished.push([r.id, index]),
    });
    expect(results.map((r) => r.id)).toEqual(cases.map((c) => c.id));
    expect(results.every((r) => r.outcome === 'passed')).toBe(true);
    expect(t.most()).toBe(3);
    // Progress counts the cases as they finish: 0, 1, 2, ... in finishing order, which differs
    // from the case order here.
    expect(finished.map(([, i]) => i)).toEqual(cases.map((_, i) => i));
    expect(finished.map(([id]) => id)).not.toEqual(cases.map((c) => c.id));
  });

  it('runs one at a time by default, in case order', async () => {
    const t = tracker();
    const cases = Array.from({ length: 4 }, (_, i) => t.make(`fixture.case-${i}`, 5 - i));
    await runCases(cases, { target, adapter: adapterWith(), spec, settings });
    expect(t.most()).toBe(1);
    expect(t.events).toEqual(cases.flatMap((c) => [`start ${c.id}`, `end ${c.id}`]));
  });

  it('runs a case that moves the shared clock alone: the ones before it finish first, the ones after wait for it', async () => {
    const t = tracker();
    const cases = [
      t.make('fixture.a', 20),
      t.make('fixture.b', 10),
      t.make('fixture.c-clock', 10, ['clock']),
      t.make('fixture.d', 10),
      t.make('fixture.e', 10),
    ];
    const results = await runCases(cases, {
      target,
      adapter: adapterWith('clock'),
      spec,
      settings,
      concurrency: 4,
    });
    expect(results.map((r) => r.outcome)).toEqual(cases.map(() => 'passed'));
    expect(t.alongside('fixture.c-clock').size).toBe(0);
    const at = (e: string) => t.events.indexOf(e);
    expect(at('start fixture.c-clock')).toBeGreaterThan(Math.max(at('end fixture.a'), at('end fixture.b')));
    expect(at('end fixture.c-clock')).toBeLessThan(Math.min(at('start fixture.d'), at('start fixture.e')));
    // The others did run side by side.
    expect(t.alongside('fixture.d').has('fixture.e')).toBe(true);
  });

  it('knows which cases move what every case sees', () => {
    const c = (needs: readonly Need[]) => defineCase({ ...tracker().make('fixture.x', 0), needs });
    const clock = adapterWith('clock');
    const drives = adapterWith('clock', 'drive-batches');
    expect(runsAlone(c(['clock']), { adapter: clock })).toBe(true);
    // Uses the clock when it can.
    expect(runsAlone(c([orRealTime('clock')]), { adapter: clock })).toBe(true);
    expect(runsAlone(c([orRealTime('clock')]), { adapter: adapterWith() })).toBe(false);
    // Cannot drive batches, so it waits for them by moving the clock.
    expect(runsAlone(c([orRealTime('drive-batches')]), { adapter: clock })).toBe(true);
    expect(runsAlone(c([orRealTime('drive-batches')]), { adapter: drives })).toBe(false);
    expect(runsAlone(c(['faults']), { adapter: adapterWith('faults') })).toBe(true);
    expect(runsAlone(c(['workspaces']), { adapter: clock })).toBe(false);
    // A fresh server per case shares nothing.
    const perCase = async () => ({ target, adapter: clock, close: async () => undefined });
    expect(runsAlone(c(['clock']), { adapter: clock, perCase })).toBe(false);
  });

  it('runs cases with a fresh server each side by side, the clock cases too', async () => {
    const t = tracker();
    const cases = [t.make('fixture.a', 10, ['clock']), t.make('fixture.b', 10, ['clock'])];
    let opened = 0;
    let closed = 0;
    const results = await runCases(cases, {
      target,
      adapter: adapterWith('clock'),
      spec,
      settings,
      concurrency: 2,
      perCase: async () => {
        opened++;
        return { target, adapter: adapterWith('clock'), close: async () => void closed++ };
      },
    });
    expect(results.map((r: CaseResult) => r.outcome)).toEqual(['passed', 'passed']);
    expect(t.most()).toBe(2);
    expect([opened, closed]).toEqual([2, 2]);
  });

  it('ends the run with the first error once the running cases have finished', async () => {
    const t = tracker();
    const cases = [t.make('fixture.a', 10), t.make('fixture.b', 1), t.make('fixture.c', 1)];
    let n = 0;
    const run = runCases(cases, {
      target,
      adapter: adapterWith(),
      spec,
      settings,
      concurrency: 2,
      perCase: async () => {
        if (n++ === 1) throw new Error('the server did not start');
        return { target, adapter: adapterWith(), close: async () => undefined };
      },
    });
    await expect(run).rejects.toThrow('the server did not start');
    expect(t.events).toContain('end fixture.a');
    expect(t.events).not.toContain('start fixture.c');
  });
});

describe('the run options of concurrency and waiting', () => {
  /** Runs the CLI, capturing what it prints. */
  async function cli(args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const log = console.log;
    const error = console.error;
    console.log = (...a: unknown[]) => void out.push(a.join(' '));
    console.error = (...a: unknown[]) => void err.push(a.join(' '));
    try {
      return { code: await main(args), out, err };
    } finally {
      console.log = log;
      console.error = error;
    }
  }

  it.each([
    [['--concurrency', '0'], '--concurrency must be a positive integer; got "0"'],
    [['--concurrency', 'many'], '--concurrency must be a positive integer; got "many"'],
    [['--concurrency', '1.5'], '--concurrency must be a positive integer; got "1.5"'],
    [['--max-wait', 'soon'], '--max-wait must be a positive duration such as 90s, 5m or 1500ms; got "soon"'],
    [['--max-wait', '0s'], '--max-wait must be a positive duration such as 90s, 5m or 1500ms; got "0s"'],
    [['--max-wait=-5m'], '--max-wait must be a positive duration such as 90s, 5m or 1500ms; got "-5m"'],
    [['--shard', '3/2'], '--shard must be i/n with 1 <= i <= n; got "3/2"'],
  ])('%j is a usage error: one line, exit 2, no stack trace', async (args, message) => {
    const r = await cli(['run', ...args]);
    expect(r.code).toBe(2);
    expect(r.err).toEqual([`error: ${message}`]);
    expect(r.out).toEqual([]);
  });

  it('reads a duration with a unit, a bare number as seconds', () => {
    expect(['90s', '5m', '1500ms', '1h', '2', '1.5s', ' 30 s '].map(parseDuration)).toEqual([
      90_000, 300_000, 1_500, 3_600_000, 2_000, 1_500, 30_000,
    ]);
    expect(['', 's', '5 minutes', '-1s', '0', '0ms', '1e3s'].map(parseDuration)).toEqual(Array(7).fill(null));
    expect([250, 1_500, 120_000, 300_000].map(durationText)).toEqual(['250 ms', '1.5 s', '2 min', '5 min']);
  });

  it('documents both options in the help of run', async () => {
    const r = await cli(['run', '--help']);
    expect(r.code).toBe(0);
    expect(r.out.join('\n')).toMatch(/--concurrency N[\s\S]*--max-wait DURATION/);
  });

  it('list shows the needs a case can do without on the wall clock', async () => {
    const r = await cli(['list', '--case', 'message-batches.lifecycle-model,message-batches.expiry-24h']);
    expect(r.code).toBe(0);
    expect(r.out.join('\n')).toContain('[needs clock|real time, drive-batches|real time]');
    expect(r.out.join('\n')).toContain('[needs clock]');
  });

  it('other commands take neither option', async () => {
    for (const option of ['--concurrency', '--max-wait']) {
      const r = await cli(['list', option, '2']);
      expect(r.code).toBe(2);
      expect(r.err[0]).toContain(`list takes no ${option}`);
    }
  });
});

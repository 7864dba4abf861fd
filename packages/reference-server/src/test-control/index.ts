/**
 * The test-control API (off unless the server starts with `testControl: true`): what the
 * documents give no endpoint for, mounted under `/_test/`. This file holds the server's state,
 * the seeded faults and the clock; each area has its own file:
 *
 * - `fixtures.ts`: memory stores, sessions, their repository resources, files;
 * - `lifecycle.ts`: a dream's pipeline, a batch's processing, and the loss of their inputs;
 * - `admin.ts`: organizations, workspaces, keys, users, rate-limit overrides, usage;
 * - `federation.ts`: issuers, service accounts, federation rules, the hosts key sets come from.
 *
 * Every state change still goes through the spec's `step` (via the lifecycle modules); a happening
 * the machine calls impossible is a 409.
 */
import type { FastifyInstance } from 'fastify';
import { clockMode, isMovableClock, iso, type MovableClock, SandboxClock } from '../clock.js';
import { apiError } from '../errors.js';
import { FAULTS } from '../faults/index.js';
import type { ServerState } from '../state.js';
import { registerAdminTestControl } from './admin.js';
import { BodyFields, TEST_CONTROL_PREFIX } from './common.js';
import { registerFederationTestControl } from './federation.js';
import { registerFixturesTestControl } from './fixtures.js';
import { registerLifecycleTestControl } from './lifecycle.js';

export { TEST_CONTROL_PREFIX } from './common.js';

export function registerTestControl(app: FastifyInstance, state: ServerState): void {
  const p = TEST_CONTROL_PREFIX;

  // `GET /_test/`: every test-control route, as registered.
  const routes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${p}/`)) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url });
    }
  });
  app.get(`${p}/`, async () => ({ routes }));

  app.get(`${p}/state`, async () => ({
    now: iso(state.clock.now()),
    clock: clockMode(state.clock),
    demo: state.demo,
    faults: state.faults.list(),
  }));

  app.get(`${p}/faults/catalog`, async () => ({ faults: FAULTS }));

  app.post(`${p}/faults`, async (request) => {
    const body = BodyFields.of(request.body);
    const names = body.values.names;
    if (!Array.isArray(names) || !names.every((n) => typeof n === 'string')) {
      throw body.refuse('names', 'must be an array of fault names');
    }
    try {
      state.faults.set(names as string[]);
    } catch (error) {
      throw body.refuse('names', (error as Error).message);
    }
    return { faults: state.faults.list() };
  });

  const movable = (): MovableClock => {
    if (!isMovableClock(state.clock)) throw apiError('test_control_clock_fixed');
    return state.clock;
  };
  const clockState = () => ({ now: iso(state.clock.now()), mode: clockMode(state.clock) });

  app.post(`${p}/clock/advance`, async (request) => {
    const body = BodyFields.of(request.body);
    const ms = body.values.ms;
    const clock = movable();
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
      throw body.refuse('ms', 'must be a non-negative number');
    }
    clock.advance(ms);
    state.catchUp();
    return clockState();
  });

  // The wall clock stops (a manual clock always stands still) and runs on again.
  app.post(`${p}/clock/freeze`, async () => {
    const clock = movable();
    if (clock instanceof SandboxClock) clock.freeze();
    return clockState();
  });

  app.post(`${p}/clock/resume`, async () => {
    const clock = movable();
    if (!(clock instanceof SandboxClock)) throw apiError('test_control_clock_manual');
    clock.resume();
    return clockState();
  });

  registerFixturesTestControl(app, state);
  registerLifecycleTestControl(app, state);
  registerAdminTestControl(app, state);
  registerFederationTestControl(app, state);
}

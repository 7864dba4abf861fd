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
import {
  CAPABILITY_NAMES,
  type Capability,
  CONTROL_PROTOCOL,
  CONTROL_PROTOCOL_VERSION,
  type ControlDiscovery,
  OPT_IN_CAPABILITIES,
} from '@vendor-api/spec';
import type { FastifyInstance } from 'fastify';
import { FAULTS } from '../choices/index.js';
import {
  ClockRangeError,
  clockMode,
  isMovableClock,
  iso,
  type MovableClock,
  SandboxClock,
} from '../clock.js';
import { apiError } from '../errors.js';
import type { ServerState } from '../state.js';
import { registerAdminTestControl } from './admin.js';
import { BodyFields, controlRoute, TEST_CONTROL_PREFIX } from './common.js';
import { registerFederationTestControl } from './federation.js';
import { registerFixturesTestControl } from './fixtures.js';
import { registerLifecycleTestControl } from './lifecycle.js';

export { TEST_CONTROL_PREFIX } from './common.js';

export function registerTestControl(
  app: FastifyInstance,
  state: ServerState,
  offered?: readonly Capability[],
): void {
  const p = TEST_CONTROL_PREFIX;

  const movable = (): MovableClock => {
    if (!isMovableClock(state.clock)) throw apiError('test_control_clock_fixed');
    return state.clock;
  };
  const clockState = () => ({ now: iso(state.clock.now()), mode: clockMode(state.clock) });

  // `GET /_test/`: every test-control route, as registered.
  const routes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${p}/`)) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url });
    }
  });
  app.get(`${p}/`, async () => ({ routes }));

  // The protocol's discovery: every capability of the catalog this server can offer (all but the
  // run's opt-ins; the clock only when it can move), and the seeded organization as the target.
  app.get(controlRoute('capabilities'), async () => {
    const capabilities = CAPABILITY_NAMES.filter(
      (c) =>
        !OPT_IN_CAPABILITIES.includes(c) &&
        (c !== 'clock' || isMovableClock(state.clock)) &&
        (offered === undefined || offered.includes(c)),
    );
    const discovery: ControlDiscovery = {
      protocol: CONTROL_PROTOCOL,
      version: CONTROL_PROTOCOL_VERSION,
      capabilities,
      target: {
        admin_key: state.demo.adminKey,
        workspace_key: state.demo.workspaceKey,
        workspace_id: state.demo.workspaceId,
        organization_id: state.demo.organizationId,
      },
      run_hooks: true,
    };
    return discovery;
  });

  // The run hooks: a server on the running wall clock stands still for the run (the suite keeps
  // time itself) and runs on after it from where the suite left it. A manual clock, or one frozen
  // before the run, is left as it was.
  let frozeForRun = false;
  app.post(controlRoute('run.start'), async () => {
    if (state.clock instanceof SandboxClock && !state.clock.frozen) {
      state.clock.freeze();
      frozeForRun = true;
    }
    return clockState();
  });
  app.post(controlRoute('run.end'), async () => {
    if (frozeForRun && state.clock instanceof SandboxClock) state.clock.resume();
    frozeForRun = false;
    return clockState();
  });

  app.get(controlRoute('clock.read'), async () => {
    movable();
    return clockState();
  });

  app.get(`${p}/state`, async () => ({
    now: iso(state.clock.now()),
    clock: clockMode(state.clock),
    demo: state.demo,
    faults: state.faults.list(),
  }));

  app.get(`${p}/faults/catalog`, async () => ({ faults: FAULTS }));

  app.post(controlRoute('faults.set'), async (request) => {
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

  app.post(controlRoute('clock.advance'), async (request) => {
    const body = BodyFields.of(request.body);
    const ms = body.values.ms;
    const clock = movable();
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
      throw body.refuse('ms', 'must be a non-negative number');
    }
    try {
      clock.advance(ms);
    } catch (error) {
      if (error instanceof ClockRangeError) throw body.refuse('ms', error.message);
      throw error;
    }
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

/**
 * A server's state, from its options: the vendor's spec, the clock, the ids minted in the form the
 * server chooses, the store with the seeded demo organization, the choices (the defaults patched by
 * the variants and the faults on), the schedule of background happenings, and the federation
 * state.
 */
import {
  createSpec,
  defineVendor,
  vendor as publishedVendor,
  type Vendor,
  workspaceRules,
} from '@vendor-api/spec';
import type { ServerOptions, TimeLimits } from './app.js';
import { ChoiceSet } from './choices/index.js';
import { realClock, SandboxClock } from './clock.js';
import { catchUpDream } from './dreams/lifecycle.js';
import { realNetwork, VirtualNetwork } from './federation/network.js';
import { attachFederation } from './federation/store.js';
import { createIds, type IdKind } from './ids.js';
import { Schedule } from './lifecycle/schedule.js';
import { catchUpBatch } from './message-batches/lifecycle.js';
import { restoreState, restoreStore } from './persistence.js';
import { seedDemo } from './seed.js';
import { DEFAULT_TIMINGS, type ServerState, type Timings } from './state.js';
import { createMemoryStore, type Store } from './store.js';

export function createState(options: ServerOptions, timeLimits: TimeLimits): ServerState {
  const v: Vendor = defineVendor(options.vendor ?? publishedVendor.name);
  const spec = createSpec(v);
  // With test control the wall clock is one test control can move and freeze.
  const clock = options.clock ?? (options.testControl ? new SandboxClock() : realClock);
  const choiceSet = new ChoiceSet(options.variants ?? [], options.faults ?? []);
  const saved = options.restore;
  const seeded = createIds(saved?.ids.seed ?? options.seed ?? 0, saved?.ids.counters);
  // Minted in the form the server chooses.
  const ids = { ...seeded, next: (kind: IdKind) => choiceSet.current.mintedId(kind, seeded.next(kind)) };
  const store: Store = saved === undefined ? createMemoryStore() : restoreStore(saved);
  const timings: Timings = { ...DEFAULT_TIMINGS, ...options.timings };
  const demo = saved === undefined ? seedDemo(store, ids, v, choiceSet.current) : saved.demo;
  const state: ServerState = {
    vendor: v,
    spec,
    clock,
    ids,
    store,
    timings,
    demo,
    get choices() {
      return choiceSet.current;
    },
    faults: { list: () => choiceSet.faults, set: (names) => choiceSet.setFaults(names) },
    storedObjectsCap: options.storedObjectsCap ?? workspaceRules.STORED_OBJECTS_PER_WORKSPACE,
    schedule: new Schedule(),
    catchUp() {
      const now = clock.now();
      for (let due = state.schedule.takeDue(now); due !== null; due = state.schedule.takeDue(now)) {
        if (due.kind === 'batch') {
          const record = store.batches.get(due.id);
          if (record) catchUpBatch(state, record, now);
        } else {
          const record = store.dreams.get(due.id);
          if (record) catchUpDream(state, record, now);
        }
      }
    },
  };
  attachFederation(
    state,
    options.federationNetwork ?? (options.testControl ? new VirtualNetwork(realNetwork) : realNetwork),
    timeLimits.keySetFetchMs,
  );
  if (saved !== undefined) restoreState(state, saved);
  return state;
}

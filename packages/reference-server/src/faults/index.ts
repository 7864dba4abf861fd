/**
 * The catalog of seeded faults, by area. Each breaks exactly one requirement of the spec; the
 * conformance suite's strength is measured by how many it catches (`pnpm conformance:mutants`).
 *
 * A fault is checked where the behaviour it breaks is implemented: `faultOn(state, 'NAME')`.
 */
import * as admin from './admin.js';
import * as dreams from './dreams.js';
import * as federation from './federation.js';
import * as messageBatches from './message-batches.js';
import * as messages from './messages.js';
import * as pipeline from './pipeline.js';
import * as sessions from './sessions.js';
import type { FaultDefinition } from './types.js';

export type { FaultDefinition };

export const FAULTS: readonly FaultDefinition[] = [
  ...pipeline.faults,
  ...federation.faults,
  ...admin.faults,
  ...messages.faults,
  ...messageBatches.faults,
  ...dreams.faults,
  ...sessions.faults,
];

const byName = new Map(FAULTS.map((f) => [f.name, f]));

/** The fault definitions of names; throws on a name the catalog does not have. */
export function resolveFaults(names: readonly string[]): FaultDefinition[] {
  return names.map((n) => {
    const f = byName.get(n);
    if (!f) throw new Error(`unknown fault ${JSON.stringify(n)}; known: ${[...byName.keys()].join(', ')}`);
    return f;
  });
}

/** The switchable set of active faults of a server. */
export class FaultSet {
  private readonly active = new Set<string>();
  constructor(names: readonly string[] = []) {
    this.set(names);
  }
  /** Replaces the active faults (unknown names throw, nothing changes then). */
  set(names: readonly string[]): void {
    resolveFaults(names);
    this.active.clear();
    for (const n of names) this.active.add(n);
  }
  has(name: string): boolean {
    if (!byName.has(name)) throw new Error(`faultOn: ${name} is not in the fault catalog`);
    return this.active.has(name);
  }
  list(): string[] {
    return [...this.active].sort();
  }
}

/** Whether a fault is on for this server. */
export function faultOn(state: { readonly faults: FaultSet }, name: string): boolean {
  return state.faults.has(name);
}

/**
 * The switch a server reads the spec's catalog of seeded faults through (`FAULTS`, `FaultName`),
 * and the table of their implementations: every fault of the catalog acts at named seams
 * (`seams.ts`), composed here into the decisions, wrapped handlers and patched machines a server
 * runs with while it is on. Handlers ask the seams, never a fault.
 */
import {
  type AnyMachine,
  FAULTS,
  type FaultDefinition,
  type FaultName,
  type OperationId,
} from '@vendor-api/spec';
import type { Handler } from '../state.js';
import { admin } from './admin.js';
import { dreams } from './dreams.js';
import { messageBatches } from './message-batches.js';
import { messages } from './messages.js';
import { pipeline } from './pipeline.js';
import { type Decisions, DOCUMENTED, type MachineId, type Override } from './seams.js';
import { sessions } from './sessions.js';
import { tokenExchange } from './token-exchange.js';
import type { FaultImplementation } from './types.js';

export type { FaultImplementation };
export { FAULTS, type FaultDefinition, type FaultName };

/** Every fault's implementation, by name: a fault without one, or one without a fault, does not compile. */
export const IMPLEMENTATIONS: Readonly<Record<FaultName, FaultImplementation>> = {
  ...pipeline,
  ...tokenExchange,
  ...admin,
  ...messages,
  ...messageBatches,
  ...dreams,
  ...sessions,
};

const byName = new Map<string, FaultDefinition>(FAULTS.map((f) => [f.name, f]));

/** The fault definitions of names; throws on a name the catalog does not have. */
export function resolveFaults(names: readonly string[]): FaultDefinition[] {
  return names.map((n) => {
    const f = byName.get(n);
    if (!f) throw new Error(`unknown fault ${JSON.stringify(n)}; known: ${[...byName.keys()].join(', ')}`);
    return f;
  });
}

/** Applies overrides in order, the first to the documented value. */
const compose = <T>(documented: T, overrides: readonly (Override<T> | undefined)[]): T =>
  overrides.reduce<T>((value, override) => (override ? override(value) : value), documented);

/**
 * The switchable set of active faults of a server, with what they make of its seams: the
 * decisions, the handlers and the machines (recomputed whenever the set changes).
 */
export class FaultSet {
  private active = new Set<FaultName>();
  private on: FaultImplementation[] = [];
  private readonly machines = new Map<AnyMachine, AnyMachine>();
  /** The decisions the server makes (the documented ones with no fault on). */
  decisions: Decisions = DOCUMENTED;

  constructor(names: readonly string[] = []) {
    this.set(names);
  }

  /** Replaces the active faults (unknown names throw, nothing changes then). */
  set(names: readonly string[]): void {
    resolveFaults(names);
    this.active = new Set(names as readonly FaultName[]);
    // In catalog order, so the same set always composes the same way.
    this.on = FAULTS.filter((f) => this.active.has(f.name)).map((f) => IMPLEMENTATIONS[f.name]);
    const decisions: Record<string, unknown> = { ...DOCUMENTED };
    for (const key of Object.keys(DOCUMENTED) as (keyof Decisions)[]) {
      decisions[key] = compose<unknown>(
        DOCUMENTED[key],
        this.on.map((i) => i.decisions?.[key] as Override<unknown> | undefined),
      );
    }
    this.decisions = decisions as unknown as Decisions;
    this.machines.clear();
  }

  has(name: FaultName): boolean {
    if (!byName.has(name)) throw new Error(`faultOn: ${name} is not in the fault catalog`);
    return this.active.has(name);
  }

  list(): string[] {
    return [...this.active].sort();
  }

  /** How many faults are on. */
  get size(): number {
    return this.active.size;
  }

  /** An operation's handler, wrapped by the faults on that rewrite its request or answer. */
  handlerOf(id: OperationId, handler: Handler): Handler {
    if (this.on.length === 0) return handler;
    return compose(
      handler,
      this.on.map((i) => i.operations?.[id]),
    );
  }

  /** A machine with the rows the faults on replace (the same machine while the set is unchanged). */
  machine(id: MachineId, documented: AnyMachine): AnyMachine {
    if (this.on.length === 0) return documented;
    let patched = this.machines.get(documented);
    if (!patched) {
      patched = compose(
        documented,
        this.on.map((i) => i.machines?.[id]),
      );
      this.machines.set(documented, patched);
    }
    return patched;
  }
}

/**
 * Whether a fault is on for this server: for the checks that carry their own switch (`askedBy`
 * in the table), the token exchange's and test control's.
 */
export function faultOn(state: { readonly faults: FaultSet }, name: FaultName): boolean {
  return state.faults.has(name);
}

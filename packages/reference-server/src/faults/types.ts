import type { AnyMachine, FaultArea, FaultNameIn, OperationId } from '@vendor-api/spec';
import type { Handler } from '../state.js';
import type { Decisions, MachineId, Override } from './seams.js';

/**
 * How a seeded fault acts, at one or more named seams (`seams.ts`); what it breaks and why is the
 * spec's catalog entry of the same name.
 */
export interface FaultImplementation {
  /** Decisions replaced: each given the documented decision (or an earlier fault's). */
  readonly decisions?: { readonly [K in keyof Decisions]?: Override<Decisions[K]> };
  /** Operations whose handler is wrapped: the request rewritten before it, the answer after it. */
  readonly operations?: { readonly [K in OperationId]?: Override<Handler> };
  /** Machines whose rows are replaced (a patched copy; the spec's own is untouched). */
  readonly machines?: { readonly [K in MachineId]?: Override<AnyMachine> };
  /**
   * Where the fault is asked for by name instead (`faultOn(state, name)`): the token exchange's
   * checks and test control carry their own switches.
   */
  readonly askedBy?: 'token exchange' | 'test control';
}

/** A fault asked for by name in test control, which provisions what the documents give no endpoint for. */
export const IN_TEST_CONTROL: FaultImplementation = { askedBy: 'test control' };

/** The implementations of every fault of an area, by name. */
export type AreaImplementations<A extends FaultArea> = {
  readonly [K in FaultNameIn<A>]: FaultImplementation;
};

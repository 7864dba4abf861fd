/**
 * No credit without observation. A passing case earns the requirements it cites only where what it
 * saw backs them:
 * - a refusal of an operation counts only if the run saw that operation accept a valid request (a
 *   2xx in a passing case): a server that refuses everything passes every refusal and has shown
 *   nothing, and a token exchange that answers `invalid_grant` to every request earns no EXCH-*
 *   credit from the refusals of malformed bodies;
 * - a refusal of a request that is no operation (an unversioned path) counts only beside a valid
 *   request accepted in the same case;
 * - a requirement the case observes only through a capability the target lacks (`observedWith`) is
 *   not credited.
 */
import { type Operation, pathPattern, type VendorSpec } from '@vendor-api/spec';
import type { Step } from './trace.js';

/** What the server answered a case, by operation. */
export interface Observations {
  /** Operations answered with a 2xx. */
  readonly accepted: readonly string[];
  /** Operations answered with a 4xx or 5xx. */
  readonly refused: readonly string[];
  /** Whether any request of the case (an operation or not) was answered with a 2xx. */
  readonly anyAccepted: boolean;
  /** Whether a request that is no documented operation was answered with a 4xx or 5xx. */
  readonly refusedOther: boolean;
}

const routes = new WeakMap<VendorSpec, { operation: Operation; pattern: RegExp }[]>();

/** The operation a request goes to: its method and path (query and placeholders as path values). */
export function operationAt(spec: VendorSpec, method: string, target: string): string | undefined {
  let table = routes.get(spec);
  if (!table) {
    table = spec.endpoints.flatMap((operation) =>
      operation.path === null ? [] : [{ operation, pattern: pathPattern(operation.path) }],
    );
    routes.set(spec, table);
  }
  const path = target.replace(/^[a-z]+:\/\/[^/]+/i, '').split('?')[0] ?? '';
  return table.find((r) => r.operation.method === method.toUpperCase() && r.pattern.test(path))?.operation.id;
}

/** Collects what a case's requests were answered, over every recorder the case used. */
export class Observer {
  private readonly accepted = new Set<string>();
  private readonly refused = new Set<string>();
  private anyAccepted = false;
  private refusedOther = false;

  constructor(private readonly spec: VendorSpec) {}

  /** Reads the answered HTTP steps of a recorder. */
  absorb(steps: readonly Step[]): void {
    for (const step of steps) {
      if (step.kind !== 'http' || step.actual === undefined) continue;
      const { status } = step.actual;
      const operation = step.operation ?? operationAt(this.spec, step.request.method, step.request.target);
      if (status >= 200 && status < 300) {
        this.anyAccepted = true;
        if (operation) this.accepted.add(operation);
      } else if (status >= 400) {
        if (operation) this.refused.add(operation);
        else this.refusedOther = true;
      }
    }
  }

  get observations(): Observations {
    return {
      accepted: [...this.accepted].sort(),
      refused: [...this.refused].sort(),
      anyAccepted: this.anyAccepted,
      refusedOther: this.refusedOther,
    };
  }
}

/** Why a passing case earns none of its requirements, or undefined when its observations back them. */
export function unbacked(observations: Observations, acceptedInRun: ReadonlySet<string>): string | undefined {
  if (observations.refusedOther && !observations.anyAccepted)
    return 'the server accepted none of its requests: a refusal counts only beside a valid request accepted';
  const never = observations.refused.filter(
    (op) => !observations.accepted.includes(op) && !acceptedInRun.has(op),
  );
  if (never.length)
    return `the run saw no valid request of ${never.join(', ')} accepted: its refusals there count for nothing`;
  return undefined;
}

/**
 * Checking one expectation against an actual response: the same code when a case runs and when
 * a trace is replayed.
 */
import { defineVendor, publishedForm } from '@vendor-api/spec';
import { validateResponse } from '@vendor-api/validators';
import { difference } from './data.js';
import { at, type Expectation, type Step } from './trace.js';

export interface Actual {
  readonly status: number;
  readonly body: unknown;
}

/**
 * Whether a body is an error body as far as the documents show it: an object whose `error.type`
 * is a string (ERROR-BODY-ERROR-TYPE; fields beyond the error type are not shown,
 * UNSPEC-ERROR-BODY-FIELDS).
 */
export const isErrorBody = (body: unknown): boolean => {
  const b = body as { error?: { type?: unknown } } | null;
  return typeof b === 'object' && b !== null && typeof b.error?.type === 'string';
};

const show = (v: unknown) => {
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 300 ? `${s.slice(0, 300)}…` : s;
};

/** The recorded body of an earlier step's answer (a replay's steps hold the bodies as they came). */
const recordedBody =
  (steps: readonly Step[]) =>
  (index: number): unknown => {
    const other = steps[index];
    return other?.kind === 'http' ? other.actual?.body : undefined;
  };

/**
 * Null when the expectation holds, else what differs. `earlierBody` gives the body of an earlier
 * step's answer as data (`same-body-as`): by default the one recorded in `steps`.
 */
export function check(
  e: Expectation,
  actual: Actual,
  steps: readonly Step[],
  earlierBody: (index: number) => unknown = recordedBody(steps),
): string | null {
  switch (e.kind) {
    case 'status':
      return actual.status === e.equals
        ? null
        : `expected status ${e.equals}, got ${actual.status}: ${show(actual.body)}`;
    case 'status-class': {
      const cls = `${Math.floor(actual.status / 100)}xx`;
      return cls === e.equals
        ? null
        : `expected a ${e.equals} status, got ${actual.status}: ${show(actual.body)}`;
    }
    case 'error-body':
      return isErrorBody(actual.body)
        ? null
        : `expected an error body (a string error.type), got ${show(actual.body)}`;
    case 'field': {
      const got = at(actual.body, e.pointer);
      const d = difference(got, e.equals, { fields: 'contains' });
      return d === null
        ? null
        : `expected ${e.pointer} = ${show(e.equals)}, got ${show(got)} (differs at ${d})`;
    }
    case 'schema': {
      const body = e.vendor === undefined ? actual.body : publishedForm(defineVendor(e.vendor), actual.body);
      const r = validateResponse(e.operation, actual.status, body, { mode: 'contract' });
      return r.ok
        ? null
        : `response of ${e.operation} (${actual.status}) does not match the documented contract: ${r.error.error.message}`;
    }
    case 'same-body-as': {
      const otherBody = earlierBody(e.step);
      const d = difference(actual.body, otherBody, {
        ...(e.ignore ? { ignore: e.ignore } : {}),
        ...(e.unordered ? { unordered: true } : {}),
      });
      return d === null
        ? null
        : `expected the same body as step ${e.step} (${show(otherBody)}), got ${show(actual.body)} (differs at ${d})`;
    }
  }
}

/**
 * What the test-control areas share: the prefix they mount under, reading a request's JSON body
 * field by field (each refusal a 400 naming the field), and a machine's answer to a happening
 * test control drives.
 */
import { type ControlEndpointId, controlEndpoint, fillPath } from '@vendor-api/spec';
import type { AnyStep } from '../dreams/lifecycle.js';
import { type ApiError, apiError } from '../errors.js';

export const TEST_CONTROL_PREFIX = '/_test';

/** A 400 of test control. */
export const invalid = (problem: string): ApiError => apiError('test_control_invalid', { problem });

/** The fields of a test-control body, read with their checks. */
export class BodyFields {
  private constructor(
    readonly values: Readonly<Record<string, unknown>>,
    /** What starts a field's name in messages: `body.` (`body.name`), or nothing (`issuer_url`). */
    private readonly prefix: string,
  ) {}

  /** The JSON object of a body; an absent or null body has no fields, anything else is a 400. */
  static of(value: unknown, prefix = 'body.'): BodyFields {
    if (value === undefined || value === null) return new BodyFields({}, prefix);
    if (typeof value !== 'object' || Array.isArray(value)) throw invalid('body: must be a JSON object');
    return new BodyFields(value as Readonly<Record<string, unknown>>, prefix);
  }

  /** A 400 about one field. */
  refuse(key: string, problem: string): ApiError {
    return invalid(`${this.prefix}${key}: ${problem}`);
  }

  /** A string field, or undefined when absent. */
  string(key: string): string | undefined {
    const value = this.values[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw this.refuse(key, 'must be a string');
    return value;
  }

  /** A required non-empty string field. */
  required(key: string): string {
    const value = this.values[key];
    if (typeof value !== 'string' || value === '') throw this.refuse(key, 'must be a non-empty string');
    return value;
  }

  /** A non-negative integer field, or undefined when absent. */
  count(key: string): number | undefined {
    const value = this.values[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
      throw this.refuse(key, 'must be a non-negative integer');
    }
    return value;
  }
}

/**
 * A machine's answer to a happening test control asked for: the row's error when it refuses the
 * event, a 409 when the machine says it cannot happen now.
 */
export function checkStep<S extends AnyStep>(result: S, what: string): S {
  const outcome = result.outcome;
  if (outcome.kind === 'impossible') throw apiError('test_control_impossible', { what });
  if (outcome.kind === 'error') {
    throw apiError(
      'event_refused',
      { event: what },
      { status: outcome.status, errorType: outcome.errorType },
    );
  }
  return result;
}

/**
 * The Fastify path of a control endpoint of the spec's protocol table (`CONTROL_ENDPOINTS`): the
 * table is the only place its path is written; `{name}` becomes the route parameter `:name`.
 */
export const controlRoute = (id: ControlEndpointId): string =>
  `${TEST_CONTROL_PREFIX}${fillPath(controlEndpoint(id).path, (name) => `:${name}`)}`;

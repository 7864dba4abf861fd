/**
 * Federation rule matchers (document 000, "Federation rule > Matchers inside match"): validation
 * of a `match` object and its evaluation against a decoded claim set. `condition` is evaluated with
 * @marcbachmann/cel-js in an environment whose only variable is `claims`.
 *
 * Results name the failing matcher for tests and logs; the service never reveals it (every
 * failure is the same 400 `invalid_grant`, EXCH-ERR-GRANT-CAUSE-HIDDEN). No message ever contains
 * a claim value.
 */
import { Environment } from '@marcbachmann/cel-js';
import type { FederationMatch } from '../resources/federation.js';

/** Requirement ids this module implements. */
export const requirementIds: readonly string[] = [
  'MATCH-SUBJECT-EXACT',
  'MATCH-SUBJECT-PREFIX',
  'MATCH-SUBJECT-CASE-SENSITIVE',
  'MATCH-AUDIENCE-STRING',
  'MATCH-AUDIENCE-ARRAY',
  'MATCH-CLAIMS-EXACT',
  'MATCH-CLAIMS-STRING-ONLY',
  'MATCH-CONDITION-CEL',
  'MATCH-CONDITION-TRUE',
  'MATCH-CONDITION-VARIABLE',
  'MATCH-AND',
  'MATCH-AT-LEAST-ONE',
  'MATCH-AUDIENCE-ONLY-REJECTED',
  'MATCH-EMPTY-REJECTED',
  'JWT-MATCH',
  'EXCH-ERR-MATCH-FAILED',
];

export type MatcherId = 'subject_prefix' | 'audience' | 'claims' | 'condition';

/** The matchers in evaluation order, each with the requirements it implements. */
export const MATCHERS: readonly { readonly id: MatcherId; readonly requirements: readonly string[] }[] = [
  {
    id: 'subject_prefix',
    requirements: ['MATCH-SUBJECT-EXACT', 'MATCH-SUBJECT-PREFIX', 'MATCH-SUBJECT-CASE-SENSITIVE'],
  },
  { id: 'audience', requirements: ['MATCH-AUDIENCE-STRING', 'MATCH-AUDIENCE-ARRAY'] },
  { id: 'claims', requirements: ['MATCH-CLAIMS-EXACT', 'MATCH-CLAIMS-STRING-ONLY'] },
  {
    id: 'condition',
    requirements: ['MATCH-CONDITION-CEL', 'MATCH-CONDITION-TRUE', 'MATCH-CONDITION-VARIABLE'],
  },
];

const REQUIRED_ONE_OF: readonly MatcherId[] = ['subject_prefix', 'claims', 'condition'];
const KNOWN_KEYS = new Set<string>(['subject_prefix', 'audience', 'claims', 'condition']);

// ---------------------------------------------------------------------------------------------
// CEL

/** The CEL environment: one variable, `claims`, a map (MATCH-CONDITION-VARIABLE). */
const celEnvironment = new Environment().registerVariable('claims', 'map');

type Program = (context: { claims: Readonly<Record<string, unknown>> }) => unknown;

export type CompileResult =
  | { readonly ok: true; readonly program: Program; readonly type: string }
  | { readonly ok: false; readonly message: string };

const MAX_CACHED_PROGRAMS = 1000;
const programCache = new Map<string, CompileResult>();

const firstLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0]?.trim() || 'unknown error';

/**
 * Parses and type-checks a condition once (cached by expression text). Invalid: a syntax error,
 * a variable other than `claims`, or a static type other than `bool` or `dyn`
 * (UNSPEC-RULE-CONDITION-VALIDITY). Never throws.
 */
export function compileCondition(expression: string): CompileResult {
  const cached = programCache.get(expression);
  if (cached) return cached;
  let result: CompileResult;
  try {
    const parsed = celEnvironment.parse(expression);
    const checked = parsed.check();
    if (!checked.valid) {
      result = { ok: false, message: `invalid CEL expression: ${firstLine(checked.error)}` };
    } else if (checked.type !== 'bool' && checked.type !== 'dyn') {
      result = { ok: false, message: `CEL expression has type ${checked.type}, not bool` };
    } else {
      result = { ok: true, program: parsed as unknown as Program, type: checked.type };
    }
  } catch (error) {
    result = { ok: false, message: `invalid CEL expression: ${firstLine(error)}` };
  }
  if (programCache.size >= MAX_CACHED_PROGRAMS) programCache.clear();
  programCache.set(expression, result);
  return result;
}

export type ConditionResult =
  | { readonly ok: true; readonly value: boolean }
  | { readonly ok: false; readonly reason: 'invalid' | 'error' | 'not-boolean'; readonly message: string };

/**
 * Evaluates a condition against a claim set. Only the boolean `true` satisfies it
 * (MATCH-CONDITION-TRUE); an evaluation error or a non-boolean result is a failure, never a
 * throw, and its message never contains the claims.
 */
export function evaluateCondition(
  expression: string,
  claims: Readonly<Record<string, unknown>>,
): ConditionResult {
  const compiled = compileCondition(expression);
  if (!compiled.ok) return { ok: false, reason: 'invalid', message: `condition: ${compiled.message}` };
  let value: unknown;
  try {
    value = compiled.program({ claims });
  } catch (error) {
    const name = error instanceof Error ? error.name : 'Error';
    return { ok: false, reason: 'error', message: `condition: evaluation failed (${name})` };
  }
  if (typeof value !== 'boolean') {
    return {
      ok: false,
      reason: 'not-boolean',
      message: `condition: result is not a boolean (${typeofCel(value)})`,
    };
  }
  return { ok: true, value };
}

const typeofCel = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'list' : value instanceof Map ? 'map' : typeof value;

// ---------------------------------------------------------------------------------------------
// validateMatch

export type ValidateMatchResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly field: string; readonly message: string; readonly requirement: string };

const invalid = (field: string, problem: string, requirement: string): ValidateMatchResult => ({
  ok: false,
  field,
  message: `${field}: ${problem}`,
  requirement,
});

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Whether a matcher counts as populated (an empty `claims` map does not: UNSPEC-RULE-EMPTY-MATCHER). */
function populated(match: Record<string, unknown>, key: MatcherId): boolean {
  const value = match[key];
  if (value === undefined) return false;
  if (key === 'claims') return isPlainObject(value) && Object.keys(value).length > 0;
  return true;
}

/**
 * Validates a rule's `match`: known matchers only, each of its documented type, at least one of
 * `subject_prefix`, `claims`, `condition` (MATCH-AT-LEAST-ONE: `audience` alone or nothing is
 * rejected), and a `condition` that compiles. Error messages start with the field name
 * (`match.condition: ...`). Never throws.
 */
export function validateMatch(match: unknown): ValidateMatchResult {
  if (!isPlainObject(match)) return invalid('match', 'must be an object', 'RULE-MATCH-FIELD');
  for (const key of Object.keys(match)) {
    if (!KNOWN_KEYS.has(key)) return invalid(`match.${key}`, 'is not a known matcher', 'RULE-MATCH-FIELD');
  }
  const { subject_prefix, audience, claims, condition } = match;
  if (subject_prefix !== undefined && typeof subject_prefix !== 'string') {
    return invalid('match.subject_prefix', 'must be a string', 'MATCH-SUBJECT-EXACT');
  }
  if (audience !== undefined && typeof audience !== 'string') {
    return invalid('match.audience', 'must be a string', 'MATCH-AUDIENCE-STRING');
  }
  if (claims !== undefined) {
    if (!isPlainObject(claims))
      return invalid('match.claims', 'must be a map of string to string', 'MATCH-CLAIMS-EXACT');
    for (const [name, value] of Object.entries(claims)) {
      if (typeof value !== 'string') {
        return invalid(
          `match.claims.${name}`,
          'must be a string; use condition for other types',
          'MATCH-CLAIMS-STRING-ONLY',
        );
      }
    }
  }
  if (condition !== undefined && typeof condition !== 'string') {
    return invalid('match.condition', 'must be a string', 'MATCH-CONDITION-CEL');
  }
  if (!REQUIRED_ONE_OF.some((key) => populated(match, key))) {
    const onlyAudience = audience !== undefined;
    return invalid(
      'match',
      onlyAudience
        ? 'audience alone is not enough: set at least one of subject_prefix, claims, condition'
        : 'set at least one of subject_prefix, claims, condition',
      onlyAudience ? 'MATCH-AUDIENCE-ONLY-REJECTED' : 'MATCH-EMPTY-REJECTED',
    );
  }
  if (typeof condition === 'string') {
    const compiled = compileCondition(condition);
    if (!compiled.ok) return invalid('match.condition', compiled.message, 'MATCH-CONDITION-CEL');
  }
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------
// Matching

/**
 * `subject_prefix` against `sub`: exact equality, or, when the pattern ends in `*`, a prefix test
 * with the text before that last `*`. Any other `*` is literal. Case-sensitive. A non-string `sub`
 * never matches.
 */
export function subjectMatches(pattern: string, sub: unknown): boolean {
  if (typeof sub !== 'string') return false;
  if (pattern.endsWith('*')) return sub.startsWith(pattern.slice(0, -1));
  return sub === pattern;
}

/** `audience` against `aud`: equal to a string `aud`, or to any element of an array `aud`. */
export function audienceMatches(audience: string, aud: unknown): boolean {
  if (typeof aud === 'string') return aud === audience;
  if (Array.isArray(aud)) return aud.some((element) => element === audience);
  return false;
}

/** `claims` against the claim set: each named top-level claim exactly equals its string value. */
export function claimsMatch(
  required: Readonly<Record<string, string>>,
  claims: Readonly<Record<string, unknown>>,
): boolean {
  return Object.entries(required).every(
    ([name, value]) =>
      Object.hasOwn(claims, name) && typeof claims[name] === 'string' && claims[name] === value,
  );
}

export type MatchResult =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly matcher: MatcherId;
      readonly requirement: string;
      /** For `condition`: why it did not hold (false, error, not-boolean, invalid). */
      readonly reason?: string;
    };

/**
 * Evaluates every populated matcher, combined with AND (MATCH-AND), in the order subject,
 * audience, claims, condition; reports the first that fails. Never throws.
 */
export function matchClaims(match: FederationMatch, claims: Readonly<Record<string, unknown>>): MatchResult {
  if (match.subject_prefix !== undefined && !subjectMatches(match.subject_prefix, claims.sub)) {
    return { ok: false, matcher: 'subject_prefix', requirement: 'MATCH-SUBJECT-EXACT' };
  }
  if (match.audience !== undefined && !audienceMatches(match.audience, claims.aud)) {
    return { ok: false, matcher: 'audience', requirement: 'MATCH-AUDIENCE-STRING' };
  }
  if (match.claims !== undefined && !claimsMatch(match.claims, claims)) {
    return { ok: false, matcher: 'claims', requirement: 'MATCH-CLAIMS-EXACT' };
  }
  if (match.condition !== undefined) {
    const result = evaluateCondition(match.condition, claims);
    if (!result.ok)
      return { ok: false, matcher: 'condition', requirement: 'MATCH-CONDITION-TRUE', reason: result.reason };
    if (!result.value)
      return { ok: false, matcher: 'condition', requirement: 'MATCH-CONDITION-TRUE', reason: 'false' };
  }
  return { ok: true };
}

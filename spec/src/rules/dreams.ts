/**
 * Pure rules of dreams: the cross-field checks of a creation request, terminal and active
 * statuses, output-store protection, the failure type of a lost input, list visibility, order and
 * limit, polling, and the field invariants every dream record satisfies.
 */
import {
  DREAM_INSTRUCTIONS_MAX,
  DREAM_LIST_LIMIT_DEFAULT,
  DREAM_LIST_LIMIT_MAX,
  DREAM_SESSION_IDS_MAX,
  DREAM_SESSION_IDS_MIN,
  DREAM_STATUSES,
  type DreamStatus,
  type KnownDreamErrorType,
} from '../resources/dreams.js';
import type { Vendor } from '../vendor.js';

/** Requirement ids this module implements. */
export const requirementIds: readonly string[] = [
  'DREAM-CREATE-INPUTS-REQUIRED',
  'DREAM-CREATE-ONE-MEMORY-STORE-INPUT',
  'DREAM-CREATE-ONE-SESSIONS-INPUT',
  'DREAM-CREATE-SESSION-IDS-MIN',
  'DREAM-CREATE-SESSION-IDS-MAX',
  'DREAM-CREATE-MODEL-ALLOWED',
  'DREAM-CREATE-INSTRUCTIONS-OPTIONAL',
  'DREAM-CREATE-INSTRUCTIONS-MAX',
  'DREAM-TERMINAL-STATUSES',
  'DREAM-POLL-UNTIL-SETTLED',
  'MEMSTORE-OUTPUT-ARCHIVE-ACTIVE-400',
  'MEMSTORE-OUTPUT-DELETE-ACTIVE-400',
  'MEMSTORE-OUTPUT-RELEASE-AFTER-END',
  'DREAM-ERROR-INPUT-STORE-UNAVAILABLE',
  'DREAM-ERROR-INPUT-SESSION-UNAVAILABLE',
  'DREAM-LIST-DEFAULT-NON-ARCHIVED',
  'DREAM-LIST-INCLUDE-ARCHIVED',
  'DREAM-ARCHIVE-EXCLUDED-FROM-LIST',
  'DREAM-LIST-NEWEST-FIRST',
  'DREAM-LIST-LIMIT-DEFAULT',
  'DREAM-LIST-LIMIT-MAX',
  'DREAM-ERROR-NULL-UNLESS-FAILED',
  'DREAM-ENDED-AT-NULL-UNTIL-TERMINAL',
  'DREAM-SESSION-ID-NULL-AT-CREATION',
  'DREAM-OUTPUTS-EMPTY-AT-CREATION',
  'DREAM-ERROR-TYPE-ON-FAILURE',
  'DREAM-ARCHIVE-TERMINAL',
];

/** One problem found by a check: a machine-readable code, the requirement it breaks, and a message. */
export interface DreamProblem {
  readonly code: string;
  readonly requirement: string;
  readonly message: string;
}

const problem = (code: string, requirement: string, message: string): DreamProblem => ({
  code,
  requirement,
  message,
});

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Cross-field checks of a dream creation body (DREAM-CREATE-*): exactly one `memory_store` input
 * and exactly one `sessions` input, 1 to 100 session ids, a model the vendor allows for dreams,
 * instructions of at most 4,096 characters. Returns every problem found (empty when valid); any
 * value is accepted as input and never throws.
 */
export function checkDreamCreateParams(params: unknown, v: Vendor): DreamProblem[] {
  if (!isRecord(params))
    return [problem('body_not_object', 'DREAM-CREATE-INPUTS-REQUIRED', 'the body must be an object')];
  const out: DreamProblem[] = [];
  const { inputs, model, instructions } = params;
  if (!Array.isArray(inputs)) {
    out.push(
      problem('inputs_missing', 'DREAM-CREATE-INPUTS-REQUIRED', '`inputs` is required and must be an array'),
    );
  } else {
    const kinds = inputs.map((item) => (isRecord(item) ? item.type : undefined));
    const stores = kinds.filter((k) => k === 'memory_store').length;
    const sessions = inputs.filter((item) => isRecord(item) && item.type === 'sessions') as Record<
      string,
      unknown
    >[];
    const other = kinds.filter((k) => k !== 'memory_store' && k !== 'sessions').length;
    if (stores !== 1) {
      out.push(
        problem(
          'memory_store_input_count',
          'DREAM-CREATE-ONE-MEMORY-STORE-INPUT',
          `\`inputs\` must hold exactly one memory_store input; found ${stores}`,
        ),
      );
    }
    if (sessions.length !== 1) {
      out.push(
        problem(
          'sessions_input_count',
          'DREAM-CREATE-ONE-SESSIONS-INPUT',
          `\`inputs\` must hold exactly one sessions input; found ${sessions.length}`,
        ),
      );
    }
    if (other > 0) {
      out.push(
        problem(
          'unknown_input_kind',
          'DREAM-CREATE-INPUTS-REQUIRED',
          `\`inputs\` may hold only memory_store and sessions inputs; found ${other} other`,
        ),
      );
    }
    for (const item of sessions) {
      const ids = item.session_ids;
      if (!Array.isArray(ids)) {
        out.push(
          problem('session_ids_missing', 'DREAM-CREATE-SESSION-IDS-MIN', '`session_ids` must be an array'),
        );
      } else if (ids.length < DREAM_SESSION_IDS_MIN) {
        out.push(
          problem(
            'too_few_sessions',
            'DREAM-CREATE-SESSION-IDS-MIN',
            `\`session_ids\` needs at least ${DREAM_SESSION_IDS_MIN}`,
          ),
        );
      } else if (ids.length > DREAM_SESSION_IDS_MAX) {
        out.push(
          problem(
            'too_many_sessions',
            'DREAM-CREATE-SESSION-IDS-MAX',
            `\`session_ids\` holds ${ids.length}; at most ${DREAM_SESSION_IDS_MAX} are allowed`,
          ),
        );
      }
    }
  }
  if (typeof model !== 'string' || !v.models.all.includes(model)) {
    out.push(
      problem(
        'model_not_allowed',
        'DREAM-CREATE-MODEL-ALLOWED',
        `\`model\` must be one of ${v.models.all.join(', ')}; got ${JSON.stringify(model)}`,
      ),
    );
  }
  if (instructions !== undefined) {
    if (typeof instructions !== 'string') {
      out.push(
        problem(
          'instructions_not_string',
          'DREAM-CREATE-INSTRUCTIONS-OPTIONAL',
          '`instructions` must be a string',
        ),
      );
    } else if (instructions.length > DREAM_INSTRUCTIONS_MAX) {
      out.push(
        problem(
          'instructions_too_long',
          'DREAM-CREATE-INSTRUCTIONS-MAX',
          `\`instructions\` has ${instructions.length} characters; at most ${DREAM_INSTRUCTIONS_MAX} are allowed`,
        ),
      );
    }
  }
  return out;
}

/** Statuses no event changes (DREAM-TERMINAL-STATUSES). */
export const TERMINAL_STATUSES = [
  'completed',
  'failed',
  'canceled',
] as const satisfies readonly DreamStatus[];
/** Statuses of a dream still queued or working. */
export const ACTIVE_STATUSES = ['pending', 'running'] as const satisfies readonly DreamStatus[];

/** Whether a status is terminal (`completed`, `failed`, `canceled`). False for unknown strings. */
export function isTerminal(status: string): boolean {
  return (TERMINAL_STATUSES as readonly string[]).includes(status);
}

/** Whether a status is active (`pending`, `running`). False for unknown strings. */
export function isActive(status: string): boolean {
  return (ACTIVE_STATUSES as readonly string[]).includes(status);
}

/** Whether a string is a known dream status. */
export function isDreamStatus(status: string): status is DreamStatus {
  return (DREAM_STATUSES as readonly string[]).includes(status);
}

/**
 * Whether the output store of a dream may be archived or deleted: only once the dream is neither
 * `pending` nor `running` (MEMSTORE-OUTPUT-*). An unknown status is not allowed.
 */
export function canDeleteOrArchiveOutputStore(dream: { readonly status: string }): boolean {
  return isTerminal(dream.status);
}

/** Which input was archived or deleted. */
export type LostInputKind = 'memory_store' | 'session';

/** The `error.type` a dream fails with when an input is lost (DREAM-ERROR-INPUT-*-UNAVAILABLE). */
export const LOST_INPUT_FAILURES = {
  memory_store: {
    errorType: 'input_memory_store_unavailable',
    requirement: 'DREAM-ERROR-INPUT-STORE-UNAVAILABLE',
  },
  session: { errorType: 'input_session_unavailable', requirement: 'DREAM-ERROR-INPUT-SESSION-UNAVAILABLE' },
} as const satisfies Record<LostInputKind, { errorType: KnownDreamErrorType; requirement: string }>;

/** The failure type for a lost input, or null for an unknown kind. */
export function failureForLostInput(kind: string): KnownDreamErrorType | null {
  return Object.hasOwn(LOST_INPUT_FAILURES, kind)
    ? LOST_INPUT_FAILURES[kind as LostInputKind].errorType
    : null;
}

/** Whether a dream appears in the list: archived ones only with `include_archived=true`. */
export function isListed(
  dream: { readonly archived_at: string | null },
  params: { readonly include_archived?: boolean } = {},
): boolean {
  return dream.archived_at === null || params.include_archived === true;
}

/**
 * Sort comparator of the dream list, newest first (by `created_at`, RFC 3339 compared as
 * instants). Ties keep their relative order (UNSPEC-DREAM-LIST-ORDER-TIES). Unparseable
 * timestamps sort last.
 */
export function compareNewestFirst(
  a: { readonly created_at: string },
  b: { readonly created_at: string },
): number {
  const ta = Date.parse(a.created_at);
  const tb = Date.parse(b.created_at);
  const na = Number.isNaN(ta);
  const nb = Number.isNaN(tb);
  if (na || nb) return na === nb ? 0 : na ? 1 : -1;
  return tb - ta;
}

/** The dreams a list request returns, before paging: visible ones, newest first. */
export function listDreams<T extends { readonly archived_at: string | null; readonly created_at: string }>(
  dreams: readonly T[],
  params: { readonly include_archived?: boolean } = {},
): T[] {
  return dreams.filter((d) => isListed(d, params)).sort(compareNewestFirst);
}

export type LimitResult =
  | { readonly ok: true; readonly limit: number }
  | { readonly ok: false; readonly problem: DreamProblem };

/**
 * The effective page size of the dream list: 20 when absent, an integer from 1 to 100 otherwise
 * (the minimum of 1 is the project's choice, UNSPEC-DREAM-LIST-LIMIT-MIN).
 */
export function dreamListLimit(limit: unknown): LimitResult {
  if (limit === undefined) return { ok: true, limit: DREAM_LIST_LIMIT_DEFAULT };
  if (typeof limit !== 'number' || !Number.isInteger(limit)) {
    return {
      ok: false,
      problem: problem('limit_not_integer', 'DREAM-LIST-LIMIT-MAX', '`limit` must be an integer'),
    };
  }
  if (limit < 1) {
    return {
      ok: false,
      problem: problem('limit_too_small', 'DREAM-LIST-LIMIT-MAX', '`limit` must be at least 1'),
    };
  }
  if (limit > DREAM_LIST_LIMIT_MAX) {
    return {
      ok: false,
      problem: problem(
        'limit_too_large',
        'DREAM-LIST-LIMIT-MAX',
        `\`limit\` is at most ${DREAM_LIST_LIMIT_MAX}`,
      ),
    };
  }
  return { ok: true, limit };
}

/** Whether a client polling a dream should poll again: while it is `pending` or `running`. */
export function shouldKeepPolling(status: string): boolean {
  return isActive(status);
}

/** The fields of a dream record the invariants look at. */
export interface DreamInvariantFields {
  readonly status: string;
  readonly session_id: string | null;
  readonly outputs: readonly unknown[];
  readonly ended_at: string | null;
  readonly archived_at: string | null;
  readonly error: { readonly type: string } | null;
}

/**
 * Field invariants of a dream record, each from a documented statement: `error` is set exactly
 * when failed; `ended_at` is null exactly while pending or running; a pending dream has no
 * `session_id` and no outputs; only terminal dreams are archived. Returns the problems found.
 */
export function dreamInvariantProblems(dream: DreamInvariantFields): DreamProblem[] {
  const out: DreamProblem[] = [];
  const { status } = dream;
  if (!isDreamStatus(status)) {
    return [problem('unknown_status', 'DREAM-TERMINAL-STATUSES', `unknown status ${JSON.stringify(status)}`)];
  }
  if (status !== 'failed' && dream.error !== null) {
    out.push(
      problem('error_without_failure', 'DREAM-ERROR-NULL-UNLESS-FAILED', `a ${status} dream has an error`),
    );
  }
  if (status === 'failed' && dream.error === null) {
    out.push(problem('failure_without_error', 'DREAM-ERROR-TYPE-ON-FAILURE', 'a failed dream has no error'));
  }
  if (isActive(status) && dream.ended_at !== null) {
    out.push(
      problem('ended_while_active', 'DREAM-ENDED-AT-NULL-UNTIL-TERMINAL', `a ${status} dream has ended_at`),
    );
  }
  if (isTerminal(status) && dream.ended_at === null) {
    out.push(
      problem(
        'terminal_without_end',
        'DREAM-ENDED-AT-NULL-UNTIL-TERMINAL',
        `a ${status} dream has no ended_at`,
      ),
    );
  }
  if (status === 'pending' && dream.session_id !== null) {
    out.push(
      problem(
        'pending_with_session',
        'DREAM-SESSION-ID-NULL-AT-CREATION',
        'a pending dream has a session_id',
      ),
    );
  }
  if (status === 'pending' && dream.outputs.length > 0) {
    out.push(
      problem('pending_with_outputs', 'DREAM-OUTPUTS-EMPTY-AT-CREATION', 'a pending dream has outputs'),
    );
  }
  if (isActive(status) && dream.archived_at !== null) {
    out.push(problem('archived_while_active', 'DREAM-ARCHIVE-TERMINAL', `a ${status} dream is archived`));
  }
  return out;
}

/**
 * The dream state machine (document 001, "States and transitions > Dream" and the dream rows of
 * "Errors"). A state is the dream's `status`, with `:archived` appended once `archived_at` is set
 * (only terminal statuses can be archived). Every (state, event) pair has exactly one row,
 * including the no-ops, the HTTP 400 rejections and the happenings that cannot occur.
 */
import type { Dream } from '../resources/dreams.js';
import type { Machine, Row } from '../types.js';

export const DREAM_STATES = [
  'pending',
  'running',
  'completed',
  'failed',
  'canceled',
  'completed:archived',
  'failed:archived',
  'canceled:archived',
] as const;
export type DreamState = (typeof DREAM_STATES)[number];

export const DREAM_EVENTS = [
  'dreams.cancel',
  'dreams.archive',
  'pipeline.started',
  'pipeline.progress',
  'pipeline.succeeded',
  'pipeline.failed',
  'input_store.unavailable',
  'input_session.unavailable',
  'output_store.archive',
  'output_store.delete',
] as const;
export type DreamEvent = (typeof DREAM_EVENTS)[number];

/** The dream machine has no guards: every fact it needs is part of the state. */
export type DreamGuard = never;

export const DREAM_EFFECTS = [
  'set_session_id',
  'add_output_store',
  'update_usage',
  'populate_output_store',
  'set_ended_at',
  'set_error_type',
  'archive_pipeline_session',
  'leave_output_store',
  'set_archived_at',
  'exclude_from_default_lists',
] as const;
export type DreamEffect = (typeof DREAM_EFFECTS)[number];

type DreamRow = Row<DreamState, DreamEvent, DreamGuard, DreamEffect>;

const ACTIVE = ['pending', 'running'] as const satisfies readonly DreamState[];
const ARCHIVED = [
  'completed:archived',
  'failed:archived',
  'canceled:archived',
] as const satisfies readonly DreamState[];
const ENDED = ['completed', 'failed', 'canceled', ...ARCHIVED] as const satisfies readonly DreamState[];
const NOT_RUNNING = ['pending', ...ENDED] as const satisfies readonly DreamState[];
const NOT_PENDING = ['running', ...ENDED] as const satisfies readonly DreamState[];

const OK = { kind: 'ok', status: 200 } as const;
const REJECTED = { kind: 'error', status: 400, errorType: null } as const;
const HAPPENS = { kind: 'happens' } as const;
const IGNORED = { kind: 'ignored' } as const;
const IMPOSSIBLE = { kind: 'impossible' } as const;

/** Effects of a running dream that ends in failure (pipeline error, timeout, input lost). */
const FAIL_WHILE_RUNNING: readonly DreamEffect[] = [
  'set_error_type',
  'set_ended_at',
  'leave_output_store',
  'archive_pipeline_session',
];
const ARCHIVE_EFFECTS: readonly DreamEffect[] = [
  'set_archived_at',
  'exclude_from_default_lists',
  'leave_output_store',
];

/** Rows of an input-loss happening (store or session), which only differ in error type and citations. */
const inputLossRows = (
  event: 'input_store.unavailable' | 'input_session.unavailable',
  errorType: string,
  requirement: string,
  errorRequirement: string,
): DreamRow[] => [
  {
    from: ['running'],
    event,
    to: 'failed',
    outcome: HAPPENS,
    effects: FAIL_WHILE_RUNNING,
    requirements: [
      requirement,
      errorRequirement,
      'DREAM-FAILED-OUTPUT-KEPT',
      'DREAM-PIPELINE-SESSION-ARCHIVED',
      'DREAM-PIPELINE-SESSION-READABLE',
    ],
    note: `error.type \`${errorType}\``,
  },
  {
    from: ['pending'],
    event,
    to: 'failed',
    outcome: { kind: 'unspecified', unspecified: 'UNSPEC-DREAM-INPUT-LOSS-PENDING' },
    effects: ['set_error_type', 'set_ended_at'],
    requirements: [errorRequirement],
    note: `Not stated (the state table says "mid-run", the Errors table "after creation"): the model fails the dream with error.type \`${errorType}\`; there is no pipeline session or output store yet.`,
  },
  {
    from: ENDED,
    event,
    to: 'unchanged',
    outcome: IGNORED,
    effects: [],
    requirements: ['DREAM-TERMINAL-STATUSES'],
    note: 'The dream has already ended; losing an input no longer affects it.',
  },
];

/** Rows of an archive or delete attempt on the dream's output store (memory-store endpoints). */
const outputStoreRows = (
  event: 'output_store.archive' | 'output_store.delete',
  requirement: string,
): DreamRow[] => [
  {
    from: ACTIVE,
    event,
    to: 'unchanged',
    outcome: REJECTED,
    effects: [],
    requirements: [requirement],
    note: 'HTTP 400 from the memory-store endpoint; error type not named (UNSPEC-DREAM-400-ERROR-TYPE).',
  },
  {
    from: ENDED,
    event,
    to: 'unchanged',
    outcome: HAPPENS,
    effects: [],
    requirements: ['MEMSTORE-OUTPUT-RELEASE-AFTER-END', 'DREAM-TERMINAL-STATUSES'],
    note: 'Allowed once the dream is neither pending nor running; the dream itself is unaffected. The success status of the memory-store endpoint is not part of this interface (UNSPEC-DREAM-OUTPUT-STORE-ENDPOINTS).',
  },
];

const rows: readonly DreamRow[] = [
  // Cancel
  {
    from: ['pending'],
    event: 'dreams.cancel',
    to: 'canceled',
    outcome: OK,
    effects: ['set_ended_at'],
    requirements: ['DREAM-CANCEL-ACTIVE', 'DREAM-ENDED-AT-NULL-UNTIL-TERMINAL'],
    note: 'Immediate. A pending dream has no pipeline session or output store yet.',
  },
  {
    from: ['running'],
    event: 'dreams.cancel',
    to: 'canceled',
    outcome: OK,
    effects: ['set_ended_at', 'leave_output_store', 'archive_pipeline_session'],
    requirements: [
      'DREAM-CANCEL-ACTIVE',
      'DREAM-CANCEL-LEAVES-OUTPUT',
      'DREAM-PIPELINE-SESSION-ARCHIVED',
      'DREAM-PIPELINE-SESSION-READABLE',
      'DREAM-ENDED-AT-NULL-UNTIL-TERMINAL',
    ],
    note: 'Immediate; the output store is left as is.',
  },
  {
    from: ['canceled', 'canceled:archived'],
    event: 'dreams.cancel',
    to: 'unchanged',
    outcome: OK,
    effects: [],
    requirements: ['DREAM-CANCEL-CANCELED-NOOP'],
    note: 'Idempotent no-op.',
  },
  {
    from: ['completed', 'completed:archived'],
    event: 'dreams.cancel',
    to: 'unchanged',
    outcome: REJECTED,
    effects: [],
    requirements: ['DREAM-CANCEL-COMPLETED-400'],
  },
  {
    from: ['failed', 'failed:archived'],
    event: 'dreams.cancel',
    to: 'unchanged',
    outcome: REJECTED,
    effects: [],
    requirements: ['DREAM-CANCEL-FAILED-400'],
  },

  // Archive
  {
    from: ['completed'],
    event: 'dreams.archive',
    to: 'completed:archived',
    outcome: OK,
    effects: ARCHIVE_EFFECTS,
    requirements: [
      'DREAM-ARCHIVE-TERMINAL',
      'DREAM-ARCHIVE-EXCLUDED-FROM-LIST',
      'DREAM-ARCHIVE-KEEPS-OUTPUT-STORE',
    ],
  },
  {
    from: ['failed'],
    event: 'dreams.archive',
    to: 'failed:archived',
    outcome: OK,
    effects: ARCHIVE_EFFECTS,
    requirements: [
      'DREAM-ARCHIVE-TERMINAL',
      'DREAM-ARCHIVE-EXCLUDED-FROM-LIST',
      'DREAM-ARCHIVE-KEEPS-OUTPUT-STORE',
    ],
  },
  {
    from: ['canceled'],
    event: 'dreams.archive',
    to: 'canceled:archived',
    outcome: OK,
    effects: ARCHIVE_EFFECTS,
    requirements: [
      'DREAM-ARCHIVE-TERMINAL',
      'DREAM-ARCHIVE-EXCLUDED-FROM-LIST',
      'DREAM-ARCHIVE-KEEPS-OUTPUT-STORE',
    ],
  },
  {
    from: ARCHIVED,
    event: 'dreams.archive',
    to: 'unchanged',
    outcome: OK,
    effects: [],
    requirements: ['DREAM-ARCHIVE-ARCHIVED-NOOP', 'DREAM-ARCHIVE-NO-UNARCHIVE'],
    note: 'Idempotent no-op.',
  },
  {
    from: ['pending'],
    event: 'dreams.archive',
    to: 'unchanged',
    outcome: REJECTED,
    effects: [],
    requirements: ['DREAM-ARCHIVE-PENDING-400'],
    note: 'Cancel first.',
  },
  {
    from: ['running'],
    event: 'dreams.archive',
    to: 'unchanged',
    outcome: REJECTED,
    effects: [],
    requirements: ['DREAM-ARCHIVE-RUNNING-400'],
    note: 'Cancel first.',
  },

  // Pipeline
  {
    from: ['pending'],
    event: 'pipeline.started',
    to: 'running',
    outcome: HAPPENS,
    effects: ['set_session_id', 'add_output_store', 'update_usage'],
    requirements: [
      'DREAM-PIPELINE-START',
      'DREAM-SESSION-ID-WHEN-RUNNING',
      'DREAM-OUTPUTS-WHEN-RUNNING',
      'DREAM-USAGE-UPDATED-WHILE-RUNNING',
    ],
  },
  {
    from: NOT_PENDING,
    event: 'pipeline.started',
    to: 'unchanged',
    outcome: IMPOSSIBLE,
    effects: [],
    requirements: ['DREAM-PIPELINE-START'],
    note: 'The pipeline starts once, from pending.',
  },
  {
    from: ['running'],
    event: 'pipeline.progress',
    to: 'unchanged',
    outcome: HAPPENS,
    effects: ['update_usage'],
    requirements: ['DREAM-USAGE-UPDATED-WHILE-RUNNING'],
  },
  {
    from: NOT_RUNNING,
    event: 'pipeline.progress',
    to: 'unchanged',
    outcome: IMPOSSIBLE,
    effects: [],
    requirements: ['DREAM-USAGE-UPDATED-WHILE-RUNNING'],
    note: 'Only a running pipeline makes progress.',
  },
  {
    from: ['running'],
    event: 'pipeline.succeeded',
    to: 'completed',
    outcome: HAPPENS,
    effects: ['populate_output_store', 'set_ended_at', 'archive_pipeline_session'],
    requirements: [
      'DREAM-PIPELINE-SUCCESS',
      'DREAM-PIPELINE-SESSION-ARCHIVED',
      'DREAM-PIPELINE-SESSION-READABLE',
      'DREAM-ENDED-AT-NULL-UNTIL-TERMINAL',
    ],
  },
  {
    from: NOT_RUNNING,
    event: 'pipeline.succeeded',
    to: 'unchanged',
    outcome: IMPOSSIBLE,
    effects: [],
    requirements: ['DREAM-PIPELINE-SUCCESS'],
    note: 'Only a running pipeline finishes; a canceled dream has no pipeline left.',
  },
  {
    from: ['running'],
    event: 'pipeline.failed',
    to: 'failed',
    outcome: HAPPENS,
    effects: FAIL_WHILE_RUNNING,
    requirements: [
      'DREAM-PIPELINE-FAILURE',
      'DREAM-ERROR-TYPE-ON-FAILURE',
      'DREAM-ERROR-TIMEOUT',
      'DREAM-ERROR-INTERNAL',
      'DREAM-ERROR-ORG-LIMIT',
      'DREAM-ERROR-INPUT-TOO-LARGE',
      'DREAM-FAILED-OUTPUT-KEPT',
      'DREAM-PIPELINE-SESSION-ARCHIVED',
      'DREAM-PIPELINE-SESSION-READABLE',
      'DREAM-ENDED-AT-NULL-UNTIL-TERMINAL',
    ],
    note: 'The happening carries the error type (timeout, internal_error, memory_store_org_limit_exceeded, input_memory_store_too_large, or another).',
  },
  {
    from: NOT_RUNNING,
    event: 'pipeline.failed',
    to: 'unchanged',
    outcome: IMPOSSIBLE,
    effects: [],
    requirements: ['DREAM-PIPELINE-FAILURE'],
    note: 'The table fails only running dreams (UNSPEC-DREAM-FAILURE-BEFORE-START).',
  },

  // Inputs lost
  ...inputLossRows(
    'input_store.unavailable',
    'input_memory_store_unavailable',
    'DREAM-INPUT-STORE-LOST-FAILS',
    'DREAM-ERROR-INPUT-STORE-UNAVAILABLE',
  ),
  ...inputLossRows(
    'input_session.unavailable',
    'input_session_unavailable',
    'DREAM-INPUT-SESSION-LOST-FAILS',
    'DREAM-ERROR-INPUT-SESSION-UNAVAILABLE',
  ),

  // Output store protection
  ...outputStoreRows('output_store.archive', 'MEMSTORE-OUTPUT-ARCHIVE-ACTIVE-400'),
  ...outputStoreRows('output_store.delete', 'MEMSTORE-OUTPUT-DELETE-ACTIVE-400'),
];

export const machine: Machine<DreamState, DreamEvent, DreamGuard, DreamEffect> = {
  id: 'dreams',
  resource: 'Dream',
  doc: 'messages',
  description:
    "Lifecycle of a dream. The state is the `status`, suffixed with `:archived` once `archived_at` is set. Operations are the cancel and archive endpoints; happenings are the pipeline's progress, the loss of an input, and archive or delete attempts on the output store through the memory-store endpoints (not part of this interface). The success status 200 of the operation rows is the reference server's choice (UNSPEC-DREAM-SUCCESS-STATUS); the 400 rows leave the error type unnamed (UNSPEC-DREAM-400-ERROR-TYPE).",
  states: DREAM_STATES,
  initial: 'pending',
  terminal: ARCHIVED,
  events: {
    'dreams.cancel': {
      kind: 'operation',
      operation: 'dreams.cancel',
      description: 'POST /v1/dreams/{dream_id}/cancel',
    },
    'dreams.archive': {
      kind: 'operation',
      operation: 'dreams.archive',
      description: 'POST /v1/dreams/{dream_id}/archive',
    },
    'pipeline.started': {
      kind: 'happening',
      description: 'The queued pipeline starts in a new session (the dream leaves the queue).',
    },
    'pipeline.progress': {
      kind: 'happening',
      description: 'The running pipeline consumes tokens (usage updates while running).',
    },
    'pipeline.succeeded': { kind: 'happening', description: 'The pipeline finishes successfully.' },
    'pipeline.failed': {
      kind: 'happening',
      description:
        'The pipeline fails: an error or a timeout. Carries the `error.type` (timeout, internal_error, memory_store_org_limit_exceeded, input_memory_store_too_large, or another).',
    },
    'input_store.unavailable': {
      kind: 'happening',
      description: 'The input memory store is archived or deleted (fixture change).',
    },
    'input_session.unavailable': {
      kind: 'happening',
      description: 'An input session is archived or deleted (fixture change).',
    },
    'output_store.archive': {
      kind: 'happening',
      description:
        "An attempt to archive the dream's output store through the memory-store endpoints, which are not part of this interface: the conformance adapter performs it (UNSPEC-DREAM-OUTPUT-STORE-ENDPOINTS).",
    },
    'output_store.delete': {
      kind: 'happening',
      description:
        "An attempt to delete the dream's output store through the memory-store endpoints, which are not part of this interface: the conformance adapter performs it (UNSPEC-DREAM-OUTPUT-STORE-ENDPOINTS).",
    },
  },
  guards: {},
  effects: {
    set_session_id: '`session_id` is set to the session executing the pipeline.',
    add_output_store: 'The output store `{type: memory_store, memory_store_id}` appears in `outputs`.',
    update_usage: 'The four `usage` counts are updated.',
    populate_output_store: 'The output store is fully populated.',
    set_ended_at: '`ended_at` is set (the dream reached a terminal status).',
    set_error_type: '`error` is set to `{type}` with the failure type.',
    archive_pipeline_session:
      'The pipeline session is archived; it stays readable (not deleted: DREAM-PIPELINE-SESSION-READABLE).',
    leave_output_store: 'The output store is left as it is (whatever was written stays).',
    set_archived_at: '`archived_at` is set; the status is unchanged.',
    exclude_from_default_lists:
      'The dream no longer appears in the default dream list (still readable by id).',
  },
  rows,
};

/**
 * The state key of a dream record: its `status`, suffixed with `:archived` when `archived_at` is
 * set. Throws a `TypeError` for a record no dream can be in (an archived pending or running dream,
 * or an unknown status).
 */
export function stateOf(record: Pick<Dream, 'status' | 'archived_at'>): DreamState {
  const { status, archived_at } = record;
  if (!DREAM_STATES.includes(status as DreamState)) {
    throw new TypeError(`dream has an unknown status ${JSON.stringify(status)}`);
  }
  if (archived_at === null) return status;
  const archived = `${status}:archived`;
  if (!(ARCHIVED as readonly string[]).includes(archived)) {
    throw new TypeError(`a ${status} dream cannot be archived (archived_at ${archived_at})`);
  }
  return archived as DreamState;
}

/** The `status` of a state key. */
export function statusOf(state: DreamState): Dream['status'] {
  return state.split(':')[0] as Dream['status'];
}

/** Whether a state key is archived. */
export function isArchivedState(state: DreamState): boolean {
  return state.endsWith(':archived');
}

/**
 * The message batch lifecycle.
 *
 * States: `in_progress` (at creation), `ended` (results downloadable), and
 * `ended:past_retention` (29 days after creation: the batch stays viewable, its results can no
 * longer be downloaded).
 *
 * Cancel is not modelled: the documents show neither the cancel operation nor the
 * `processing_status` used while cancelling (UNSPEC-BATCH-CANCEL). An event for it could name no
 * endpoint and move to no known state, and the conformance model could never generate it through
 * the documented API, so the machine has no cancel event at all; `canceled` results and a
 * non-null `cancel_initiated_at` are admitted by the schemas but never produced by this machine.
 */
import type { MessageBatch } from '../resources/message-batches.js';
import { RESULTS_RETENTION_MS } from '../rules/message-batches.js';
import type { Machine, Row } from '../types.js';

export const states = ['in_progress', 'ended', 'ended:past_retention'] as const;
export type MessageBatchState = (typeof states)[number];

export const events = [
  'messages.batches.retrieve',
  'messages.batches.results',
  'requests.processed',
  'processing.completed',
  'clock.24h',
  'clock.29d',
] as const;
export type MessageBatchEvent = (typeof events)[number];

export type MessageBatchGuard = never;

export const effects = [
  'record_processed_results',
  'record_results',
  'expire_unsent_requests',
  'set_ended_at',
  'set_results_url',
  'make_results_unavailable',
] as const;
export type MessageBatchEffect = (typeof effects)[number];

type R = Row<MessageBatchState, MessageBatchEvent, MessageBatchGuard, MessageBatchEffect>;

const rows: readonly R[] = [
  // retrieve: the batch is viewable in every state
  {
    from: ['in_progress', 'ended'],
    event: 'messages.batches.retrieve',
    to: 'unchanged',
    outcome: { kind: 'ok', status: 200 },
    effects: [],
    requirements: ['BATCH-RETRIEVE'],
  },
  {
    from: ['ended:past_retention'],
    event: 'messages.batches.retrieve',
    to: 'unchanged',
    outcome: { kind: 'ok', status: 200 },
    effects: [],
    requirements: ['BATCH-RETRIEVE', 'BATCH-VIEWABLE-AFTER-RETENTION'],
  },

  // results download
  {
    from: ['in_progress'],
    event: 'messages.batches.results',
    to: 'unchanged',
    outcome: { kind: 'unspecified', unspecified: 'UNSPEC-BATCH-RESULTS-BEFORE-END' },
    effects: [],
    requirements: ['BATCH-RESULTS-AFTER-END'],
    note: 'Results are available only after processing ended; `results_url` is still null.',
  },
  {
    from: ['ended'],
    event: 'messages.batches.results',
    to: 'unchanged',
    outcome: { kind: 'ok', status: 200 },
    effects: [],
    requirements: ['BATCH-RESULTS-AFTER-END', 'BATCH-RESULTS-RETENTION', 'BATCH-RESULTS-URL'],
  },
  {
    from: ['ended:past_retention'],
    event: 'messages.batches.results',
    to: 'unchanged',
    outcome: { kind: 'unspecified', unspecified: 'UNSPEC-BATCH-RESULTS-AFTER-RETENTION' },
    effects: [],
    requirements: ['BATCH-RESULTS-RETENTION'],
    note: 'Results cannot be downloaded after 29 days; the status of the refusal is not shown.',
  },

  // some requests (not all) finished processing
  {
    from: ['in_progress'],
    event: 'requests.processed',
    to: 'unchanged',
    outcome: { kind: 'happens' },
    effects: ['record_processed_results'],
    requirements: ['BATCH-PROCESSED-INDEPENDENTLY'],
    note: 'Each request is processed independently: the batch stays in progress and the other requests stay unsent.',
  },
  {
    from: ['ended', 'ended:past_retention'],
    event: 'requests.processed',
    to: 'unchanged',
    outcome: { kind: 'impossible' },
    effects: [],
    requirements: ['BATCH-END-ALL-PROCESSED'],
    note: 'An ended batch has no request left to process.',
  },

  // every request finished processing
  {
    from: ['in_progress'],
    event: 'processing.completed',
    to: 'ended',
    outcome: { kind: 'happens' },
    effects: ['record_results', 'set_ended_at', 'set_results_url'],
    requirements: [
      'BATCH-END-ALL-PROCESSED',
      'BATCH-PROCESSED-INDEPENDENTLY',
      'BATCH-TYPICAL-DURATION',
      'BATCH-END-RESULTS-READY',
      'BATCH-OBJECT-ENDED-AT-SET',
      'BATCH-ENDED-NONE-PROCESSING',
    ],
  },
  {
    from: ['ended', 'ended:past_retention'],
    event: 'processing.completed',
    to: 'unchanged',
    outcome: { kind: 'impossible' },
    effects: [],
    requirements: ['BATCH-END-ALL-PROCESSED'],
    note: 'An ended batch has no request left to process.',
  },

  // 24 hours after creation
  {
    from: ['in_progress'],
    event: 'clock.24h',
    to: 'ended',
    outcome: { kind: 'happens' },
    effects: ['expire_unsent_requests', 'set_ended_at', 'set_results_url'],
    requirements: [
      'BATCH-EXPIRY-24H',
      'BATCH-EXPIRY-UNSENT-EXPIRED',
      'BATCH-DEMAND-SLOWDOWN',
      'BATCH-END-RESULTS-READY',
      'BATCH-OBJECT-ENDED-AT-SET',
      'BATCH-ENDED-NONE-PROCESSING',
    ],
    note: 'Requests already in flight: UNSPEC-BATCH-EXPIRY-IN-FLIGHT (none in the reference server).',
  },
  {
    from: ['ended'],
    event: 'clock.24h',
    to: 'unchanged',
    outcome: { kind: 'ignored' },
    effects: [],
    requirements: ['BATCH-EXPIRY-24H'],
    note: 'The batch ended before the deadline; nothing expires.',
  },
  {
    from: ['ended:past_retention'],
    event: 'clock.24h',
    to: 'unchanged',
    outcome: { kind: 'impossible' },
    effects: [],
    requirements: ['BATCH-EXPIRY-24H', 'BATCH-RESULTS-RETENTION'],
    note: 'The 24-hour instant precedes the 29-day one.',
  },

  // 29 days after creation
  {
    from: ['in_progress'],
    event: 'clock.29d',
    to: 'unchanged',
    outcome: { kind: 'impossible' },
    effects: [],
    requirements: ['BATCH-EXPIRY-24H'],
    note: 'A batch has ended by its 24-hour deadline, long before 29 days.',
  },
  {
    from: ['ended'],
    event: 'clock.29d',
    to: 'ended:past_retention',
    outcome: { kind: 'happens' },
    effects: ['make_results_unavailable'],
    requirements: ['BATCH-RESULTS-RETENTION', 'BATCH-VIEWABLE-AFTER-RETENTION'],
  },
  {
    from: ['ended:past_retention'],
    event: 'clock.29d',
    to: 'unchanged',
    outcome: { kind: 'impossible' },
    effects: [],
    requirements: ['BATCH-RESULTS-RETENTION'],
    note: 'The retention instant passes once.',
  },
];

export const machine: Machine<MessageBatchState, MessageBatchEvent, MessageBatchGuard, MessageBatchEffect> = {
  id: 'message-batches',
  resource: 'MessageBatch',
  doc: 'messages',
  description:
    'Lifecycle of a message batch: `in_progress` at creation, `ended` when every request finished or at the 24-hour deadline, then past the 29-day results retention. The cancel transition is not shown (UNSPEC-BATCH-CANCEL) and not modelled.',
  states,
  initial: 'in_progress',
  terminal: ['ended:past_retention'],
  events: {
    'messages.batches.retrieve': {
      kind: 'operation',
      operation: 'messages.batches.retrieve',
      description: 'Retrieve the batch.',
    },
    'messages.batches.results': {
      kind: 'operation',
      operation: 'messages.batches.results',
      description: 'Download the results from `results_url`.',
    },
    'requests.processed': {
      kind: 'happening',
      description:
        'Some requests of the batch, not all, finish processing (each independently); the others are not sent yet.',
    },
    'processing.completed': {
      kind: 'happening',
      description:
        'Every request of the batch has finished processing (each independently): the last unsent ones are processed.',
    },
    'clock.24h': {
      kind: 'happening',
      description: 'The clock reaches `expires_at` (24 hours after creation).',
    },
    'clock.29d': {
      kind: 'happening',
      description: 'The clock reaches 29 days after creation: the end of results retention.',
    },
  },
  guards: {},
  effects: {
    record_processed_results:
      'The requests processed get their results (`succeeded`, or `errored` when invalid or failed); each moves from `processing` to its result count.',
    record_results:
      'Every request not processed yet gets its result (`succeeded`, or `errored` when invalid or failed); each moves from `processing` to its result count. Requests processed earlier keep theirs.',
    expire_unsent_requests:
      'Requests not yet sent to the model get `expired` results; their count moves from `processing` to `expired`. Requests processed earlier keep their results.',
    set_ended_at: '`ended_at` is set to the current time; `processing_status` becomes `ended`.',
    set_results_url: '`results_url` is set: the results are ready to download.',
    make_results_unavailable:
      'The results can no longer be downloaded; the batch record itself stays readable and unchanged.',
  },
  rows,
};

/**
 * The machine state of a batch record. The record alone cannot tell whether the 29-day retention
 * has passed; give `now` to tell `ended` from `ended:past_retention` (without it an ended batch
 * is `ended`). A malformed `created_at` with `now` given also yields `ended`.
 */
export function stateOf(
  record: Pick<MessageBatch, 'processing_status' | 'created_at'>,
  now?: string | Date,
): MessageBatchState {
  if (record.processing_status === 'in_progress') return 'in_progress';
  if (now === undefined) return 'ended';
  const created = Date.parse(record.created_at);
  const at = typeof now === 'string' ? Date.parse(now) : now.getTime();
  if (!Number.isFinite(created) || !Number.isFinite(at)) return 'ended';
  return at >= created + RESULTS_RETENTION_MS ? 'ended:past_retention' : 'ended';
}

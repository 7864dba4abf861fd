/**
 * The spec's state machines and the state keys of records: thin wrappers over the spec's own
 * machine modules (`stateOf` lives beside each transition table).
 */
import {
  type AnyMachine,
  type Dream,
  dreamsMachine,
  type MessageBatch,
  messageBatchesMachine,
} from '@vendor-api/spec';

/** A dream's state key (`completed:archived`, ...). */
export const dreamStateKey = (_machine: AnyMachine, dream: Pick<Dream, 'status' | 'archived_at'>): string =>
  dreamsMachine.stateOf(dream);

/** The status of a dream state key. */
export const dreamStatusOf = (stateKey: string): Dream['status'] =>
  dreamsMachine.statusOf(stateKey as Parameters<typeof dreamsMachine.statusOf>[0]);

/** A batch's state key at `now` (ms): `in_progress`, `ended`, or `ended:past_retention`. */
export const batchStateKey = (
  _machine: AnyMachine,
  batch: Pick<MessageBatch, 'processing_status' | 'created_at'>,
  now: number,
): string => messageBatchesMachine.stateOf(batch, new Date(now));

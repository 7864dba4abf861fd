/**
 * Applies dream events (operations and happenings) through the spec's `step`: the row decides the
 * next state and the effects; this file only carries each named effect out on the record.
 */
import { dreamRules, type StepResult, step } from '@vendor-api/spec';
import { iso } from '../clock.js';
import { dreamStateKey, dreamStatusOf } from '../lifecycle/machines.js';
import { type ServerState, sameOwner } from '../state.js';
import type { DreamRecord } from '../store.js';

// biome-ignore lint/suspicious/noExplicitAny: the spec exports its machines untyped
export type AnyStep = StepResult<any, any, any, any>;

export interface DreamEventOptions {
  /** `error.type` for `pipeline.failed` (default `internal_error`). */
  readonly errorType?: string;
  /** The event happens as the pipeline starts (an input found unavailable then). */
  readonly atStart?: boolean;
}

/** The `error.type` an input-loss happening fails a dream with. */
const LOSS_ERROR: Readonly<Record<string, string>> = {
  'input_store.unavailable': dreamRules.LOST_INPUT_FAILURES.memory_store.errorType,
  'input_session.unavailable': dreamRules.LOST_INPUT_FAILURES.session.errorType,
};

/** Session ids of a dream's `sessions` input. */
export function inputSessionIds(record: DreamRecord): string[] {
  return record.dream.inputs.flatMap((i) => (i.type === 'sessions' ? [...i.session_ids] : []));
}

/** The memory store id of a dream's `memory_store` input. */
export function inputStoreId(record: DreamRecord): string | null {
  for (const i of record.dream.inputs) if (i.type === 'memory_store') return i.memory_store_id;
  return null;
}

/**
 * Steps a dream by one event at instant `at` and carries out the row's effects when the state
 * machine lets the event take effect (`ok`, `happens`, or `unspecified` with a known next state).
 * Rejections (`error`), `ignored` and `impossible` rows change nothing. Returns the step.
 */
export function applyDreamEvent(
  state: ServerState,
  record: DreamRecord,
  event: string,
  at: number,
  options: DreamEventOptions = {},
): AnyStep {
  const c = state.choices;
  const machine = c.dreamsMachine;
  // An input lost while the dream is pending (not shown: UNSPEC-DREAM-INPUT-LOSS-PENDING) may be
  // noticed only when the pipeline starts (`startPipeline`).
  const result = step(machine, dreamStateKey(machine, record.dream), event);
  if (
    event in LOSS_ERROR &&
    record.dream.status === 'pending' &&
    c.inputsCheckedAtStart &&
    !options.atStart
  ) {
    return {
      ...result,
      next: dreamStateKey(machine, record.dream),
      changed: false,
      outcome: { kind: 'ignored' },
      effects: [],
    };
  }
  const kind = result.outcome.kind;
  if (kind === 'error' || kind === 'ignored' || kind === 'impossible') return result;

  const dream = { ...record.dream, status: dreamStatusOf(result.next) };
  for (const effect of result.effects as readonly string[]) {
    switch (effect) {
      case 'set_session_id': {
        const session = state.store.sessions.put({
          id: state.ids.next('session'),
          organizationId: record.organizationId,
          workspaceId: record.workspaceId,
          createdAt: at,
          archivedAt: null,
          deletedAt: null,
          dreamId: record.id,
        });
        dream.session_id = session.id;
        break;
      }
      case 'add_output_store': {
        const store = state.store.memoryStores.put({
          id: state.ids.next('memoryStore'),
          organizationId: record.organizationId,
          workspaceId: record.workspaceId,
          // How the output store is named is not shown (UNSPEC-DREAM-OUTPUT-STORE-CREATION).
          name: c.outputStoreName(`dream-${record.id}`, inputStore(state, record)?.name),
          description: null,
          createdAt: at,
          archivedAt: null,
          deletedAt: null,
          populatedBy: null,
          memories: [],
        });
        dream.outputs = [...dream.outputs, { type: 'memory_store', memory_store_id: store.id }];
        break;
      }
      case 'update_usage': {
        // The running pipeline writes as it goes: one memory per step (what a failure or a cancel
        // leaves in the output store).
        for (const out of dream.outputs) {
          const store = state.store.memoryStores.get(out.memory_store_id);
          if (store && store.deletedAt === null)
            store.memories.push(`notes of dream ${record.id}, step ${store.memories.length + 1}`);
        }
        const sessions = inputSessionIds(record).length;
        const u = dream.usage;
        dream.usage = {
          input_tokens: u.input_tokens + 100 * (sessions + 1),
          output_tokens: u.output_tokens + 50,
          cache_creation_input_tokens: u.cache_creation_input_tokens + 10,
          cache_read_input_tokens: u.cache_read_input_tokens + 5 * sessions,
        };
        break;
      }
      case 'populate_output_store': {
        // The reorganized store: the input store's memories and one per input session, after the
        // notes written while running. MEMSTORE-INPUT-NEVER-MODIFIED: the input store is only read.
        const input = inputStore(state, record);
        const reorganized = [
          ...(input?.memories ?? []).map((m) => `reorganized: ${m}`),
          ...inputSessionIds(record).map((id) => `learned from session ${id}`),
        ];
        for (const out of dream.outputs) {
          const store = state.store.memoryStores.get(out.memory_store_id);
          if (!store) continue;
          store.populatedBy = record.id;
          store.memories.push(...reorganized);
        }
        if (input && c.pipelineWritesInputStore) input.memories.push(...reorganized);
        break;
      }
      case 'set_ended_at':
        dream.ended_at = iso(at);
        break;
      case 'set_error_type': {
        // DREAM-ERROR-INPUT-STORE-UNAVAILABLE, DREAM-INPUT-SESSION-LOST-FAILS
        dream.error = {
          type: c.failedDreamErrorType(event, LOSS_ERROR[event] ?? options.errorType ?? 'internal_error'),
        };
        break;
      }
      case 'archive_pipeline_session': {
        const session = dream.session_id === null ? undefined : state.store.sessions.get(dream.session_id);
        if (session && session.archivedAt === null) session.archivedAt = at;
        // DREAM-PIPELINE-SESSION-READABLE: archived, still readable (never deleted by the dream).
        if (session && session.deletedAt === null && !c.pipelineSessionKeptReadable) session.deletedAt = at;
        break;
      }
      case 'set_archived_at':
        dream.archived_at = iso(at);
        break;
      case 'leave_output_store':
        // DREAM-CANCEL-LEAVES-OUTPUT, DREAM-FAILED-OUTPUT-KEPT, DREAM-ARCHIVE-KEEPS-OUTPUT-STORE:
        // the output store stays as it is (a fault may do otherwise).
        for (const out of dream.outputs) {
          const store = state.store.memoryStores.get(out.memory_store_id);
          if (!store) continue;
          const left = c.outputStoreLeftAs(event);
          if (left === 'emptied') store.memories = [];
          else if (left === 'deleted' && store.deletedAt === null) store.deletedAt = at;
          else if (left === 'archived' && store.archivedAt === null) store.archivedAt = at;
        }
        break;
      case 'exclude_from_default_lists':
        // Nothing to do: lists filter on `archived_at`.
        break;
      default:
        throw new Error(`dreams: effect ${effect} has no implementation`);
    }
  }
  record.dream = dream;
  if (dream.status !== 'pending') record.startAt = null;
  if (dream.status !== 'running') record.finishAt = null;
  return result;
}

/** The dream's input store, when it exists. */
const inputStore = (state: ServerState, record: DreamRecord) => {
  const id = inputStoreId(record);
  return id === null ? undefined : state.store.memoryStores.get(id);
};

/**
 * The loss an input of the dream amounts to at `at`: its store or one of its sessions does not
 * exist, is gone, or belongs to another workspace. Null when every input is there.
 */
function unavailableInput(state: ServerState, record: DreamRecord): string | null {
  const store = inputStore(state, record);
  if (!store || store.deletedAt !== null || store.archivedAt !== null || !sameOwner(store, record))
    return 'input_store.unavailable';
  for (const id of inputSessionIds(record)) {
    const session = state.store.sessions.get(id);
    if (!session || session.deletedAt !== null || session.archivedAt !== null || !sameOwner(session, record))
      return 'input_session.unavailable';
  }
  return null;
}

/** Starts a pending dream's pipeline at `at` and schedules its success per the timings. */
export function startPipeline(state: ServerState, record: DreamRecord, at: number): AnyStep {
  // Whether inputs are looked at when the pipeline starts is not shown (UNSPEC-DREAM-INPUT-OWNERSHIP).
  const lost = state.choices.inputsCheckedAtStart ? unavailableInput(state, record) : null;
  if (lost !== null) return applyDreamEvent(state, record, lost, at, { atStart: true });
  const result = applyDreamEvent(state, record, 'pipeline.started', at);
  if (result.changed) {
    record.finishAt = state.timings.dreamRunMs === null ? null : at + state.timings.dreamRunMs;
    if (record.finishAt !== null) state.schedule.add(record.finishAt, 'dream', record.id);
  }
  return result;
}

/** Schedules a new dream's pipeline start, if it starts on its own. */
export function scheduleDream(state: ServerState, record: DreamRecord): void {
  if (record.startAt !== null) state.schedule.add(record.startAt, 'dream', record.id);
}

/** Starts and finishes a dream's pipeline if their time has come, at their scheduled instants. */
export function catchUpDream(state: ServerState, record: DreamRecord, now: number): void {
  if (record.dream.status === 'pending' && record.startAt !== null && record.startAt <= now) {
    startPipeline(state, record, record.startAt);
  }
  if (record.dream.status === 'running' && record.finishAt !== null && record.finishAt <= now) {
    applyDreamEvent(state, record, 'pipeline.succeeded', record.finishAt);
  }
}

/**
 * Example cases of the dream state table: one dream brought to a state along the machine's own
 * path, then one event, judged by the row `step` gives (answer, state, effects, or an unchanged
 * record). Each 400 row, each idempotent no-op and the output-store protection has its own case.
 * Where the adapter cannot drive the pipeline, the dream is taken there by awaiting its own
 * pipeline (a failure by losing its input store); only a failure with a chosen error type and
 * chosen token usage need the pipeline driven.
 */
import { step } from '@vendor-api/spec';
import { type CaseDefinition, defineCase } from '../../case.js';
import { type Need, needFor, orRealTime } from '../../needs.js';
import {
  applyEvent,
  type DreamEvent,
  type DreamState,
  dreamIn,
  type EventOptions,
  machine,
} from './support/index.js';

interface Example<Id extends string> {
  readonly id: Id;
  readonly title: string;
  readonly state: DreamState;
  readonly event: DreamEvent;
  readonly options?: EventOptions;
  /** The events that bring a new dream to `state` (default: the machine's shortest path). */
  readonly path?: readonly DreamEvent[];
  /** Apply the event this many times (idempotence: the second answer must match the first). */
  readonly times?: number;
}

/** What a case needs the pipeline driven for, where the event is a happening no client can await. */
const DRIVEN: Partial<Record<DreamEvent, string>> = {
  'pipeline.failed': 'a dream pipeline failing with a chosen error type',
  'pipeline.progress': 'a running dream consuming chosen tokens',
};

function example<const Id extends string>(e: Example<Id>): CaseDefinition<`dreams.${Id}`> {
  const row = step(machine, e.state, e.event).row;
  const driven = DRIVEN[e.event];
  const pipelineNeeds: Need[] = driven
    ? [needFor('drive-dreams', driven)]
    : e.state === 'pending' && !e.event.startsWith('output_store.')
      ? []
      : [orRealTime('drive-dreams')];
  return defineCase({
    id: `dreams.${e.id}` as const,
    family: 'dreams',
    title: e.title,
    requirements: row.requirements,
    needs: ['memory-stores', 'sessions', ...pipelineNeeds],
    async run(ctx) {
      const ws = await ctx.workspace();
      const handle = await dreamIn(ctx, ws, e.state, e.path);
      for (let i = 0; i < (e.times ?? 1); i++) await applyEvent(ctx, handle, e.event, e.options ?? {});
    },
  });
}

export const exampleCases = [
  example({
    id: 'cancel-completed-is-400',
    title: 'cancel of a completed dream is 400 and leaves it completed',
    state: 'completed',
    event: 'dreams.cancel',
  }),
  example({
    id: 'cancel-completed-archived-is-400',
    title: 'cancel of an archived completed dream is 400 and leaves it as it was',
    state: 'completed:archived',
    event: 'dreams.cancel',
  }),
  example({
    id: 'cancel-failed-is-400',
    title: 'cancel of a failed dream is 400 and leaves it failed',
    state: 'failed',
    event: 'dreams.cancel',
  }),
  example({
    id: 'archive-pending-is-400',
    title: 'archive of a pending dream is 400 (cancel first) and leaves it pending',
    state: 'pending',
    event: 'dreams.archive',
  }),
  example({
    id: 'archive-running-is-400',
    title: 'archive of a running dream is 400 (cancel first) and leaves it running',
    state: 'running',
    event: 'dreams.archive',
  }),
  example({
    id: 'output-store-archive-running-is-400',
    title: 'archiving the output store of a running dream is 400 and leaves the dream running',
    state: 'running',
    event: 'output_store.archive',
  }),
  example({
    id: 'output-store-delete-running-is-400',
    title: 'deleting the output store of a running dream is 400 and leaves the dream running',
    state: 'running',
    event: 'output_store.delete',
  }),
  example({
    id: 'output-store-delete-after-completion',
    title: 'the output store of a completed dream may be deleted; the dream is unchanged',
    state: 'completed',
    event: 'output_store.delete',
  }),
  example({
    id: 'output-store-archive-after-cancel',
    title: 'the output store of a dream canceled while running may be archived; the dream is unchanged',
    state: 'canceled',
    path: ['pipeline.started', 'dreams.cancel'],
    event: 'output_store.archive',
  }),
  example({
    id: 'cancel-canceled-is-noop',
    title: 'cancel of a canceled dream is an idempotent no-op, twice',
    state: 'canceled',
    event: 'dreams.cancel',
    times: 2,
  }),
  example({
    id: 'archive-archived-is-noop',
    title: 'archive of an archived dream is an idempotent no-op: archived_at and status unchanged, twice',
    state: 'failed:archived',
    event: 'dreams.archive',
    times: 2,
  }),
  example({
    id: 'cancel-pending',
    title: 'cancel of a pending dream cancels it at once (ended_at set)',
    state: 'pending',
    event: 'dreams.cancel',
  }),
  example({
    id: 'cancel-running',
    title: 'cancel of a running dream cancels it at once (ended_at set, output kept)',
    state: 'running',
    event: 'dreams.cancel',
  }),
  example({
    id: 'archive-completed',
    title: 'archive of a completed dream sets archived_at, keeps the status, and the dream stays readable',
    state: 'completed',
    event: 'dreams.archive',
  }),
  example({
    id: 'archive-canceled',
    title: 'archive of a canceled dream sets archived_at and keeps the status',
    state: 'canceled',
    event: 'dreams.archive',
  }),
  example({
    id: 'input-store-archived-mid-run-fails',
    title: 'archiving the input store of a running dream fails it with input_memory_store_unavailable',
    state: 'running',
    event: 'input_store.unavailable',
    options: { change: 'archive' },
  }),
  example({
    id: 'input-store-deleted-mid-run-fails',
    title: 'deleting the input store of a running dream fails it with input_memory_store_unavailable',
    state: 'running',
    event: 'input_store.unavailable',
    options: { change: 'delete' },
  }),
  example({
    id: 'input-session-archived-mid-run-fails',
    title: 'archiving an input session of a running dream fails it with input_session_unavailable',
    state: 'running',
    event: 'input_session.unavailable',
    options: { change: 'archive' },
  }),
  example({
    id: 'input-session-deleted-mid-run-fails',
    title: 'deleting an input session of a running dream fails it with input_session_unavailable',
    state: 'running',
    event: 'input_session.unavailable',
    options: { change: 'delete' },
  }),
  example({
    id: 'input-loss-after-end-ignored',
    title: 'archiving the input store of a completed dream leaves the dream unchanged',
    state: 'completed',
    event: 'input_store.unavailable',
    options: { change: 'archive' },
  }),
  example({
    id: 'pipeline-timeout',
    title: 'a running dream whose pipeline times out fails with error.type timeout',
    state: 'running',
    event: 'pipeline.failed',
    options: { errorType: 'timeout' },
  }),
  example({
    id: 'pipeline-org-limit',
    title: 'a running dream failing on the memory-store cap fails with memory_store_org_limit_exceeded',
    state: 'running',
    event: 'pipeline.failed',
    options: { errorType: 'memory_store_org_limit_exceeded' },
  }),
  example({
    id: 'pipeline-input-too-large',
    title: 'a running dream whose input store is too large fails with input_memory_store_too_large',
    state: 'running',
    event: 'pipeline.failed',
    options: { errorType: 'input_memory_store_too_large' },
  }),
  example({
    id: 'pipeline-progress-updates-usage',
    title: 'the usage of a running dream grows as its pipeline consumes tokens',
    state: 'running',
    event: 'pipeline.progress',
    options: { tokens: { input_tokens: 1200, output_tokens: 300 } },
  }),
] as const;

/**
 * What a dream does to its memory stores (document 001, "What the service does" and the dream
 * state table): it reads one store and writes a new one, "never modifying the input store"; a
 * failed dream's output store "keeps whatever was written"; cancel leaves it "as is"; "archiving a
 * dream does not touch its output store". Memory-store records and contents are not shown, so the
 * stores are read through the adapter (capability `memory-store-state`: archived, deleted, a
 * digest of the contents) and judged by `applyEvent` at every event (`judgeStores`).
 *
 * Each path runs the pipeline a step (it writes as it runs) before the event that ends the dream,
 * so a server that discards or deletes what was written shows it. What "fully populated" holds
 * when a dream completes is the model's work, which the documents do not describe: only that the
 * output store is there (neither archived nor deleted) is asserted.
 */
import { defineCase } from '../../case.js';
import { applyEvent, createDream, type DreamEvent, type EventOptions } from './support/index.js';

interface Path {
  readonly what: string;
  readonly events: readonly (DreamEvent | readonly [DreamEvent, EventOptions])[];
}

const RUN: readonly DreamEvent[] = ['pipeline.started', 'pipeline.progress'];

const PATHS: readonly Path[] = [
  { what: 'completed, then archived', events: [...RUN, 'pipeline.succeeded', 'dreams.archive'] },
  { what: 'failed, then archived', events: [...RUN, 'pipeline.failed', 'dreams.archive'] },
  { what: 'canceled while running, then archived', events: [...RUN, 'dreams.cancel', 'dreams.archive'] },
  {
    what: 'failed on its input store archived',
    events: [...RUN, ['input_store.unavailable', { change: 'archive' }], 'dreams.archive'],
  },
  {
    what: 'failed on an input session deleted',
    events: [...RUN, ['input_session.unavailable', { change: 'delete' }], 'dreams.archive'],
  },
];

export const storeEffects = defineCase({
  id: 'dreams.store-effects',
  family: 'dreams',
  title:
    'a dream never modifies its input store; failing, canceling and archiving leave its output store as it was, and a completed one leaves it in place',
  requirements: [
    'MEMSTORE-INPUT-NEVER-MODIFIED',
    'DREAM-FAILED-OUTPUT-KEPT',
    'DREAM-CANCEL-LEAVES-OUTPUT',
    'DREAM-ARCHIVE-KEEPS-OUTPUT-STORE',
    'DREAM-PIPELINE-SUCCESS',
  ],
  needs: ['memory-stores', 'sessions', 'drive-dreams', 'memory-store-state'],
  async run(ctx) {
    const ws = await ctx.workspace();
    for (const path of PATHS) {
      const handle = await createDream(ctx, ws);
      for (const step of path.events) {
        const [event, options] = typeof step === 'string' ? [step, {}] : step;
        await applyEvent(ctx, handle, event, options);
      }
    }
  },
});

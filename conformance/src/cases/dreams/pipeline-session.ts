/**
 * The pipeline session of a dream stays readable after the dream ends (document 001, "Events":
 * "the session stays readable after the dream ends"). The documents show one read of a session,
 * its resource list, so that list still answers: at the end of the dream (every ending, judged by
 * `applyEvent`), and later, after the dream is archived and (with a clock) a day has passed. Where
 * the adapter can tell (capability `session-state`), the session is archived and not deleted.
 *
 * The session's events, the other half of the sentence, are not observable: their kinds and the
 * streaming endpoint are not shown (UNSPEC-DREAM-EVENTS, DREAM-EVENTS-STREAMABLE).
 */

import { step } from '@vendor-api/spec';
import { defineCase } from '../../case.js';
import { orRealTime } from '../../needs.js';
import { applyEvent, type DreamEvent, dreamIn, judgeSessionReadable, machine } from './support/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The events that end a running dream and archive its pipeline session, from the machine's rows. */
const ENDINGS = (Object.keys(machine.events) as DreamEvent[]).filter((e) =>
  step(machine, 'running', e).effects.includes('archive_pipeline_session'),
);

export const pipelineSessionReadable = defineCase({
  id: 'dreams.pipeline-session-readable',
  family: 'dreams',
  title:
    'the pipeline session of a dream that ended while running (completed, failed, input lost, canceled) stays readable, also after the dream is archived',
  requirements: ['DREAM-PIPELINE-SESSION-READABLE', 'DREAM-PIPELINE-SESSION-ARCHIVED'],
  needs: ['memory-stores', 'sessions', 'drive-dreams', orRealTime('clock')],
  async run(ctx) {
    const ws = await ctx.workspace();
    for (const event of ENDINGS) {
      const handle = await dreamIn(ctx, ws, 'running');
      await applyEvent(ctx, handle, event);
      await applyEvent(ctx, handle, 'dreams.archive');
      if (ctx.adapter.capabilities.has('clock')) await ctx.fixture('clock', 'advanceClock', DAY_MS);
      await judgeSessionReadable(
        ctx,
        handle.last,
        `a day after the dream ended by ${event} was archived`,
        ws,
      );
    }
  },
});

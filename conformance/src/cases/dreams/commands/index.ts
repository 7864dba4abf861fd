/**
 * The commands of the dream state-machine case, one per file, combined into `fc.commands`
 * arbitraries. Indices pick a dream modulo the number of dreams; happenings the machine calls
 * impossible in a dream's state are never run (their `check` is false).
 */
import { DREAM_LIST_LIMIT_DEFAULT, DREAM_LIST_LIMIT_MAX, type Vendor } from '@vendor-api/spec';
import fc from 'fast-check';
import { PIPELINE_ERROR_TYPES } from '../support/index.js';
import { ArchiveCommand } from './archive.js';
import { AwaitCommand } from './await.js';
import { CancelCommand } from './cancel.js';
import { ClockAdvanceCommand } from './clock-advance.js';
import { CreateCommand } from './create.js';
import { InputSessionLostCommand } from './input-session-lost.js';
import { InputStoreLostCommand } from './input-store-lost.js';
import { ListCommand } from './list.js';
import type { DreamModel, DreamReal } from './model.js';
import { OutputStoreChangeCommand } from './output-store-change.js';
import { PipelineFailCommand } from './pipeline-fail.js';
import { PipelineProgressCommand } from './pipeline-progress.js';
import { PipelineStartCommand } from './pipeline-start.js';
import { PipelineSucceedCommand } from './pipeline-succeed.js';
import { RetrieveCommand } from './retrieve.js';

export type { DreamModel, DreamReal } from './model.js';

type Arb = fc.Arbitrary<fc.AsyncCommand<DreamModel, DreamReal>>;

const index = fc.nat({ max: 3 });
const change = fc.constantFrom<'archive' | 'delete'>('archive', 'delete');

/**
 * The command arbitraries; `clock` adds time passing (it needs the adapter's clock); `drive` the
 * pipeline's happenings, driven through the adapter (without it, waits for the pipeline's own
 * progress take their place).
 */
export function dreamCommands(v: Vendor, options: { clock: boolean; drive?: boolean }): Arb[] {
  const create: Arb = fc
    .record({
      model: fc.constantFrom(...v.models.all),
      instructions: fc.option(fc.string({ maxLength: 40 }), { nil: undefined }),
      sessions: fc.integer({ min: 1, max: 3 }),
      sessionsFirst: fc.boolean(),
    })
    .map((r) => new CreateCommand(r.model, r.instructions, r.sessions, r.sessionsFirst));
  const progress: Arb = fc
    .tuple(index, fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 0, max: 5000 }))
    .map(([i, a, b]) => new PipelineProgressCommand(i, a, b));
  const fail: Arb = fc
    .tuple(index, fc.constantFrom(...PIPELINE_ERROR_TYPES))
    .map(([i, t]) => new PipelineFailCommand(i, t));
  const list: Arb = fc
    .tuple(
      fc.option(fc.boolean(), { nil: undefined }),
      fc.option(fc.constantFrom(DREAM_LIST_LIMIT_DEFAULT, DREAM_LIST_LIMIT_MAX), { nil: undefined }),
    )
    .map(([a, l]) => new ListCommand(a, l));
  const pipeline: Arb[] =
    options.drive === false
      ? [index.map((i) => new AwaitCommand(i, 'started')), index.map((i) => new AwaitCommand(i, 'ended'))]
      : [
          index.map((i) => new PipelineStartCommand(i)),
          index.map((i) => new PipelineStartCommand(i)),
          index.map((i) => new PipelineSucceedCommand(i)),
          index.map((i) => new PipelineSucceedCommand(i)),
          fail,
          progress,
        ];
  // Repeats weigh the choice toward the commands that move dreams through the table.
  const arbs: Arb[] = [
    create,
    create,
    index.map((i) => new CancelCommand(i)),
    index.map((i) => new CancelCommand(i)),
    index.map((i) => new ArchiveCommand(i)),
    index.map((i) => new ArchiveCommand(i)),
    ...pipeline,
    index.map((i) => new RetrieveCommand(i)),
    fc.tuple(index, change).map(([i, c]) => new InputStoreLostCommand(i, c)),
    fc.tuple(index, change).map(([i, c]) => new InputSessionLostCommand(i, c)),
    fc.tuple(index, change).map(([i, c]) => new OutputStoreChangeCommand(i, c)),
    fc.tuple(index, change).map(([i, c]) => new OutputStoreChangeCommand(i, c)),
    list,
  ];
  if (options.clock)
    arbs.push(fc.constantFrom(1, 1000, 60_000, 3_600_000).map((ms) => new ClockAdvanceCommand(ms)));
  return arbs;
}

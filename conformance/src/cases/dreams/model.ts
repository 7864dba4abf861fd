import fc from 'fast-check';
import { defineCase } from '../../case.js';
import { orRealTime } from '../../needs.js';
import { type DreamModel, type DreamReal, dreamCommands } from './commands/index.js';
import { drivesDreams, machine } from './support/index.js';

/** Every requirement a row of the dream machine cites whose outcome the model asserts. */
const ROW_REQUIREMENTS = [
  ...new Set(
    machine.rows
      .filter((r) => r.outcome.kind !== 'impossible' && r.outcome.kind !== 'unspecified')
      .flatMap((r) => r.requirements),
  ),
];

export const dreamStateMachine = defineCase({
  id: 'dreams.state-machine',
  family: 'dreams',
  title:
    'random sequences of dream operations, pipeline happenings, input losses, output-store attempts and time follow the dream machine (on the wall clock: the pipeline moves on its own and is awaited)',
  requirements: [
    ...ROW_REQUIREMENTS,
    'DREAM-CREATE-RETURNS-PENDING',
    'DREAM-INPUTS-AS-SENT',
    'DREAM-INSTRUCTIONS-AS-SENT',
    'DREAM-OUTPUTS-EMPTY-AT-CREATION',
    'DREAM-SESSION-ID-NULL-AT-CREATION',
    'DREAM-USAGE-ZERO-AT-CREATION',
    'DREAM-ERROR-NULL-UNLESS-FAILED',
    'DREAM-ARCHIVED-AT-NULL-UNTIL-ARCHIVED',
    'DREAM-RETRIEVE',
    'DREAM-RETRIEVE-ARCHIVED',
    'DREAM-LIST-DEFAULT-NON-ARCHIVED',
    'DREAM-LIST-INCLUDE-ARCHIVED',
    'DREAM-LIST-NEWEST-FIRST',
    'MEMSTORE-INPUT-NEVER-MODIFIED',
  ],
  needs: ['memory-stores', 'sessions', orRealTime('drive-dreams'), orRealTime('clock')],
  async run(ctx) {
    const ws = await ctx.workspace();
    const drive = drivesDreams(ctx);
    const arbs = dreamCommands(ctx.vendor, { clock: ctx.has('clock'), drive });
    await ctx.property(
      fc.commands(arbs, { maxCommands: 30, size: 'max' }),
      async (cmds) => {
        const setup = () => ({
          model: { dreams: [], ownPipeline: !drive } as DreamModel,
          real: { ctx, ws } as DreamReal,
        });
        await fc.asyncModelRun(setup, cmds);
      },
      { numRuns: ctx.settings.numRuns },
    );
  },
});

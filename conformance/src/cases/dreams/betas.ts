/**
 * Both beta identifiers are required on every dream operation: without the header, or with only
 * one of the two, the request is refused with a 4xx and the error body (the exact answer is not
 * shown: UNSPEC-DREAM-PREVIEW-ACCESS), and a refused cancel or archive changes nothing.
 */
import { defineCase } from '../../case.js';
import { adoptPipelineState, createDream, drivesDreams, retrieve } from './support/index.js';

export const betasRequired = defineCase({
  id: 'dreams.beta-headers-required',
  family: 'dreams',
  title:
    'every dream operation needs both beta identifiers; without either one it is a 4xx and changes nothing',
  requirements: ['DREAM-BETA-HEADERS', 'BETA-DREAMS-BOTH'],
  needs: ['memory-stores', 'sessions'],
  async run(ctx) {
    const ws = ctx.target.workspace;
    const required = ctx.http.endpoint('dreams.create').betas;
    const handle = await createDream(ctx, ws);
    const variants: { what: string; betas: readonly string[] | null }[] = [
      { what: 'no beta header', betas: null },
      ...required.map((b) => ({ what: `only ${b}`, betas: required.filter((x) => x !== b) })),
    ];
    const createBody = { inputs: handle.sent.inputs, model: handle.sent.model };
    const path = { dream_id: handle.id };
    for (const { what, betas } of variants) {
      const calls = [
        () => ctx.call('dreams.create', { body: createBody, betas }, false),
        () => ctx.call('dreams.retrieve', { path, betas }, false),
        () => ctx.call('dreams.cancel', { path, betas }, false),
        () => ctx.call('dreams.archive', { path, betas }, false),
        () => ctx.call('dreams.list', { betas }, false),
      ];
      for (const call of calls) {
        const res = await call();
        if (res.status < 300)
          ctx.fail(
            `${res.step.request.method} ${res.step.request.target} with ${what}: expected a 4xx, got ${res.status}`,
          );
        ctx.clientError(res);
      }
    }
    // The refused cancel and archive changed nothing: the dream is still pending, not archived
    // (or, where its pipeline moves on its own, only where the pipeline took it: never canceled).
    const dream = await retrieve(ctx, handle);
    if (!drivesDreams(ctx)) return await adoptPipelineState(ctx, handle, dream, 'after the refused requests');
    if (dream.status !== 'pending' || dream.archived_at !== null)
      ctx.fail(`refused requests changed the dream: ${JSON.stringify(dream)}`);
  },
});

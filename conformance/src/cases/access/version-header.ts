import fc from 'fast-check';
import { type CaseContext, defineCase } from '../../case.js';
import { control, probes, vary } from './common.js';

export const versionHeaderRequired = defineCase({
  id: 'access.version-header-required',
  family: 'access',
  title:
    'every operation refuses a request without the version header, or with another value, with a 4xx and the error body',
  requirements: [
    'VERSION-HEADER-EVERY-REQUEST',
    'VERSION-HEADER-VALUE',
    'VERSION-MESSAGES-SAME-SCHEME',
    'AUTH-ENDPOINTS-USE-HEADERS',
    'ERROR-BODY-ERROR-TYPE',
  ],
  async run(ctx: CaseContext) {
    const good = ctx.vendor.apiVersion;
    // Wrong values: other dates and near misses (the status is not shown:
    // UNSPEC-VERSION-HEADER-MISSING, UNSPEC-VERSION-HEADER-OTHER-VALUE; any 4xx with the error body).
    const wrong = fc
      .sample(
        fc.oneof(
          fc
            .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
            .map((d) => d.toISOString().slice(0, 10)),
          fc.constantFrom('2023-6-1', '2023-06-01x', 'v1', '1', 'latest'),
        ),
        { numRuns: 40, seed: ctx.settings.seed },
      )
      .filter((v) => v !== good);
    let i = 0;
    for await (const [endpoint, p] of probes(ctx)) {
      ctx.clientError(await vary(ctx, endpoint, p, { version: null }));
      const value = wrong[i++ % wrong.length] ?? '2023-06-02';
      ctx.clientError(await vary(ctx, endpoint, p, { version: value }));
      await control(ctx, endpoint, p);
    }
  },
});

import fc from 'fast-check';
import { type CaseContext, defineCase } from '../../case.js';
import type { Response } from '../../http.js';
import { control, probes, vary } from './common.js';
import { PROBE_NEEDS } from './probes.js';

/**
 * The documented version value is served on every operation. Whether a request without the
 * header, or with another value, is refused is not shown (UNSPEC-VERSION-HEADER-MISSING,
 * UNSPEC-VERSION-HEADER-OTHER-VALUE; "every request carries" it is a rule for clients,
 * VERSION-HEADER-EVERY-REQUEST): such a request may be served or refused, but never fails with a
 * 5xx, and a refusal carries an error body.
 */
export const versionHeader = defineCase({
  id: 'access.version-header',
  family: 'access',
  title:
    'every operation serves the documented version value; a missing or other value is served or refused with a 4xx and an error body, never a 5xx',
  requirements: ['VERSION-HEADER-VALUE', 'VERSION-MESSAGES-SAME-SCHEME', 'AUTH-ENDPOINTS-USE-HEADERS'],
  needs: [...PROBE_NEEDS],
  async run(ctx: CaseContext) {
    const good = ctx.vendor.apiVersion;
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
    const servedOrRefused = (res: Response) => {
      if (res.status >= 300) ctx.clientError(res);
    };
    let i = 0;
    for await (const [endpoint, p] of probes(ctx)) {
      // The documented value first: a varied request that is served may already have done what
      // the probe does (added its member, created its workspace), and doing it again is not
      // shown to succeed (UNSPEC-MEMBER-ADD-EXISTING, UNSPEC-WS-NAME-CONSTRAINTS).
      await control(ctx, endpoint, p);
      servedOrRefused(await vary(ctx, endpoint, p, { version: null }));
      servedOrRefused(await vary(ctx, endpoint, p, { version: wrong[i++ % wrong.length] ?? '2023-06-02' }));
    }
  },
});

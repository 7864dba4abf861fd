import fc from 'fast-check';
import { type CaseContext, defineCase } from '../../case.js';
import { control, probes, vary } from './common.js';
import { PROBE_NEEDS } from './probes.js';

export const credentialsRequired = defineCase({
  id: 'access.credentials-required',
  family: 'access',
  title:
    'every operation that takes a credential refuses none, an unknown key, a malformed bearer token and a key of the wrong kind (admin key on a standard endpoint, workspace key on an organization endpoint) with a 4xx and the error body',
  requirements: [
    'AUTH-ENDPOINTS-USE-HEADERS',
    'AUTH-WORKSPACE-KEY-HEADER',
    'AUTH-ADMIN-KEY-HEADER',
    'AUTH-WORKSPACE-KEY-STANDARD-ENDPOINTS',
    'AUTH-ADMIN-KEY-ORGANIZATION-ENDPOINTS',
    'AUTH-STANDARD-ENDPOINT-CREDENTIALS',
    'AUTH-ACCESS-TOKEN-BEARER',
    'ERROR-BODY-ERROR-TYPE',
  ],
  needs: [...PROBE_NEEDS],
  async run(ctx: CaseContext) {
    const v = ctx.vendor;
    // Statuses are not shown for these (UNSPEC-AUTH-MISSING-CREDENTIAL, UNSPEC-AUTH-INVALID-CREDENTIAL,
    // UNSPEC-AUTH-WRONG-KIND): any 4xx with the error body.
    const secrets = fc.sample(fc.stringMatching(/^[A-Za-z0-9_-]{16,40}$/), {
      numRuns: 60,
      seed: ctx.settings.seed,
    });
    let i = 0;
    const secret = () => secrets[i++ % secrets.length] ?? 'unknown-secret-value';
    for await (const [endpoint, p] of probes(ctx)) {
      if (endpoint.auth.length === 0) continue;
      ctx.clientError(await vary(ctx, endpoint, p, { auth: 'none' }));
      ctx.clientError(
        await vary(ctx, endpoint, p, { auth: { apiKey: `sk-${secret()}`, placeholder: 'unknown_key' } }),
      );
      ctx.clientError(
        await vary(ctx, endpoint, p, {
          auth: { apiKey: `${v.prefixes.adminKey}-${secret()}`, placeholder: 'unknown_admin_key' },
        }),
      );
      ctx.clientError(
        await vary(ctx, endpoint, p, {
          auth: { bearer: `${v.prefixes.accessToken}${secret()}`, placeholder: 'unknown_token' },
        }),
      );
      if (!endpoint.auth.includes('admin_key'))
        ctx.clientError(await vary(ctx, endpoint, p, { auth: 'admin' }));
      if (!endpoint.auth.includes('workspace_key'))
        ctx.clientError(await vary(ctx, endpoint, p, { auth: 'workspace' }));
      await control(ctx, endpoint, p);
    }
  },
});

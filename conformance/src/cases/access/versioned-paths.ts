import { API_PATH_PREFIX, encodePath } from '@vendor-api/spec';
import { type CaseContext, defineCase } from '../../case.js';
import { probes } from './common.js';
import { PROBE_NEEDS } from './probes.js';

export const versionedPaths = defineCase({
  id: 'access.versioned-paths',
  family: 'access',
  title:
    'every operation lives under /v1: its path without the prefix is not served (no 2xx), whatever the headers',
  requirements: ['VERSION-PATH-V1', 'VERSION-MESSAGES-SAME-SCHEME'],
  needs: [...PROBE_NEEDS],
  async run(ctx: CaseContext) {
    for await (const [endpoint, p] of probes(ctx)) {
      if (endpoint.path === null) continue;
      if (!endpoint.path.startsWith(`${API_PATH_PREFIX}/`))
        ctx.fail(`the spec's path ${endpoint.path} does not start with ${API_PATH_PREFIX}/`);
      const path = encodePath(endpoint.path.slice(API_PATH_PREFIX.length), p.options.path ?? {});
      // What answers an unversioned path is not shown (UNSPEC-VERSION-UNVERSIONED-PATH); it is not the operation.
      const res = await ctx.http.raw(endpoint.method, path, {
        auth:
          endpoint.auth.length === 0
            ? 'none'
            : endpoint.auth.includes('workspace_key')
              ? 'workspace'
              : 'admin',
        betas: endpoint.betas.length ? endpoint.betas : null,
        ...(p.options.body === undefined ? {} : { body: p.options.body }),
      });
      if (res.status < 300)
        ctx.fail(`${endpoint.method} ${path} (without ${API_PATH_PREFIX}) answered ${res.status}`);
    }
  },
});

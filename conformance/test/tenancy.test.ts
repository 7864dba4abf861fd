import { spec } from '@vendor-api/spec';
import { describe, expect, it } from 'vitest';
import type { Adapter } from '../src/adapter.js';
import { cases } from '../src/cases/tenancy/index.js';
import { startEmbedded } from '../src/embedded.js';
import { runOne } from '../src/runner.js';
import { caseById, itPassesAndCatches, pinSettings } from './helpers.js';

describe('tenancy cases', () => {
  itPassesAndCatches('tenancy', cases, [
    ['DREAM_INPUTS_OF_OTHER_WORKSPACES_ACCEPTED', 'tenancy.dream-inputs-of-others'],
    ['DREAM_INPUTS_OF_OTHER_WORKSPACES_ACCEPTED', 'tenancy.other-tenant-ids-refused'],
  ]);

  it('skips the cross-tenant case, never fails it, when no other tenant is given or can be made', async () => {
    const embedded = await startEmbedded({ seed: 7 });
    try {
      const capabilities = new Set(embedded.adapter.capabilities);
      capabilities.delete('tenants');
      const adapter: Adapter = { ...embedded.adapter, capabilities };
      const run = (target = embedded.target) =>
        runOne(caseById(cases, 'tenancy.other-tenant-ids-refused'), {
          target,
          adapter,
          spec,
          settings: pinSettings(),
        });
      const skipped = await run();
      expect(skipped.outcome).toBe('skipped');
      expect(skipped.reason ?? '').toMatch(/--other-admin-key/);
      // Given as options (the way another implementation's run gives them), the case runs.
      const tenant = await embedded.adapter.createTenant?.();
      expect((await run({ ...embedded.target, ...(tenant ? { otherTenant: tenant } : {}) })).outcome).toBe(
        'passed',
      );
    } finally {
      await embedded.close();
    }
  }, 60_000);
});

/**
 * The embedded target: the reference server started in-process with test control on a manual
 * clock, listening on 127.0.0.1, with its adapter.
 */
import { createServer, ManualClock } from '@vendor-api/reference-server';
import type { Adapter, Target } from './adapter.js';
import { referenceAdapter } from './adapters/reference.js';

export interface Embedded {
  readonly target: Target;
  readonly adapter: Adapter;
  close(): Promise<void>;
}

export async function startEmbedded(
  options: { seed?: number; faults?: readonly string[]; variants?: readonly string[]; vendor?: string } = {},
): Promise<Embedded> {
  const app = createServer({
    testControl: true,
    seed: options.seed ?? 0,
    clock: new ManualClock(Date.parse('2026-01-01T00:00:00Z')),
    faults: options.faults ?? [],
    variants: options.variants ?? [],
    // Batches end only when the adapter drives them or the 24-hour expiry hits: every row of the
    // batch machine stays reachable. Dreams move only when driven too.
    timings: { batchProcessingMs: null, dreamStartMs: null, dreamRunMs: null },
    // The suite is the only client, on the same machine: a 256 MB batch body sent from a busy
    // machine may take longer than the limit that guards a public server against slow clients.
    timeLimits: { requestMs: 15 * 60_000 },
    ...(options.vendor ? { vendor: options.vendor } : {}),
  });
  const baseUrl = await app.reference.listenLocal(0);
  const { demo } = app.reference.state;
  return {
    target: {
      baseUrl,
      adminKey: demo.adminKey,
      workspace: { id: demo.workspaceId, apiKey: demo.workspaceKey },
      organizationId: demo.organizationId,
    },
    adapter: referenceAdapter(baseUrl, {
      testControlToken: app.reference.testControlToken ?? '',
      organizationId: demo.organizationId,
    }),
    close: () => app.close(),
  };
}

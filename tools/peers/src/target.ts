/**
 * A target of the comparison: the reference server in-process on 127.0.0.1 with test control on a
 * manual clock (the options the suite's own mutation and variant runs use), a seeded fault or
 * variants switched on, and every request it receives counted, whoever sends it.
 */
import { type Adapter, referenceAdapter, type Target } from '@vendor-api/conformance';
import { createServer, ManualClock } from '@vendor-api/reference-server';

/** What a target runs with: nothing (clean), one fault, or variants. */
export interface TargetChoice {
  readonly faults?: readonly string[];
  readonly variants?: readonly string[];
}

export interface CountedTarget {
  readonly target: Target;
  readonly adapter: Adapter;
  /** The API version the server speaks (the version header's value). */
  readonly apiVersion: string;
  /** Requests received so far (test control included). */
  requests(): number;
  close(): Promise<void>;
}

export async function startTarget(choice: TargetChoice, seed: number): Promise<CountedTarget> {
  const app = createServer({
    testControl: true,
    seed,
    clock: new ManualClock(Date.parse('2026-01-01T00:00:00Z')),
    faults: choice.faults ?? [],
    variants: choice.variants ?? [],
    timings: { batchProcessingMs: null, dreamStartMs: null, dreamRunMs: null },
  });
  let requests = 0;
  app.addHook('onRequest', async () => {
    requests++;
  });
  const baseUrl = await app.reference.listenLocal(0);
  const { demo, vendor } = app.reference.state;
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
    apiVersion: vendor.apiVersion,
    requests: () => requests,
    close: () => app.close(),
  };
}

/** The access cases pass on the reference server and fail a server that ignores every header. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { spec } from '@vendor-api/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cases } from '../src/cases/access/index.js';
import { startEmbedded } from '../src/embedded.js';
import { runOne } from '../src/runner.js';

const seed = Number(process.env.VENDOR_API_SEED ?? 1) | 0;
const settings = { seed, numRuns: 25, timeoutMs: 10_000 };

describe('access cases', () => {
  it('pass against the reference server', async () => {
    for (const c of cases) {
      const e = await startEmbedded({ seed });
      try {
        const r = await runOne(c, { target: e.target, adapter: e.adapter, spec, settings });
        expect([c.id, r.outcome, r.failure?.message]).toEqual([c.id, 'passed', undefined]);
      } finally {
        await e.close();
      }
    }
  }, 300_000);

  describe('against a server that answers 200 to anything', () => {
    let server: Server;
    let url: string;
    beforeAll(async () => {
      server = createServer((_req, res) => {
        res.setHeader('content-type', 'application/json');
        res.end('{}');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it.each(['access.credentials-required', 'access.beta-headers-required', 'access.versioned-paths'])(
      '%s fails',
      async (id) => {
        const c = cases.find((x) => x.id === id)!;
        const r = await runOne(c, {
          target: {
            baseUrl: url,
            adminKey: 'sk-admin',
            workspace: { id: 'wrkspc_x', apiKey: 'key' },
            organizationId: '00000000-0000-4000-8000-000000000000',
          },
          adapter: { name: 'none', capabilities: new Set() },
          spec,
          settings,
        });
        expect(r.outcome).toBe('failed');
      },
    );
  });
});

/**
 * A control API that hangs: discovery answers, every other control call is held without an answer.
 * The run's start is one line of error, not a stack trace, and fixtures stop being asked for after
 * the first few timeouts instead of each waiting out its deadline.
 */
import { CONTROL_PROTOCOL, CONTROL_PROTOCOL_VERSION, controlPath } from '@vendor-api/spec';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ControlError, controlAdapter, MAX_CONTROL_TIMEOUTS } from '../../src/adapters/control.js';
import { main } from '../../src/cli.js';
import { type Hostile, hostileServer } from './hostile-servers.js';

/** Discovery with these extra members, `GET /` answered, every other request held. */
const hangingControl = (extra: Record<string, unknown>) =>
  hostileServer((req, res, stop) => {
    if (req.url === `/control${controlPath('capabilities')}`) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          protocol: CONTROL_PROTOCOL,
          version: CONTROL_PROTOCOL_VERSION,
          capabilities: ['workspaces'],
          target: { admin_key: 'ak', workspace_key: 'wk', workspace_id: 'wid', organization_id: 'oid' },
          ...extra,
        }),
      );
    } else if (req.url === '/') res.writeHead(404).end();
    else stop(() => undefined);
  });

let withHooks: Hostile;
let withoutHooks: Hostile;
beforeAll(async () => {
  withHooks = await hangingControl({ run_hooks: true });
  withoutHooks = await hangingControl({});
});
afterAll(async () => {
  await withHooks.close();
  await withoutHooks.close();
});
afterEach(() => vi.restoreAllMocks());

describe('a control API that hangs', () => {
  it('on run/start: the run ends with one line of error (exit 2)', async () => {
    const err: string[] = [];
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(a.join(' ')));
    const code = await main(['run', '--control-url', `${withHooks.url}/control`, '--timeout', '1000']);
    expect({ code, err }).toEqual({
      code: 2,
      err: [
        `error: control POST ${withHooks.url}/control${controlPath('run.start')} failed: no whole answer within 1 s`,
      ],
    });
  });

  it(`on fixtures: after ${MAX_CONTROL_TIMEOUTS} timeouts no further call is made`, async () => {
    const adapter = controlAdapter({
      controlUrl: `${withoutHooks.url}/control`,
      timeoutMs: 500,
      capabilities: new Set(['workspaces']),
      organizationId: 'oid',
    });
    const before = withoutHooks.seen.length;
    const messages: string[] = [];
    for (let i = 0; i < 10; i++) {
      const error = await adapter.createWorkspace!().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ControlError);
      messages.push((error as Error).message);
    }
    expect(withoutHooks.seen.length - before).toBe(MAX_CONTROL_TIMEOUTS);
    expect(
      messages
        .slice(0, MAX_CONTROL_TIMEOUTS)
        .every((m) => m.endsWith('failed: no whole answer within 0.5 s')),
    ).toBe(true);
    expect(messages.at(-1)).toMatch(
      /not called: 3 control calls got no answer within 0\.5 s \(the control API hangs\)$/,
    );
  });
});

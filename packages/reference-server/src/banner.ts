/**
 * What the server prints when it starts: enough for a first successful call. Rows of a label and
 * a value (another row is one more entry), then the headers every request needs and a `curl`
 * command for a first message that works as printed in a POSIX shell.
 */
import { access, operation, type VendorSpec } from '@vendor-api/spec';
import { type Clock, clockMode } from './clock.js';
import type { Demo, Timings } from './state.js';
import { TEST_CONTROL_PREFIX } from './test-control/common.js';

export interface BannerInfo {
  readonly baseUrl: string;
  readonly spec: VendorSpec;
  readonly demo: Demo;
  readonly clock: Clock;
  readonly timings: Timings;
  readonly testControl: boolean;
  readonly faults: readonly string[];
  readonly variants: readonly string[];
  /** The token every test-control call carries (null: no test control). */
  readonly testControlToken: string | null;
  /** The file the state is kept in (null or absent: in memory only). */
  readonly statePath?: string | null;
}

/** The labels of the banner's rows (`base URL:   http://127.0.0.1:4010`), for readers of the banner. */
export const BANNER_LABELS = {
  baseUrl: 'base URL',
  adminKey: 'admin key',
  workspaceKey: 'workspace key',
  organizationId: 'organization id',
  workspaceId: 'workspace id',
  models: 'models',
  clock: 'clock',
  state: 'state',
  controlUrl: 'control URL',
  controlToken: 'control token',
  faults: 'faults on',
  variants: 'variants on',
} as const;

/** `label:` padded so the values line up. */
const LABEL_WIDTH = 17;

/** A duration in seconds as the banner says it (`never`: only test control drives it). */
const seconds = (ms: number | null): string => (ms === null ? 'never on its own' : `${ms / 1000} s`);

/** How time passes, in one line. */
export function clockLine(clock: Clock, timings: Timings, testControl: boolean): string {
  const mode = clockMode(clock);
  const how =
    mode === 'manual'
      ? 'manual: it moves only through POST /_test/clock/advance'
      : `the wall clock${testControl ? ' (test control can move it forward and freeze it)' : ''}`;
  return `${how}; a batch ends ${seconds(timings.batchProcessingMs)} after creation, a dream starts ${seconds(timings.dreamStartMs)} after creation and completes ${seconds(timings.dreamRunMs)} after it started`;
}

/** Single-quotes a word for a POSIX shell. */
const quote = (word: string): string => `'${word.replace(/'/g, `'\\''`)}'`;

/** The lines of the banner. */
export function bannerLines(info: BannerInfo): string[] {
  const v = info.spec.vendor;
  const message = operation(info.spec, 'messages.create');
  const rateLimits = operation(info.spec, 'organizations.rate_limits.list');
  // The betas each resource family's operations need (`dreams`, `sessions`).
  const betas = new Map<string, string>();
  for (const e of info.spec.endpoints) {
    if (e.betas.length) betas.set(e.id.split('.')[0] ?? e.id, e.betas.join(','));
  }
  const L = BANNER_LABELS;
  const rows: [string, string][] = [
    [L.baseUrl, info.baseUrl],
    [L.adminKey, info.demo.adminKey],
    [L.workspaceKey, info.demo.workspaceKey],
    [L.organizationId, info.demo.organizationId],
    [L.workspaceId, info.demo.workspaceId],
    [L.models, `${v.models.all.join(', ')} (dated ids and aliases: ${rateLimits.method} ${rateLimits.path})`],
    [L.clock, clockLine(info.clock, info.timings, info.testControl)],
    [
      L.state,
      info.statePath
        ? `kept in ${info.statePath} (restored at start, saved as it changes and on shutdown)`
        : 'in memory: lost when the server stops (--state FILE keeps it)',
    ],
  ];
  // The conformance control API (its protocol: the spec's control table): `vendor-conformance run
  // --control-url URL --control-token TOKEN`.
  if (info.testControl) rows.push([L.controlUrl, `${info.baseUrl}${TEST_CONTROL_PREFIX}`]);
  if (info.testControlToken !== null) rows.push([L.controlToken, info.testControlToken]);
  if (info.faults.length) rows.push([L.faults, info.faults.join(', ')]);
  if (info.variants.length) rows.push([L.variants, info.variants.join(', ')]);

  const body = JSON.stringify({
    model: v.models.sonnet,
    max_tokens: 64,
    messages: [{ role: 'user', content: 'Hello' }],
  });
  const keyVariable = v.env.apiKey;
  const curl = [
    `curl -s ${quote(`${info.baseUrl}${message.path ?? ''}`)}`,
    `-H ${quote('content-type: application/json')}`,
    `-H ${quote(`${v.headers.version}: ${v.apiVersion}`)}`,
    `-H "${access.API_KEY_HEADER}: $${keyVariable}"`,
    `-d ${quote(body)}`,
  ].join(' ');
  return [
    ...rows.map(([label, value]) => `${`${label}:`.padEnd(LABEL_WIDTH)}${value}`),
    '',
    `Every request: content-type: application/json, ${v.headers.version}: ${v.apiVersion}, and ${access.API_KEY_HEADER}: the workspace key (the admin key on /v1/organizations/...).`,
    `${v.headers.beta} on ${[...betas].map(([family, value]) => `${family}: ${value}`).join('; ')}.`,
    '',
    'A first message:',
    `  export ${keyVariable}=${quote(info.demo.workspaceKey)}`,
    `  ${curl}`,
  ];
}

/**
 * `vendor-conformance init`: a starter for a team whose server the suite will judge.
 *
 * - `--kind control` (default): `conformance-control.md`, the control endpoints to implement in
 *   the server's own language, grouped by capability with what each unlocks, and how to run the
 *   suite against them;
 * - `--kind adapter`: `conformance-adapter.mjs`, a JavaScript adapter module with a stub for every
 *   method, grouped by capability (declare a capability once its methods work).
 *
 * An existing file is never overwritten without `--force`.
 */
import { access, mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import {
  CONTROL_ENDPOINTS,
  CONTROL_PROTOCOL,
  CONTROL_PROTOCOL_VERSION,
  CONTROL_TOKEN_HEADER,
  CONTROL_WIRE_RULES,
} from '@vendor-api/spec';
import { didYouMean, UsageError } from '@vendor-api/spec/cli';
import { capabilityRows } from '../capability-table.js';
import { allCases } from '../cases/index.js';
import { missingNeeds } from '../needs.js';
import type { Command, Values } from './common.js';

const INIT_HELP = `Usage: vendor-conformance init [--kind control|adapter] [--out FILE] [--force]

Writes a starter for running the suite against your server:
  --kind control    (default) conformance-control.md: the conformance control API endpoints to
                    implement in your server (any language), by capability, with the cases and
                    requirements each capability unlocks
  --kind adapter    conformance-adapter.mjs: a JavaScript adapter module with a stub for every
                    method, by capability
  --out FILE        where to write it (default: the file named above, in this folder)
  --force           overwrite the file when it exists

Exit codes: 0 written, 2 usage error (an unknown kind, an existing file without --force).`;

const KINDS = { control: 'conformance-control.md', adapter: 'conformance-adapter.mjs' } as const;

async function commandInit(values: Values): Promise<number> {
  const kind = values.kind ?? 'control';
  if (!Object.hasOwn(KINDS, kind))
    throw new UsageError(
      `--kind takes ${Object.keys(KINDS).join(' or ')}; got ${JSON.stringify(kind)}${didYouMean(kind, Object.keys(KINDS))}`,
    );
  const out = resolve(values.out ?? KINDS[kind as keyof typeof KINDS]);
  if (values.force !== true && (await exists(out)))
    throw new UsageError(`${out} exists; --force overwrites it`);
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, kind === 'control' ? controlStarter() : adapterStarter());
  console.log(`wrote ${out}`);
  console.log(
    kind === 'control'
      ? 'next: implement GET /capabilities and the endpoints of the capabilities you offer, then run\n  npx vendor-conformance run --control-url http://127.0.0.1:PORT/PREFIX --control-token TOKEN'
      : 'next: fill in the methods of the capabilities you offer, declare them, then run\n  npx vendor-conformance run --base-url URL --admin-key … --workspace-key … --workspace-id … --organization-id … --adapter ./conformance-adapter.mjs',
  );
  return 0;
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/** The checklist of control endpoints, by capability. */
export function controlStarter(): string {
  const rows = capabilityRows(allCases);
  const none = rows.find((r) => r.capability === null);
  // Cases that run with keys only once the run is given another tenant's keys too.
  const withTenantKeys = allCases.filter(
    (c) =>
      missingNeeds(c.needs, () => false).length > 0 && missingNeeds(c.needs, () => false, true).length === 0,
  ).length;
  const lines = [
    '# Conformance control API: what to implement',
    '',
    `Written by \`vendor-conformance init\`. The protocol is \`${CONTROL_PROTOCOL}\` version ${CONTROL_PROTOCOL_VERSION}; its`,
    'OpenAPI document is `control.openapi.json` of `@vendor-api/openapi`',
    '(`node_modules/@vendor-api/openapi/control.openapi.json`), with every body and answer.',
    '',
    '- Mount it under any prefix, only in test environments, answering only on loopback.',
    `- Every call carries the token your server prints at start in the \`${CONTROL_TOKEN_HEADER}\` header; answer 401 without it.`,
    '- Bodies are JSON objects; ignore unknown fields. A refusal is a non-2xx answer with the API error body.',
    '- Offer a capability in `GET /capabilities` only once its endpoints work: a case that needs a capability',
    '  you do not offer is reported as skipped, with the reason, never as passed.',
    '',
    'Run the suite:',
    '',
    '```sh',
    'npx vendor-conformance run --control-url http://127.0.0.1:PORT/PREFIX --control-token TOKEN',
    '```',
    '',
    `With a base URL and keys only, ${none?.cases.length ?? 0} of ${allCases.length} cases run${
      withTenantKeys
        ? `; ${withTenantKeys} more with another tenant's keys (--other-admin-key, --other-workspace-id, --other-workspace-key)`
        : ''
    }.`,
    '',
    '## Types on the wire',
    '',
    ...CONTROL_WIRE_RULES.map((r) => `- **${r.topic}**: ${r.rule}`),
    '',
    '## Always',
    '',
    ...CONTROL_ENDPOINTS.filter((e) => e.capabilities.length === 0).map(
      (e) => `- [ ] \`${e.method} ${e.path}\`: ${e.summary}. ${e.description}`,
    ),
    '',
  ];
  const order = rows
    .filter((r) => r.capability !== null && r.endpoints.length > 0)
    .sort((a, b) => b.cases.length - a.cases.length);
  for (const r of order) {
    lines.push(
      `## \`${r.capability}\`: unlocks ${r.cases.length} case${r.cases.length === 1 ? '' : 's'}${r.observing.length ? ` and more observation in ${r.observing.length}` : ''}, ${r.requirements} requirement${r.requirements === 1 ? '' : 's'}`,
      '',
      r.description,
      '',
      ...CONTROL_ENDPOINTS.filter((e) => (e.capabilities as readonly string[]).includes(r.capability!)).map(
        (e) => `- [ ] \`${e.method} ${e.path}\`: ${e.summary}`,
      ),
      '',
    );
    if (r.cases.length) lines.push(`Cases: ${r.cases.map((c) => `\`${c}\``).join(', ')}`, '');
    if (r.observing.length)
      lines.push(
        `Observed through it (credited only when offered): ${r.observing.map((c) => `\`${c}\``).join(', ')}`,
        '',
      );
  }
  const declared = rows.filter(
    (r) => r.capability !== null && r.endpoints.length === 0 && (r.cases.length || r.observing.length),
  );
  if (declared.length) {
    lines.push('## Without an endpoint', '');
    for (const r of declared)
      lines.push(
        `- \`${r.capability}\`: ${r.description} (${r.cases.length} cases${r.observing.length ? `, more observation in ${r.observing.length}` : ''})`,
      );
    lines.push('');
  }
  return `${lines.join('\n')}`;
}

/** A JavaScript adapter module with a stub for every method, by capability. */
export function adapterStarter(): string {
  const rows = capabilityRows(allCases).filter((r) => r.capability !== null && r.methods.length > 0);
  const seen = new Set<string>();
  const blocks: string[] = [];
  for (const r of rows.sort((a, b) => b.cases.length - a.cases.length)) {
    const methods = r.methods.filter((m) => !seen.has(m));
    for (const m of methods) seen.add(m);
    if (!methods.length) continue;
    blocks.push(
      `    // ${r.capability}: ${r.description} (unlocks ${r.cases.length} cases)`,
      ...methods.map(
        (m) => `    async ${m}(...args) {\n      throw new Error('${m}: not implemented');\n    },`,
      ),
      '',
    );
  }
  return `// A conformance adapter module, written by \`vendor-conformance init --kind adapter\`.
// The suite calls it for what the documented API cannot do. Declare a capability in
// \`capabilities\` only once its methods work: a case that needs a capability the adapter does
// not declare is reported as skipped, never as passed. The types of every method are the
// \`Adapter\` interface of @vendor-api/conformance.
//
// Prefer no JavaScript at all? Expose the conformance control API in your server instead
// (\`vendor-conformance init --kind control\`) and run the suite with --control-url.

/** @param {import('@vendor-api/conformance').Target} target */
export default function createAdapter(target) {
  return {
    name: 'my-server',
    /** @type {Set<import('@vendor-api/conformance').Capability>} */
    capabilities: new Set([]),

${blocks.join('\n')}  };
}
`;
}

export const init: Command = {
  synopsis: 'init',
  summary: ['write a starter: the control endpoints to implement, or an adapter module'],
  help: INIT_HELP,
  options: ['out', 'kind', 'force'],
  run: commandInit,
};

/**
 * What each capability unlocks: its control endpoints (the protocol table of the spec), its
 * adapter methods, the cases that need it and the requirements those cases check. Computed from
 * the code; `conformance/README.md` holds it between markers and a test keeps the two equal
 * (`pnpm conformance:readme` rewrites the block).
 */
import { CONTROL_ENDPOINTS, DECLARED_CAPABILITIES } from '@vendor-api/spec';
import { ADAPTER_METHODS } from './adapter.js';
import { CAPABILITIES, type Capability, OPT_IN_CAPABILITIES } from './capabilities.js';
import type { CaseDefinition } from './case.js';
import { type CapabilityNeed, requiredCapabilities } from './needs.js';

export interface CapabilityRow {
  readonly capability: Capability | null;
  readonly description: string;
  /** `METHOD /path` of each control endpoint serving it. */
  readonly endpoints: readonly string[];
  readonly methods: readonly string[];
  /**
   * Cases that cannot run without it (for `null`: cases that need no capability at all); a case
   * that uses it when offered and otherwise runs on the wall clock is not counted.
   */
  readonly cases: readonly string[];
  /**
   * Cases that run without it but observe some of their requirements only through it
   * (`observedWith`): without it those requirements are not credited.
   */
  readonly observing: readonly string[];
  /** Requirements it unlocks: those cited by the cases that need it, and those observed through it. */
  readonly requirements: number;
}

export function capabilityRows(cases: readonly CaseDefinition[]): CapabilityRow[] {
  /** The requirements a case cites and observes only through the capability. */
  const observes = (c: CaseDefinition, capability: Capability | null): readonly string[] =>
    (c.needs ?? [])
      .flatMap((n) =>
        typeof n !== 'string' && n.capability === capability ? ((n as CapabilityNeed).observes ?? []) : [],
      )
      .filter((id) => c.requirements.includes(id));
  const row = (capability: Capability | null, needing: readonly CaseDefinition[]): CapabilityRow => ({
    capability,
    description: capability ? CAPABILITIES[capability] : 'the documented API with a base URL and keys only',
    endpoints: capability
      ? CONTROL_ENDPOINTS.filter((e) => (e.capabilities as readonly string[]).includes(capability)).map(
          (e) => `${e.method} ${e.path}`,
        )
      : [],
    methods: capability ? [...ADAPTER_METHODS[capability]] : [],
    cases: needing.map((c) => c.id).sort(),
    observing: cases
      .filter((c) => observes(c, capability).length > 0)
      .map((c) => c.id)
      .sort(),
    requirements: new Set([
      ...needing.flatMap((c) => c.requirements),
      ...cases.flatMap((c) => observes(c, capability)),
    ]).size,
  });
  return [
    row(
      null,
      cases.filter((c) => requiredCapabilities(c.needs).length === 0),
    ),
    ...(Object.keys(CAPABILITIES) as Capability[]).map((capability) =>
      row(
        capability,
        cases.filter((c) => requiredCapabilities(c.needs).includes(capability)),
      ),
    ),
  ];
}

const cell = (items: readonly string[]) => (items.length ? items.map((i) => `\`${i}\``).join('<br>') : '—');

/** The table as Markdown. */
export function capabilityTable(cases: readonly CaseDefinition[]): string {
  const rows = capabilityRows(cases);
  const lines = [
    '| capability | control endpoints | adapter methods | cases (+ observing more) | requirements unlocked |',
    '| --- | --- | --- | ---: | ---: |',
  ];
  for (const r of rows) {
    const note = !r.capability
      ? ''
      : OPT_IN_CAPABILITIES.includes(r.capability)
        ? ' (opt-in of the run: `--opt-in`)'
        : DECLARED_CAPABILITIES.includes(r.capability)
          ? ' (a statement: offered in discovery, no endpoint)'
          : '';
    lines.push(
      `| ${r.capability ? `\`${r.capability}\`: ${r.description}${note}` : `(none): ${r.description}`} | ${cell(r.endpoints)} | ${cell(r.methods)} | ${r.cases.length}${r.observing.length ? ` (+${r.observing.length})` : ''} | ${r.requirements} |`,
    );
  }
  return lines.join('\n');
}

export const TABLE_START =
  '<!-- capability table: generated from the spec and the cases; run pnpm conformance:readme -->';
export const TABLE_END = '<!-- end of capability table -->';

/** A README with its capability table replaced by the current one (it must hold the markers). */
export function withCapabilityTable(readme: string, cases: readonly CaseDefinition[]): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error('the README has no capability-table markers');
  return `${readme.slice(0, start + TABLE_START.length)}\n\n${capabilityTable(cases)}\n\n${readme.slice(end)}`;
}

/**
 * From a classification to semver bumps, and changesets in and out.
 *
 * breaking -> major, compatible -> minor, internal -> patch, nothing -> none. While a package is
 * 0.x, semver gives no compatibility promise and the convention is to carry breaking changes in
 * the minor: breaking -> minor (the report says so). The contract packages move in lockstep
 * (changesets `fixed`): each gets the largest bump of the group.
 */
import parse from '@changesets/parse';
import type { Severity } from './rules.js';

export type Bump = 'none' | 'patch' | 'minor' | 'major';
export const BUMP_ORDER: readonly Bump[] = ['none', 'patch', 'minor', 'major'];

/** The contract packages: versioned together. */
export const CONTRACT_PACKAGES = [
  '@vendor-api/spec',
  '@vendor-api/openapi',
  '@vendor-api/validators',
  '@vendor-api/client',
] as const;

export const maxBump = (...bumps: Bump[]): Bump =>
  bumps.reduce<Bump>((m, b) => (BUMP_ORDER.indexOf(b) > BUMP_ORDER.indexOf(m) ? b : m), 'none');

export interface BumpProposal {
  readonly bump: Bump;
  /** Set when the 0.x convention lowered the bump (`major` mapped to `minor`). */
  readonly note?: string;
}

export function bumpFor(highest: Severity | 'none', currentVersion: string): BumpProposal {
  const raw: Bump =
    highest === 'breaking'
      ? 'major'
      : highest === 'compatible'
        ? 'minor'
        : highest === 'internal'
          ? 'patch'
          : 'none';
  if (raw === 'major' && currentVersion.startsWith('0.')) {
    return {
      bump: 'minor',
      note: `breaking change while ${currentVersion} (0.x): minor per semver's 0.x convention (1.0.0 is a deliberate decision)`,
    };
  }
  return { bump: raw };
}

/**
 * The packages and bumps of a changeset file, read by the changesets parser (its YAML front
 * matter: quoted or bare names and bump types alike). Throws for a file that parser refuses.
 */
export function parseChangeset(text: string): Map<string, Bump> {
  const out = new Map<string, Bump>();
  for (const release of parse(text).releases)
    out.set(release.name, maxBump(out.get(release.name) ?? 'none', release.type));
  return out;
}

export function formatChangeset(bumps: ReadonlyMap<string, Bump>, summary: string): string {
  const lines = [...bumps].filter(([, b]) => b !== 'none').map(([p, b]) => `"${p}": ${b}`);
  return `---\n${lines.join('\n')}\n---\n\n${summary.trim()}\n`;
}

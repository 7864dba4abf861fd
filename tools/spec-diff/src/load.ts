/** The two sides of a comparison: the spec at a git ref and the spec of the working tree. */
import { join } from 'node:path';
import * as specModule from '@vendor-api/spec';
import { diffSnapshots, type Report } from './diff.js';
import { repoRoot, snapshotAtRef } from './git.js';
import { type Snapshot, takeSnapshot } from './snapshot.js';

const workingTreeSnapshot = (): Snapshot =>
  takeSnapshot(specModule as unknown as Record<string, unknown>, join(repoRoot, 'spec'));

export function diffAgainst(base: string): Report {
  return diffSnapshots(snapshotAtRef(base), workingTreeSnapshot());
}

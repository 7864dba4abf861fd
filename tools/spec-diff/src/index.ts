export { type Change, diffSnapshots, type Report, RULE_DATA_DIRECTIONS } from './diff.js';
export {
  changesetSummary,
  formatReport,
  makePlan,
  type Plan,
  planJson,
  publishedPackages,
  workspacePackages,
} from './plan.js';
export {
  classify,
  type Direction,
  type Level,
  RULES,
  type Rule,
  type RuleId,
  type Severity,
} from './rules.js';
export { type Bump, bumpFor, CONTRACT_PACKAGES, formatChangeset, maxBump, parseChangeset } from './semver.js';
export { cloneSnapshot, normalizeSource, type Snapshot, takeSnapshot } from './snapshot.js';

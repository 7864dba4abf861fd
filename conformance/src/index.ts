/**
 * @vendor-api/conformance: the conformance suite of the vendor API, as a library (the CLI is
 * `vendor-conformance`).
 */
export type {
  Adapter,
  BatchDrive,
  DreamDrive,
  IssuerFixture,
  RuleFixture,
  Target,
  Workspace,
} from './adapter.js';
export { ADAPTER_METHODS } from './adapter.js';
export {
  ControlError,
  connectControl,
  controlAdapter,
  type Discovered,
  discover,
} from './adapters/control.js';
export {
  connectReference,
  REFERENCE_CAPABILITIES,
  referenceAdapter,
  referenceControlUrl,
} from './adapters/reference.js';
export { CAPABILITIES, type Capability } from './capabilities.js';
export { capabilityRows, capabilityTable } from './capability-table.js';
export { CaseContext, type CaseDefinition, defineCase } from './case.js';
export { allCases } from './cases/index.js';
export { main, VERSION } from './cli.js';
export { CLIENT_NOT_OBSERVABLE, clientCases, FIXTURES as CLIENT_FIXTURES } from './client/cases.js';
export type { WireBreak } from './client/judge.js';
export type {
  Call as ClientCall,
  CallsFile,
  ClientCase,
  ClientOptionsData,
  ErrorKind as ClientErrorKind,
  OutcomeLine,
  ServerProfile,
} from './client/protocol.js';
export {
  CALLS_FILE_VARIABLE,
  CLIENT_PROTOCOL,
  ERROR_KINDS as CLIENT_ERROR_KINDS,
  SERVER_PROFILES,
} from './client/protocol.js';
export { publishedClientCases } from './client/published.js';
export {
  type ClientCaseResult,
  type ClientRunOptions,
  ClientServers,
  foldWireRules,
  runClientCases,
  wireRuleLines,
} from './client/run.js';
export {
  CLIENT_ALTERNATIVES,
  CLIENT_FAULTS,
  runClientAlternatives,
  runClientFaults,
} from './client/seeded.js';
export { coverage, unknownCitations } from './coverage.js';
export { startEmbedded } from './embedded.js';
export { runMutants } from './mutants.js';
export { loadTrace, replay } from './replay.js';
export { type Coverage, runCoverage, type Verdict, verdictLine } from './report/console.js';
export { type JsonReport, type JsonReportMeta, jsonReport, jsonReportSchema } from './report/json.js';
export { junitXml } from './report/junit.js';
export { type ReportTotals, reportTotals } from './report/totals.js';
export { type CaseResult, conformant, runCases, selectCases } from './runner.js';
export type { Trace } from './trace.js';

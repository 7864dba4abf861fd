/**
 * Versioning: the `/v1` path prefix, the version header and the beta identifiers of the beta
 * header (document 000 "Versioning", document 001 "Versioning").
 *
 * The version header's name and value come from `Vendor` (`v.headers.version`, `v.apiVersion`);
 * the beta header's name from `v.headers.beta`. Parsing and checking live in `rules/access.ts`.
 */
import { type Static, Type } from '@sinclair/typebox';

/** Every path of the API starts with this prefix (VERSION-PATH-V1). */
export const API_PATH_PREFIX = '/v1';

/**
 * The beta identifiers the documents allow in the beta header, in document order; the last one
 * is the identifier the dreams interface adds (BETA-IDENTIFIERS-ALLOWED, BETA-DREAMING-IDENTIFIER).
 */
export const BETA_IDENTIFIERS = [
  'message-batches-2024-09-24',
  'prompt-caching-2024-07-31',
  'computer-use-2024-10-22',
  'computer-use-2025-01-24',
  'pdfs-2024-09-25',
  'token-counting-2024-11-01',
  'token-efficient-tools-2025-02-19',
  'output-128k-2025-02-19',
  'files-api-2025-04-14',
  'mcp-client-2025-04-04',
  'mcp-client-2025-11-20',
  'dev-full-thinking-2025-05-14',
  'interleaved-thinking-2025-05-14',
  'code-execution-2025-05-22',
  'extended-cache-ttl-2025-04-11',
  'context-1m-2025-08-07',
  'context-management-2025-06-27',
  'model-context-window-exceeded-2025-08-26',
  'skills-2025-10-02',
  'fast-mode-2026-02-01',
  'output-300k-2026-03-24',
  'user-profiles-2026-03-24',
  'advisor-tool-2026-03-01',
  'managed-agents-2026-04-01',
  'cache-diagnosis-2026-04-07',
  'dreaming-2026-04-21',
] as const;
export type BetaIdentifierValue = (typeof BETA_IDENTIFIERS)[number];

/** The beta the session-resource endpoints require (BETA-SESSION-RESOURCES-MANAGED-AGENTS). */
export const SESSION_RESOURCE_BETAS = [
  'managed-agents-2026-04-01',
] as const satisfies readonly BetaIdentifierValue[];

/** The two betas every dreams endpoint requires, sent comma-separated (BETA-DREAMS-BOTH). */
export const DREAM_BETAS = [
  'managed-agents-2026-04-01',
  'dreaming-2026-04-21',
] as const satisfies readonly BetaIdentifierValue[];

/** One beta identifier of the beta header. */
export const BetaIdentifier = Type.Union(
  BETA_IDENTIFIERS.map((id) => Type.Literal(id)),
  {
    $id: 'BetaIdentifier',
    description:
      'A beta identifier allowed in the comma-separated beta header. Case, whitespace, empty items and ' +
      'duplicates in the header: not stated (UNSPEC-BETA-SYNTAX); unknown identifiers: UNSPEC-BETA-UNKNOWN.',
    'x-requirements': ['BETA-IDENTIFIERS-ALLOWED', 'BETA-DREAMING-IDENTIFIER'],
  },
);
export type BetaIdentifier = Static<typeof BetaIdentifier>;

/**
 * The resource families the operations are grouped in (the OpenAPI tags): a short title each, and
 * what the family does in the documents' own words ("What the service does"; the usage report has
 * no such line, so its endpoint heading says it).
 */
import type { OperationFamily } from './index.js';
import type { SourceDocument } from './types.js';

export interface Family {
  /** Short title, for sidebars and SDK groupings ("Message batches"). */
  readonly title: string;
  /** What the family does, as the documents say it. */
  readonly description: string;
  readonly doc: SourceDocument;
}

/** Every family of the endpoint table, in the order the documents present them. */
export const FAMILIES = {
  federation: {
    title: 'Identity federation',
    description:
      'Workload identity federation: a workload presents a JWT issued by an external OpenID Connect identity provider. The service verifies it against a registered issuer and a federation rule, then returns a short-lived access token that acts as a service account and is scoped to one workspace.',
    doc: 'federation',
  },
  'rate-limits': {
    title: 'Rate limits',
    description:
      'A read-only rate-limits interface returns the limits configured for the organization and the overrides configured for a workspace.',
    doc: 'federation',
  },
  workspaces: {
    title: 'Workspaces',
    description:
      'Workspaces divide API usage inside an organization. Each workspace has its own members, API keys, spend limits and rate-limit overrides.',
    doc: 'federation',
  },
  usage: {
    title: 'Usage',
    description: 'The usage report of messages (admin credential).',
    doc: 'federation',
  },
  messages: {
    title: 'Messages',
    description:
      'Creates model messages from a list of conversation turns. Counts the input tokens a message request would use, without creating a message.',
    doc: 'messages',
  },
  'message-batches': {
    title: 'Message batches',
    description:
      'Processes large numbers of message requests asynchronously as a batch at half the standard price, then serves the results as a stream of JSON lines.',
    doc: 'messages',
  },
  sessions: {
    title: 'Session resources',
    description:
      'Manages the resources mounted into an agent session: uploaded files, code repositories and memory stores.',
    doc: 'messages',
  },
  dreams: {
    title: 'Dreams',
    description:
      'Runs dreams: asynchronous jobs that read one memory store and up to 100 past sessions and write a new, reorganized memory store, never modifying the input store.',
    doc: 'messages',
  },
} as const satisfies { readonly [F in OperationFamily]: Family };

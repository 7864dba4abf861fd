/**
 * What a case may need beyond the documented API. An adapter declares the capabilities it has;
 * a case that needs one it lacks is reported as skipped, with the reason, never as passed.
 */
export const CAPABILITIES = {
  clock: 'advance the server clock (expiry, retention, skew, token lifetime)',
  workspaces: 'create a workspace with its own workspace API key (isolation, scoping)',
  users: 'create organization users with an organization role',
  issuers: 'register federation issuers (inline key sets at least)',
  'federation-rules': 'create, archive and enable federation rules for one or more workspaces',
  'service-accounts': 'create service accounts and add them to workspaces',
  files: 'upload files into a workspace',
  'memory-stores': 'create, archive and delete memory stores',
  sessions: 'create, archive and delete sessions (dream inputs, session resources)',
  'session-repositories':
    'attach a git_host_repository resource to a session (its add-resource body is not shown)',
  'drive-dreams': 'drive a dream pipeline: start, progress, succeed, fail with an error type',
  'drive-batches': 'drive batch processing: process requests, succeed or error them',
  faults: 'switch seeded faults on and off (the reference server only; for the mutation score)',
} as const;

export type Capability = keyof typeof CAPABILITIES;

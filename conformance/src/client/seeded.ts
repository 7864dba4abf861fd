/**
 * The client kit's own two numbers. Seeded client faults, each breaking one client requirement,
 * applied to the project's client through its driver (`drivers/seeded.mjs`, `CLIENT_FAULT`): the
 * client cases must fail every one (sensitivity). Legal client alternatives, each a behaviour the
 * documents allow that the project's client does not have (`CLIENT_ALTERNATIVE`): the cases must
 * pass every one (specificity). The reference server's legal alternatives are the cases' second
 * server profile.
 */
import { fileURLToPath } from 'node:url';
import type { CaseResult } from '../runner.js';
import { SERVER_PROFILES } from './protocol.js';
import { ClientServers, runClientCases } from './run.js';

export interface ClientFault {
  readonly name: string;
  /** The requirement ids the fault breaks. */
  readonly breaks: readonly string[];
  /** The client cases that must fail under the fault (case ids; both server profiles run). */
  readonly killedBy: readonly string[];
  readonly description: string;
}

export interface ClientAlternative {
  readonly name: string;
  readonly description: string;
  /** Why the documents allow it. */
  readonly legalBecause: string;
}

export const CLIENT_FAULTS: readonly ClientFault[] = [
  {
    name: 'env-key-not-shadowing-federation',
    breaks: ['CRED-ENV-SHADOWS-FEDERATION'],
    killedBy: ['credentials.env-key-shadows-federation', 'credentials.env-auth-token-shadows-federation'],
    description:
      'The API-key and auth-token variables are ignored when the federation variables are complete.',
  },
  {
    name: 'named-profile-falls-through',
    breaks: ['CRED-NAMED-PROFILE-MISSING-ERROR'],
    killedBy: ['credentials.named-profile-missing-is-an-error'],
    description: 'A named profile that does not exist is skipped: resolution goes on to the later sources.',
  },
  {
    name: 'empty-variable-skipped',
    breaks: ['CRED-ENV-EMPTY-OCCUPIES-SLOT'],
    killedBy: ['credentials.empty-api-key-occupies-slot'],
    description: 'Variables set to the empty string are treated as unset.',
  },
  {
    name: 'profile-overridden-by-env',
    breaks: ['CRED-PROFILE-ENV-NEVER-OVERRIDES'],
    killedBy: ['profiles.env-never-overrides-profile'],
    description: "The workspace and organization variables override the profile's own fields.",
  },
  {
    name: 'identity-token-file-read-once',
    breaks: ['CRED-IDENTITY-TOKEN-FILE-REREAD'],
    killedBy: ['credentials.identity-token-file-reread'],
    description: 'The identity-token file is read once, when the client is built, and never again.',
  },
  {
    name: 'identity-token-file-missing-untyped',
    breaks: ['CRED-IDENTITY-TOKEN-FILE-MISSING'],
    killedBy: [
      'credentials.identity-token-file-missing-at-exchange',
      'credentials.identity-token-file-removed-before-exchange',
    ],
    description:
      'A missing identity-token file surfaces as a credentials error, not the file-not-found error.',
  },
  {
    name: 'expired-cached-token-sent',
    breaks: ['PROFILE-CREDENTIALS-FIELDS'],
    killedBy: ['profiles.expired-cached-token-not-sent'],
    description: "The profile's cached access token is sent whatever its `expires_at` says.",
  },
  {
    name: 'credentials-file-world-readable',
    breaks: ['PROFILE-CREDENTIALS-MODE-0600'],
    killedBy: ['profiles.credentials-file-0600'],
    description: "The profile's credentials file is left with mode 0644.",
  },
  {
    name: 'credentials-file-mode-kept-on-rewrite',
    breaks: ['PROFILE-CREDENTIALS-MODE-0600'],
    killedBy: ['profiles.credentials-file-rewritten-0600'],
    description: 'Rewriting an existing credentials file keeps its mode (0644 stays 0644).',
  },
  {
    name: 'credentials-file-misplaced',
    breaks: ['PROFILE-CREDENTIALS-PATH'],
    killedBy: ['profiles.credentials-file-0600', 'profiles.credentials-file-rewritten-0600'],
    description:
      'The cached token is written to `<config_dir>/credentials.json`, not `credentials/<name>.json`.',
  },
  {
    name: 'access-token-in-config-file',
    breaks: ['PROFILE-CREDENTIALS-PATH', 'PROFILE-CREDENTIALS-SECRET'],
    killedBy: ['profiles.credentials-file-0600', 'profiles.credentials-file-rewritten-0600'],
    description: "The cached token is also written into the profile's non-secret `configs/<name>.json`.",
  },
  {
    name: 'expires-at-far-future',
    breaks: ['PROFILE-CREDENTIALS-FIELDS'],
    killedBy: ['profiles.credentials-file-0600', 'profiles.credentials-file-rewritten-0600'],
    description:
      "The credentials file's `expires_at` is ten years away, whatever `expires_in` the exchange answered.",
  },
  {
    name: 'results-matched-by-position',
    breaks: ['BATCH-RESULT-MATCH-BY-CUSTOM-ID'],
    killedBy: ['batches.results-matched-by-custom-id'],
    description: 'Batch results are paired with the requests by position, not by `custom_id`.',
  },
  {
    name: 'polling-stops-at-running',
    breaks: ['DREAM-POLL-UNTIL-SETTLED'],
    killedBy: ['dreams.poll-until-settled'],
    description: 'Polling a dream stops once it is no longer `pending`.',
  },
  {
    name: 'dream-canceled-not-settled',
    breaks: ['DREAM-POLL-UNTIL-SETTLED'],
    killedBy: ['dreams.poll-until-canceled'],
    description: 'Polling a dream goes on until it is `completed` or `failed`: `canceled` is not settled.',
  },
  {
    name: 'dream-error-types-closed',
    breaks: ['DREAM-ERROR-TYPES-OPEN'],
    killedBy: ['dreams.unknown-error-type-accepted'],
    description: 'A dream error type outside the documented list is an error of the client.',
  },
  {
    name: 'first-page-only',
    breaks: ['RL-CLIENT-LOOP-NEXT-PAGE'],
    killedBy: ['rate-limits.loop-on-next-page'],
    description: 'The rate-limit list is read from its first page only, `next_page` ignored.',
  },
  {
    name: 'exchange-error-untyped',
    breaks: ['ERROR-EXCHANGE-TYPED-CLIENT', 'EXCH-ERROR-CLIENT-WRAP'],
    killedBy: ['credentials.exchange-error-typed'],
    description: 'A refused exchange surfaces as a plain API error, without the typed exchange error.',
  },
  {
    name: 'exchange-error-without-request-id',
    breaks: ['ERROR-EXCHANGE-TYPED-REQUEST-ID'],
    killedBy: ['credentials.exchange-error-typed'],
    description: 'The typed exchange error carries no `request_id`.',
  },
  {
    name: 'active-config-ignored',
    breaks: ['CONFIG-ACTIVE-PROFILE-FILE'],
    killedBy: ['credentials.active-config-names-the-profile'],
    description: '`active_config` is ignored: the active profile is always `default`.',
  },
  {
    name: 'config-dir-variable-ignored',
    breaks: ['CONFIG-DIR-ENV'],
    killedBy: ['profiles.config-dir-variable'],
    description: "The config-dir variable is ignored: the platform's directory is always used.",
  },
  {
    name: 'federation-env-over-named-profile',
    breaks: ['CRED-SOURCE-3-NAMED-PROFILE', 'CRED-ENV-PROFILE'],
    killedBy: ['credentials.named-profile-before-federation-env'],
    description: 'The federation variables win over the profile named by the profile variable.',
  },
  {
    name: 'workspace-variable-dropped',
    breaks: ['CRED-ENV-WORKSPACE-ID'],
    killedBy: ['credentials.workspace-id-env-sent', 'profiles.env-fills-omitted-fields'],
    description: 'The workspace variable is never sent with the exchange.',
  },
  {
    name: 'workspace-default-read-as-none',
    breaks: ['CRED-ENV-WORKSPACE-ID'],
    killedBy: ['credentials.workspace-id-env-default'],
    description: 'The workspace variable set to `default` is read as no workspace: the exchange omits it.',
  },
  {
    name: 'constructor-arguments-ignored',
    breaks: ['CRED-SOURCE-1-CONSTRUCTOR'],
    killedBy: ['credentials.constructor-key-first', 'credentials.constructor-federation-first'],
    description: 'Credentials passed to the constructor are ignored.',
  },
  {
    name: 'constructor-auth-token-ignored',
    breaks: ['CRED-SOURCE-1-CONSTRUCTOR'],
    killedBy: ['credentials.constructor-auth-token-first'],
    description:
      'An auth token passed to the constructor is ignored (the other constructor arguments are not).',
  },
  {
    name: 'empty-profile-variable-skipped',
    breaks: ['CRED-ENV-EMPTY-OCCUPIES-SLOT'],
    killedBy: ['credentials.empty-profile-variable-occupies-slot'],
    description: 'A profile variable set to the empty string is treated as unset.',
  },
  {
    name: 'federation-env-activates-from-rule-and-organization',
    breaks: ['CRED-FEDERATION-ENV-ACTIVATION'],
    killedBy: ['credentials.federation-env-rule-and-organization-only-not-active'],
    description:
      'The rule and organization variables turn the federation path on; the service account and identity token come from the active profile.',
  },
  {
    name: 'federation-env-activates-without-service-account',
    breaks: ['CRED-FEDERATION-ENV-ACTIVATION'],
    killedBy: ['credentials.federation-env-incomplete-not-active'],
    description: 'The federation variables take effect without the service-account variable.',
  },
  {
    name: 'version-header-missing',
    breaks: ['VERSION-HEADER-EVERY-REQUEST'],
    killedBy: ['credentials.constructor-key-first'],
    description: 'Requests are sent without the version header.',
  },
];

export const CLIENT_ALTERNATIVES: readonly ClientAlternative[] = [
  {
    name: 'credentials-cached-in-memory-only',
    description:
      "The exchanged token is cached in memory only; the profile's credentials file is never written.",
    legalBecause:
      'The documents say what the credentials file holds and its mode, not that a client must write it.',
  },
  {
    name: 'eager-exchange',
    description:
      'The client exchanges when it is built: a refused exchange or a missing identity-token file fails the construction.',
    legalBecause:
      'The documents say what a failed exchange surfaces as and that a missing file fails at exchange time, not when the exchange happens.',
  },
  {
    name: 'request-id-from-header-only',
    description:
      "The typed exchange error's `request_id` is read from the `request-id` response header only (null without it).",
    legalBecause:
      'The documents say the typed error exposes `request_id`, not where the answer carries it (UNSPEC-EXCH-REQUEST-ID-LOCATION).',
  },
  {
    name: 'resolution-errors-at-construction',
    description: 'Credential resolution runs when the client is built; its errors fail the construction.',
    legalBecause: 'The documents say a missing named profile is an error, not when it is raised.',
  },
  {
    name: 'new-client-per-call',
    description: 'Every call builds a new client: credentials are resolved and exchanged anew each time.',
    legalBecause: 'Caching an access token is not required; each exchange re-reads the identity token.',
  },
  {
    name: 'polling-with-backoff',
    description: 'A dream is polled with a doubling interval.',
    legalBecause: 'The documents say to poll until settled, not how often.',
  },
];

/** The driver carrying the faults and alternatives (next to this package's drivers). */
export const SEEDED_DRIVER = fileURLToPath(new URL('../../drivers/seeded.mjs', import.meta.url));

export interface ClientFaultResult {
  readonly fault: string;
  readonly killed: boolean;
  readonly killers: readonly string[];
}

export interface ClientAlternativeResult {
  readonly alternative: string;
  readonly passed: boolean;
  readonly failures: readonly CaseResult[];
}

const driver = () => `"${process.execPath}" "${SEEDED_DRIVER}"`;

export async function runClientFaults(names?: readonly string[]): Promise<ClientFaultResult[]> {
  const out: ClientFaultResult[] = [];
  // One judging server per profile for every fault's runs (each run in organizations of its own).
  const servers = new ClientServers();
  try {
    for (const f of CLIENT_FAULTS.filter((x) => !names || names.includes(x.name)))
      out.push(await runClientFault(f, servers));
  } finally {
    await servers.close();
  }
  return out;
}

async function runClientFault(f: ClientFault, servers: ClientServers): Promise<ClientFaultResult> {
  // Against the reference server's choices first; against every alternative only if it survived.
  let killers: string[] = [];
  for (const profile of SERVER_PROFILES) {
    const results = await runClientCases({
      driver: driver(),
      cases: f.killedBy,
      profiles: [profile],
      env: { CLIENT_FAULT: f.name },
      servers,
    });
    killers = results.filter((r) => r.outcome === 'failed').map((r) => r.id);
    if (killers.length) break;
  }
  console.log(
    `${killers.length ? 'killed  ' : 'SURVIVED'} ${f.name}${killers.length ? ` by ${killers.join(', ')}` : ''}`,
  );
  return { fault: f.name, killed: killers.length > 0, killers };
}

export async function runClientAlternatives(names?: readonly string[]): Promise<ClientAlternativeResult[]> {
  const out: ClientAlternativeResult[] = [];
  const servers = new ClientServers();
  try {
    for (const a of CLIENT_ALTERNATIVES.filter((x) => !names || names.includes(x.name))) {
      const results = await runClientCases({
        driver: driver(),
        env: { CLIENT_ALTERNATIVE: a.name },
        servers,
      });
      const failures = results.filter((r) => r.outcome !== 'passed');
      console.log(
        `${failures.length ? 'FAILED' : 'passed'} ${a.name}${failures.length ? `: ${failures.map((r) => r.id).join(', ')}` : ''}`,
      );
      out.push({ alternative: a.name, passed: failures.length === 0, failures });
    }
  } finally {
    await servers.close();
  }
  return out;
}

export function clientScoreLines(
  faults: readonly ClientFaultResult[],
  alternatives: readonly ClientAlternativeResult[],
): string {
  const pct = (n: number, d: number) => (d === 0 ? '100.0' : ((100 * n) / d).toFixed(1));
  const killed = faults.filter((f) => f.killed).length;
  const passed = alternatives.filter((a) => a.passed).length;
  const survivors = faults.filter((f) => !f.killed).map((f) => f.fault);
  const failed = alternatives.filter((a) => !a.passed).map((a) => a.alternative);
  return [
    `client sensitivity (client faults killed): ${killed} / ${faults.length} (${pct(killed, faults.length)} %)${survivors.length ? `\n  survived: ${survivors.join(', ')}` : ''}`,
    `client specificity (client alternatives passed): ${passed} / ${alternatives.length} (${pct(passed, alternatives.length)} %)${failed.length ? `\n  failed: ${failed.join(', ')}` : ''}`,
  ].join('\n');
}

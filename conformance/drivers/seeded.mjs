#!/usr/bin/env node
// The client driver (client.mjs) with one seeded fault (CLIENT_FAULT) or one legal alternative
// (CLIENT_ALTERNATIVE) of a client applied: how the client kit measures itself. A fault breaks one
// client requirement of the documents and the client cases must fail it; an alternative breaks
// none and they must pass it. The catalog (names, requirements, the cases that kill each fault)
// is conformance/src/client/seeded.ts; every name there is implemented here (a test checks).
import {
  chmodSync,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import {
  IdentityTokenFileNotFoundError,
  TokenExchangeError,
  UNSETTLED_DREAM_STATUSES,
  VendorClient,
} from '@vendor-api/client';
import { credentials, DREAM_ERROR_TYPES, vendor } from '@vendor-api/spec';
import { Agent } from 'undici';
import { clientOptions, drive, steps } from './client.mjs';

const e = vendor.env;
const configDir = (env) => {
  const dir = credentials.configDir({ env, platform: process.platform, homeDir: env.HOME }, vendor);
  return dir.ok ? dir.path : undefined;
};
/** The profile a client would load: the named one, else the active one (active_config, `default`). */
const profileName = (env) => {
  if (env[e.profile] !== undefined) return env[e.profile];
  const active = join(configDir(env) ?? '', 'active_config');
  return existsSync(active) ? readFileSync(active, 'utf8').trim() : 'default';
};
const profilePath = (env, kind) => join(configDir(env) ?? '', kind, `${profileName(env)}.json`);
const federationComplete = (env) =>
  [e.federationRuleId, e.organizationId, e.serviceAccountId].every((k) => env[k] !== undefined) &&
  (env[e.identityTokenFile] !== undefined || env[e.identityToken] !== undefined);
/** Replaces the client step: `change(plan, env)` runs first and may return constructor options. */
const before = (change) => ({
  client: async (plan, env) =>
    steps.client({ ...plan, options: (await change(plan, env)) ?? plan.options }, env),
});
const untypedExchangeError = (error) => {
  const kind = steps.error(error);
  return kind.kind === 'exchange' ? { kind: 'api', status: kind.status } : kind;
};
/** The profile credentials files the client left, by path. */
const credentialsFiles = () => {
  const dir = join(configDir({ ...process.env }) ?? '', 'credentials');
  return existsSync(dir) ? readdirSync(dir).map((f) => join(dir, f)) : [];
};
/** Modes of the credentials files that existed before the client ran (for a fault that keeps them). */
const modesBefore = new Map();
/** The active profile's federation block, when it has one. */
const activeProfile = (env) => {
  const path = profilePath(env, 'configs');
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
};

export const FAULTS = {
  'env-key-not-shadowing-federation': before((_plan, env) => {
    if (federationComplete(env)) for (const k of [e.apiKey, e.authToken]) delete env[k];
  }),
  'named-profile-falls-through': before((_plan, env) => {
    if (env[e.profile] !== undefined && !existsSync(profilePath(env, 'configs'))) delete env[e.profile];
  }),
  'empty-variable-skipped': before((_plan, env) => {
    for (const [k, value] of Object.entries(env)) if (value === '') delete env[k];
  }),
  'profile-overridden-by-env': before((_plan, env) => {
    const path = profilePath(env, 'configs');
    if (!existsSync(path)) return;
    const profile = JSON.parse(readFileSync(path, 'utf8'));
    if (env[e.workspaceId] !== undefined) profile.workspace_id = env[e.workspaceId];
    if (env[e.organizationId] !== undefined) profile.organization_id = env[e.organizationId];
    writeFileSync(path, JSON.stringify(profile));
  }),
  'identity-token-file-read-once': before((_plan, env) => {
    const file = env[e.identityTokenFile];
    if (file === undefined || !existsSync(file)) return;
    env[e.identityToken] = readFileSync(file, 'utf8').trim();
    delete env[e.identityTokenFile];
  }),
  'identity-token-file-missing-untyped': {
    error: (error) =>
      error instanceof IdentityTokenFileNotFoundError
        ? { kind: 'credentials', message: error.message }
        : steps.error(error),
  },
  'expired-cached-token-sent': before((plan, env) => {
    const path = profilePath(env, 'credentials');
    if (!existsSync(path)) return;
    const cached = JSON.parse(readFileSync(path, 'utf8'));
    return cached.access_token ? { ...plan.options, auth_token: cached.access_token } : undefined;
  }),
  'credentials-file-world-readable': {
    done: () => {
      for (const f of credentialsFiles()) chmodSync(f, 0o644);
    },
  },
  'credentials-file-mode-kept-on-rewrite': {
    client: (plan, env) => {
      for (const f of credentialsFiles()) modesBefore.set(f, statSync(f).mode & 0o777);
      return steps.client(plan, env);
    },
    done: () => {
      for (const f of credentialsFiles()) if (modesBefore.has(f)) chmodSync(f, modesBefore.get(f));
    },
  },
  'credentials-file-misplaced': {
    done: () => {
      for (const f of credentialsFiles()) renameSync(f, join(f, '..', '..', 'credentials.json'));
    },
  },
  'access-token-in-config-file': {
    done: () => {
      for (const f of credentialsFiles()) {
        const config = join(f, '..', '..', 'configs', f.split('/').pop());
        if (!existsSync(config)) continue;
        const { access_token } = JSON.parse(readFileSync(f, 'utf8'));
        writeFileSync(config, JSON.stringify({ ...JSON.parse(readFileSync(config, 'utf8')), access_token }));
      }
    },
  },
  'expires-at-far-future': {
    done: () => {
      const later = new Date(Date.now() + 10 * 365 * 86_400_000).toISOString();
      for (const f of credentialsFiles()) {
        const cached = JSON.parse(readFileSync(f, 'utf8'));
        writeFileSync(f, JSON.stringify({ ...cached, expires_at: later }), { mode: 0o600 });
      }
    },
  },
  'results-matched-by-position': {
    'messages.batches.results': async (client, call) => {
      const batch = await client.messages.batches.retrieve(call.batch_id);
      const lines = [];
      for await (const line of client.messages.batches.results(batch)) lines.push(line);
      return Object.fromEntries(call.custom_ids.map((id, i) => [id, lines[i]?.result.type ?? null]));
    },
  },
  'dream-canceled-not-settled': {
    'dreams.retrieve': async (client, call) => {
      // Polls until completed or failed, giving up after a bounded number of polls.
      for (let i = 0; i < 40; i++) {
        const dream = await client.dreams.retrieve(call.dream_id);
        if (dream.status === 'completed' || dream.status === 'failed') return { status: dream.status };
        await new Promise((resolve) => setTimeout(resolve, call.interval_ms));
      }
      throw new Error('the dream never settled');
    },
  },
  'polling-stops-at-running': {
    'dreams.retrieve': async (client, call) => {
      for (;;) {
        const dream = await client.dreams.retrieve(call.dream_id);
        if (dream.status !== 'pending') return { status: dream.status };
        await new Promise((resolve) => setTimeout(resolve, call.interval_ms));
      }
    },
  },
  'dream-error-types-closed': {
    'dreams.retrieve': async (client, call, plan) => {
      const settled = await steps['dreams.retrieve'](client, call, plan);
      const dream = await client.dreams.retrieve(call.dream_id);
      if (dream.error && !(dream.error.type in DREAM_ERROR_TYPES))
        throw new Error(`unknown dream error type ${dream.error.type}`);
      return settled;
    },
  },
  'first-page-only': {
    'organizations.rate_limits.list': async (client) => ({
      count: (await client.organizations.rateLimits.list()).data.length,
    }),
  },
  'exchange-error-untyped': { error: untypedExchangeError },
  'exchange-error-without-request-id': {
    error: (error) => {
      const kind = steps.error(error);
      return kind.kind === 'exchange' ? { ...kind, request_id: null } : kind;
    },
  },
  'active-config-ignored': before((_plan, env) => {
    rmSync(join(configDir(env) ?? '', 'active_config'), { force: true });
  }),
  'config-dir-variable-ignored': before((_plan, env) => {
    delete env[e.configDir];
  }),
  'federation-env-over-named-profile': before((_plan, env) => {
    if (federationComplete(env)) delete env[e.profile];
  }),
  'workspace-variable-dropped': before((_plan, env) => {
    delete env[e.workspaceId];
  }),
  'workspace-default-read-as-none': before((_plan, env) => {
    if (env[e.workspaceId] === 'default') delete env[e.workspaceId];
  }),
  'constructor-arguments-ignored': before(() => ({})),
  'constructor-auth-token-ignored': before((plan) => ({ ...plan.options, auth_token: undefined })),
  'empty-profile-variable-skipped': before((_plan, env) => {
    if (env[e.profile] === '') delete env[e.profile];
  }),
  'federation-env-activates-from-rule-and-organization': before((plan, env) => {
    // The rule and organization variables turn the federation path on; the rest from the profile.
    const profile = activeProfile(env);
    if (
      federationComplete(env) ||
      env[e.federationRuleId] === undefined ||
      env[e.organizationId] === undefined
    )
      return;
    const auth = profile?.authentication ?? {};
    return {
      ...plan.options,
      credentials: {
        type: 'oidc_federation',
        federation_rule_id: env[e.federationRuleId],
        organization_id: env[e.organizationId],
        service_account_id: env[e.serviceAccountId] ?? auth.service_account_id ?? '',
        ...(profile?.workspace_id ? { workspace_id: profile.workspace_id } : {}),
        identity_token_file: env[e.identityTokenFile] ?? auth.identity_token?.path ?? '',
      },
    };
  }),
  'federation-env-activates-without-service-account': before((plan, env) => {
    const token = env[e.identityTokenFile];
    if (federationComplete(env) || env[e.federationRuleId] === undefined || token === undefined) return;
    return {
      ...plan.options,
      credentials: {
        type: 'oidc_federation',
        federation_rule_id: env[e.federationRuleId],
        organization_id: env[e.organizationId] ?? '',
        service_account_id: env[e.serviceAccountId] ?? '',
        identity_token_file: token,
      },
    };
  }),
  'version-header-missing': {
    client: (plan, env) => {
      const name = vendor.headers.version;
      const strip = (dispatch) => (options, handler) => {
        const h = options.headers ?? {};
        const pairs = Array.isArray(h)
          ? h.flatMap((x, i) => (i % 2 ? [] : [[x, h[i + 1]]]))
          : Object.entries(h);
        const headers = Object.fromEntries(pairs.filter(([k]) => String(k).toLowerCase() !== name));
        return dispatch({ ...options, headers }, handler);
      };
      return new VendorClient({ ...clientOptions(plan, env), dispatcher: new Agent().compose(strip) });
    },
  },
};

export const ALTERNATIVES = {
  'credentials-cached-in-memory-only': {
    done: () => {
      const dir = join(configDir({ ...process.env }) ?? '', 'credentials');
      if (existsSync(dir)) for (const f of readdirSync(dir)) rmSync(join(dir, f), { force: true });
    },
  },
  'eager-exchange': {
    client: async (plan, env) => {
      const client = steps.client(plan, env);
      const c = client.auth.state.credential;
      if (c.kind === 'none' && c.reason) throw c.reason;
      if (c.kind === 'token_provider') await c.provider.getToken();
      return client;
    },
  },
  'request-id-from-header-only': {
    error: (error) =>
      error instanceof TokenExchangeError
        ? { ...steps.error(error), request_id: error.headers['request-id'] ?? null }
        : steps.error(error),
  },
  'resolution-errors-at-construction': {
    client: (plan, env) => {
      const client = steps.client(plan, env);
      const c = client.auth.state.credential;
      if (c.kind === 'none' && c.reason) throw c.reason;
      return client;
    },
  },
  'new-client-per-call': Object.fromEntries(
    ['messages.create', 'organizations.rate_limits.list', 'messages.batches.results', 'dreams.retrieve'].map(
      (op) => [op, (_client, call, plan) => steps[op](steps.client(plan, { ...process.env }), call, plan)],
    ),
  ),
  'polling-with-backoff': {
    'dreams.retrieve': async (client, call) => {
      let interval = call.interval_ms;
      for (;;) {
        const dream = await client.dreams.retrieve(call.dream_id);
        if (!UNSETTLED_DREAM_STATUSES.includes(dream.status)) return { status: dream.status };
        await new Promise((resolve) => setTimeout(resolve, interval));
        interval *= 2;
      }
    },
  },
};

const fault = process.env.CLIENT_FAULT;
const alternative = process.env.CLIENT_ALTERNATIVE;
const patch = fault ? FAULTS[fault] : alternative ? ALTERNATIVES[alternative] : {};
if (!patch) {
  process.stderr.write(`unknown ${fault ? `fault ${fault}` : `alternative ${alternative}`}\n`);
  process.exit(2);
}
await drive({ ...steps, ...patch });

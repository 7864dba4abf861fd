#!/usr/bin/env node
// The client driver (client.mjs) with one seeded fault (CLIENT_FAULT) or one legal alternative
// (CLIENT_ALTERNATIVE) of a client applied: how the client kit measures itself. A fault breaks one
// client requirement of the documents and the client cases must fail it; an alternative breaks
// none and they must pass it. The catalog (names, requirements, the cases that kill each fault)
// is conformance/src/client/seeded.ts; every name there is implemented here (a test checks).
import { chmodSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CredentialsError, UNSETTLED_DREAM_STATUSES, VendorClient } from '@vendor-api/client';
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
  'identity-token-file-checked-at-construction': before((_plan, env) => {
    const file = env[e.identityTokenFile];
    if (file !== undefined && !existsSync(file))
      throw new CredentialsError('identity_token_file_not_found', `${file} does not exist`);
  }),
  'expired-cached-token-sent': before((plan, env) => {
    const path = profilePath(env, 'credentials');
    if (!existsSync(path)) return;
    const cached = JSON.parse(readFileSync(path, 'utf8'));
    return cached.access_token ? { ...plan.options, auth_token: cached.access_token } : undefined;
  }),
  'credentials-file-world-readable': {
    done: () => {
      const dir = join(configDir({ ...process.env }) ?? '', 'credentials');
      if (existsSync(dir)) for (const f of readdirSync(dir)) chmodSync(join(dir, f), 0o644);
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
  'constructor-arguments-ignored': before(() => ({})),
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

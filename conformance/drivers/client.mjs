#!/usr/bin/env node
// Client conformance driver for @vendor-api/client (protocol vendor-client-conformance v1).
// Reads the calls file named by CLIENT_CONFORMANCE_CALLS, makes each call with the client and
// prints one JSON line per outcome: {"id", "ok": true, "result"} or {"id", "ok": false, "error"}.
// Run: vendor-conformance client --driver "node node_modules/@vendor-api/conformance/drivers/client.mjs"
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import {
  APIError,
  batchResults,
  CredentialsError,
  IdentityTokenFileNotFoundError,
  TokenExchangeError,
  VendorClient,
  waitForDream,
} from '@vendor-api/client';
import { defineVendor } from '@vendor-api/spec';

/** The client's options: the base URL, the vendor name, the constructor arguments and the environment. */
export const clientOptions = (plan, env) => ({
  baseURL: plan.base_url,
  vendor: defineVendor(plan.vendor ?? 'vendor'),
  env,
  maxRetries: 0,
  apiKey: plan.options.api_key,
  authToken: plan.options.auth_token,
  credentials: plan.options.credentials,
});

/** The steps a driver takes; a variant of the driver replaces some of them. */
export const steps = {
  client: (plan, env) => new VendorClient(clientOptions(plan, env)),
  'messages.create': async (client, call) => ({ id: (await client.messages.create(call.params)).id }),
  'organizations.rate_limits.list': async (client) => {
    let count = 0;
    for await (const _ of client.organizations.rateLimits.list()) count++;
    return { count };
  },
  'messages.batches.results': async (client, call) => {
    const batch = await client.messages.batches.retrieve(call.batch_id);
    const types = new Map();
    for await (const line of batchResults(client, batch)) types.set(line.custom_id, line.result.type);
    return Object.fromEntries(call.custom_ids.map((id) => [id, types.get(id) ?? null]));
  },
  'dreams.retrieve': async (client, call) => {
    const dream = await waitForDream(client, call.dream_id, { intervalMs: call.interval_ms });
    return { status: dream.status };
  },
  wait: (_client, call) =>
    new Promise((resolve) => setTimeout(() => resolve(undefined), call.seconds * 1000)),
  /** An error as the protocol's kinds. */
  error: (e) => {
    if (e instanceof IdentityTokenFileNotFoundError) return { kind: 'identity_token_file_not_found' };
    if (e instanceof CredentialsError) return { kind: 'credentials', message: e.message };
    if (e instanceof TokenExchangeError)
      return {
        kind: 'exchange',
        status: e.status,
        request_id: e.request_id ?? null,
        type: e.errorType ?? null,
      };
    if (e instanceof APIError) return { kind: 'api', status: e.status, type: e.errorType ?? null };
    return { kind: 'other', message: String(e?.message ?? e) };
  },
  /** After the last call (the client's files are judged once the driver exits). */
  done: async () => {},
};

export async function drive(s = steps) {
  const plan = JSON.parse(readFileSync(process.env.CLIENT_CONFORMANCE_CALLS, 'utf8'));
  const print = (line) => process.stdout.write(`${JSON.stringify(line)}\n`);
  let client;
  try {
    client = await s.client(plan, { ...process.env });
    print({ id: 'construct', ok: true });
  } catch (e) {
    print({ id: 'construct', ok: false, error: s.error(e) });
    return;
  }
  for (const call of plan.calls) {
    try {
      const result = await s[call.op](client, call, plan);
      print({ id: call.id, ok: true, ...(result === undefined ? {} : { result }) });
    } catch (e) {
      print({ id: call.id, ok: false, error: s.error(e) });
      break;
    }
  }
  await s.done(plan);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await drive();

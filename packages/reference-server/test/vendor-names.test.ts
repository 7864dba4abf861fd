/**
 * One vendor name everywhere: a server built for another name accepts that name's models and
 * refuses the published placeholder's where the documents name the models (dream creation), and
 * its messages name its own.
 */
import { defineVendor, escapeRegExp, vendor as published } from '@vendor-api/spec';
import { describe, expect, it } from 'vitest';
import { createServer, ManualClock, TEST_CONTROL_TOKEN_HEADER } from '../src/index.js';
import { DREAM_BETAS } from './helpers.js';

const v = defineVendor('acme');
const PLACEHOLDERS = new RegExp(
  [...published.models.all, ...Object.values(published.prefixes), ...Object.values(published.headers)]
    .map(escapeRegExp)
    .join('|'),
);

function acme() {
  const app = createServer({ vendor: v.name, seed: 'acme', clock: new ManualClock(), testControl: true });
  const call = async (url: string, body: unknown, betas?: string) => {
    const res = await app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json',
        [v.headers.version]: v.apiVersion,
        'x-api-key': app.reference.state.demo.workspaceKey,
        [TEST_CONTROL_TOKEN_HEADER]: app.reference.testControlToken ?? '',
        ...(betas === undefined ? {} : { [v.headers.beta]: betas }),
      },
      payload: JSON.stringify(body),
    });
    return { status: res.statusCode, json: res.json() as Record<string, unknown> };
  };
  return { app, call };
}

describe(`a server built for another vendor name (${v.name})`, () => {
  it("dream creation takes that vendor's models, refuses the placeholder's and names its own", async () => {
    const { call } = acme();
    const store = await call('/_test/memory_stores', { name: 'notes' });
    const session = await call('/_test/sessions', {});
    const body = (model: string) => ({
      model,
      inputs: [
        { type: 'memory_store', memory_store_id: store.json.id },
        { type: 'sessions', session_ids: [session.json.id] },
      ],
    });
    const refused = await call('/v1/dreams', body(published.models.opus), DREAM_BETAS);
    expect(refused.status).toBe(400);
    const message = String((refused.json.error as { message?: string } | undefined)?.message);
    expect(message).toContain(v.models.opus);
    // The only placeholder it names is the model that was sent.
    expect(message.replaceAll(JSON.stringify(published.models.opus), '')).not.toMatch(PLACEHOLDERS);
    const created = await call('/v1/dreams', body(v.models.opus), DREAM_BETAS);
    expect(created.status).toBe(200);
    expect(JSON.stringify(created.json)).toContain(JSON.stringify(v.models.opus));
  });

  it('messages take any model string and answer with the model sent, placeholder or not', async () => {
    const { call } = acme();
    for (const model of [v.models.sonnet, published.models.sonnet]) {
      const res = await call('/v1/messages', {
        model,
        max_tokens: 8,
        messages: [{ role: 'user', content: 'hi' }],
      });
      expect(res).toMatchObject({ status: 200, json: { model } });
    }
  });
});

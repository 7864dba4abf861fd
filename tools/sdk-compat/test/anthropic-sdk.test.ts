/**
 * A third-party client of this API family, from the npm registry (`@anthropic-ai/sdk`, pinned in
 * the catalog), against the sandbox started as a user starts it: `pnpm start -- --vendor
 * anthropic --port 0`, a separate process on 127.0.0.1, its key and base URL read from the banner.
 *
 * The SDK is configured only where it departs from what the documents require, as a user of the
 * sandbox would: it sends its own version value (the documents: every request carries the spec's
 * `apiVersion`), so `defaultHeaders` send the documented one; its dream calls omit the
 * `managed-agents` beta the documents require (BETA-DREAMS-BOTH), so they pass it. Everything else
 * is the SDK's own wire format, served by the sandbox's tolerance where the documents are silent
 * (the API key as `Authorization: Bearer`, UNSPEC-AUTH-KEY-AS-BEARER; fields, query parameters
 * and kinds the documents do not show; `resources` left out of session creation).
 *
 * `PENDING` lists calls the sandbox does not serve yet, with the reason: each must still be
 * refused with a 400, so the change that makes it pass has to take it off the list.
 */
import Anthropic from '@anthropic-ai/sdk';
import { createSpec, defineVendor, operation } from '@vendor-api/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { field, start, stopStarted } from '../../../packages/reference-server/test/processes.js';

const v = defineVendor('anthropic');
const model = v.models.sonnet;

/** Calls that wait on the sandbox's tolerance where the documents are silent, with the reason. */
const PENDING: Readonly<Record<string, string>> = {};

let client: Anthropic;

beforeAll(async () => {
  const banner = await start(['start', '--', '--vendor', v.name, '--port', '0']);
  const apiKey = field(banner, 'workspace key');
  client = new Anthropic({
    baseURL: field(banner, 'base URL'),
    // An explicit key: the SDK reads no variable and no profile of the machine.
    apiKey,
    maxRetries: 0,
    timeout: 30_000,
    defaultHeaders: { [v.headers.version]: v.apiVersion },
  });
}, 120_000);

// The whole process group: pnpm, tsx and the server under them.
afterAll(stopStarted);

const turn = [{ role: 'user' as const, content: 'Hello from a third-party client' }];
/** Every beta the documents require on dream calls (the SDK adds only its own). */
const DREAM_BETAS = [...operation(createSpec(v), 'dreams.list').betas];

const CALLS: Readonly<Record<string, () => Promise<void>>> = {
  'messages.stream: finalMessage of a streamed message': async () => {
    const stream = client.messages.stream({ model, max_tokens: 64, messages: turn });
    const deltas: string[] = [];
    stream.on('text', (text) => deltas.push(text));
    const message = await stream.finalMessage();
    expect(message).toMatchObject({ type: 'message', role: 'assistant', model, stop_reason: 'end_turn' });
    expect(message.id).toMatch(/^msg_/);
    const text = message.content.map((b) => (b.type === 'text' ? b.text : '')).join('');
    expect(text).toContain('Hello from a third-party client');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(text);
    expect(message.usage.output_tokens).toBeGreaterThan(0);
  },
  'messages.create with stream: true, read as raw events': async () => {
    const events = await client.messages.create({ model, max_tokens: 16, messages: turn, stream: true });
    const types: string[] = [];
    for await (const e of events) types.push(e.type);
    expect(types[0]).toBe('message_start');
    expect(types.at(-1)).toBe('message_stop');
  },
  'messages.create': async () => {
    const message = await client.messages.create({ model, max_tokens: 64, messages: turn });
    expect(message).toMatchObject({ type: 'message', stop_reason: 'end_turn' });
  },
  'messages.countTokens with the required parameters': async () => {
    const count = await client.messages.countTokens({ model, messages: turn });
    expect(count.input_tokens).toBeGreaterThan(0);
  },
  'messages.countTokens with every parameter': async () => {
    const count = await client.messages.countTokens({
      model,
      messages: turn,
      cache_control: { type: 'ephemeral', ttl: '5m' },
      system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }],
      thinking: { type: 'enabled', budget_tokens: 1024 },
      tool_choice: { type: 'auto', disable_parallel_tool_use: true },
      tools: [
        {
          type: 'custom',
          name: 'get_weather',
          description: 'The weather of a city',
          input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
          cache_control: { type: 'ephemeral' },
        },
      ],
    });
    expect(count.input_tokens).toBeGreaterThan(0);
  },
  'messages.create with a document block, cache_control on a text block, thinking disabled': async () => {
    const message = await client.messages.create({
      model,
      max_tokens: 64,
      thinking: { type: 'disabled' },
      messages: [
        {
          role: 'user',
          content: [
            {
              type: 'document',
              source: { type: 'text', media_type: 'text/plain', data: 'A page of notes.' },
            },
            { type: 'text', text: 'Summarise the notes.', cache_control: { type: 'ephemeral' } },
          ],
        },
      ],
    });
    expect(message.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('Summarise') });
    expect(message.usage.input_tokens).toBeGreaterThan(0);
  },
  'messages.countTokens with a tool without description and a server tool': async () => {
    const plain = await client.messages.countTokens({ model, messages: turn });
    const count = await client.messages.countTokens({
      model,
      messages: turn,
      tools: [
        { name: 'lookup', input_schema: { type: 'object', properties: { q: { type: 'string' } } } },
        { type: 'web_search_20250305', name: 'web_search' },
      ],
    });
    expect(count.input_tokens).toBeGreaterThan(plain.input_tokens);
  },
  'messages.batches.create with every parameter of an item; its result succeeds': async () => {
    const batch = await client.messages.batches.create({
      requests: [
        {
          custom_id: 'every-parameter',
          params: {
            model,
            max_tokens: 64,
            messages: [
              {
                role: 'user',
                content: [{ type: 'text', text: 'Hello', cache_control: { type: 'ephemeral' } }],
              },
            ],
            system: [{ type: 'text', text: 'Be brief.' }],
            metadata: { user_id: 'sdk-team' },
            stop_sequences: ['END'],
            tool_choice: { type: 'auto' },
            tools: [{ name: 'lookup', input_schema: { type: 'object', properties: {} } }],
          },
        },
      ],
    });
    expect(batch.id).toMatch(/^msgbatch_/);
    // The sandbox ends a batch a few seconds after creation (its banner says when).
    let again = await client.messages.batches.retrieve(batch.id);
    while (again.processing_status !== 'ended') {
      await new Promise((resolve) => setTimeout(resolve, 250));
      again = await client.messages.batches.retrieve(batch.id);
    }
    // The item is read as message creation reads it: served, not errored.
    expect(again.request_counts).toMatchObject({ succeeded: 1, errored: 0 });
    const results = [];
    for await (const line of await client.messages.batches.results(batch.id)) results.push(line);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ custom_id: 'every-parameter', result: { type: 'succeeded' } });
  },
  'messages.batches.retrieve of an id of another form: 404': async () => {
    const failure = await client.messages.batches.retrieve('not-a-batch-id').then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Anthropic.NotFoundError);
  },
  'messages.batches.list': async () => {
    const page = await client.messages.batches.list({ limit: 5 });
    expect(Array.isArray(page.data)).toBe(true);
  },
  'beta.messages.batches.list': async () => {
    const page = await client.beta.messages.batches.list({ limit: 5 });
    expect(Array.isArray(page.data)).toBe(true);
  },
  'beta.dreams.list': async () => {
    const page = await client.beta.dreams.list({ betas: DREAM_BETAS });
    expect(Array.isArray(page.data)).toBe(true);
  },
  'beta.sessions.create without resources': async () => {
    const session = await client.beta.sessions.create({
      agent: 'agent_sandbox',
      environment_id: 'env_sandbox',
    });
    expect(session.id).toEqual(expect.any(String));
  },
  'a list call with ?beta=true (earlier releases of the SDK add it)': async () => {
    const page = await client.get<{ data: unknown[] }>('/v1/messages/batches', {
      query: { beta: 'true' },
    });
    expect(Array.isArray(page.data)).toBe(true);
  },
};

describe(`@anthropic-ai/sdk against the sandbox (--vendor ${v.name})`, () => {
  for (const [name, call] of Object.entries(CALLS)) {
    const pending = PENDING[name];
    if (pending === undefined) it(name, call);
    else
      it(`${name} [pending: ${pending}]`, async () => {
        const failure = await call().then(
          () => null,
          (error: unknown) => error,
        );
        // The sandbox refuses it as an invalid request; once it passes, it leaves PENDING.
        expect(failure, 'the call passes now: take it off PENDING').toBeInstanceOf(Anthropic.BadRequestError);
        console.log(`${name}: ${(failure as Error).message}`);
      });
  }

  it('every pending call names a call of the table', () => {
    for (const name of Object.keys(PENDING)) expect(Object.keys(CALLS)).toContain(name);
  });
});

/**
 * The sandbox's tolerance where the documents are silent (`requestTolerance`, pipeline/tolerance.ts):
 * what real clients of the API family send is served by default, each strict variant refuses it
 * again, and what the documents require stays enforced either way.
 */
import { type VariantName, vendor } from '@vendor-api/spec';
import { describe, expect, it } from 'vitest';
import {
  DREAM_BETAS,
  errorOf,
  expectErrorBody,
  MODEL,
  postDream,
  SESSION_BETAS,
  sessionWithMemoryStore,
  setup,
} from './helpers.js';

type Server = ReturnType<typeof setup>;

const BATCHES = '/v1/messages/batches';
const COUNT = '/v1/messages/count_tokens';
const turn = [{ role: 'user', content: 'What is the weather in Paris?' }];
const strict = (variant: VariantName) => setup({ variants: [variant] });

const count = async (t: Server, body: Record<string, unknown>) => {
  const res = await t.call('POST', COUNT, { body: { model: MODEL, messages: turn, ...body } });
  expect(res.status, res.text).toBe(200);
  return Number(res.json?.input_tokens);
};

/** A token-counting body with every parameter a client of the family sends. */
const EVERY_PARAMETER = {
  cache_control: { type: 'ephemeral', ttl: '5m' },
  system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }],
  thinking: { type: 'enabled', budget_tokens: 1024 },
  tool_choice: { type: 'auto', disable_parallel_tool_use: true },
  tools: [
    {
      name: 'get_weather',
      input_schema: { type: 'object', properties: { city: { type: 'string' } } },
      cache_control: { type: 'ephemeral' },
    },
  ],
};

describe('unknown fields and query parameters are ignored (UNSPEC-REQUEST-UNKNOWN-FIELDS)', () => {
  it('list calls take ?beta=true; strict-unknown-fields refuses it', async () => {
    const t = setup();
    const { sessionId } = await sessionWithMemoryStore(t, 'notes');
    const lists: [string, string | undefined][] = [
      [`${BATCHES}?beta=true&limit=5`, undefined],
      ['/v1/dreams?beta=true', DREAM_BETAS],
      [`/v1/sessions/${sessionId}/resources?beta=true`, SESSION_BETAS],
    ];
    for (const [url, betas] of lists) {
      const res = await t.call('GET', url, betas === undefined ? {} : { betas });
      expect(res.status, `${url}: ${res.text}`).toBe(200);
    }
    const s = strict('strict-unknown-fields');
    expectErrorBody(await s.call('GET', `${BATCHES}?beta=true`), 400);
  });

  it('token counting takes every parameter a client sends; the unknown ones count nothing', async () => {
    const t = setup();
    const plain = await count(t, {});
    const every = await count(t, EVERY_PARAMETER);
    const known = await count(t, {
      system: 'Be brief.',
      tools: [{ name: 'get_weather', description: '', input_schema: EVERY_PARAMETER.tools[0]?.input_schema }],
      thinking: EVERY_PARAMETER.thinking,
    });
    expect(every).toBeGreaterThan(plain);
    expect(every).toBe(known);
    const refused = await strict('strict-unknown-fields').call('POST', COUNT, {
      body: { model: MODEL, messages: turn, tool_choice: { type: 'auto' } },
    });
    expectErrorBody(refused, 400);
    expect(errorOf(refused).message).toContain('tool_choice');
  });

  it('dream and session creation ignore fields the documents do not show', async () => {
    const t = setup();
    const { storeId, sessionId } = await sessionWithMemoryStore(t, 'notes');
    const dream = await postDream(t, storeId, [sessionId], { metadata: { team: 'sdk' } });
    expect(dream.status, dream.text).toBe(200);
    const session = await t.call('POST', '/v1/sessions', {
      betas: SESSION_BETAS,
      body: { agent: 'agent_1', environment_id: 'env_1', resources: [], title: 'a session' },
    });
    expect(session.status, session.text).toBe(200);
  });
});

describe('kinds the documents do not show are accepted and counted (UNSPEC-MSG-*-KINDS)', () => {
  const document = {
    type: 'document',
    source: { type: 'text', media_type: 'text/plain', data: 'A page of notes.' },
  };

  it('a document block counts as input, in token counting and at creation; strict-kinds refuses it', async () => {
    const t = setup();
    const withDocument = [{ role: 'user', content: [{ type: 'text', text: 'Summarise:' }, document] }];
    const without = [{ role: 'user', content: [{ type: 'text', text: 'Summarise:' }] }];
    const counted = await count(t, { messages: withDocument });
    expect(counted).toBeGreaterThan(await count(t, { messages: without }));
    const created = await t.call('POST', '/v1/messages', {
      body: { model: MODEL, max_tokens: 16, messages: withDocument },
    });
    expect(created.status, created.text).toBe(200);
    expect((created.json?.usage as { input_tokens?: number } | undefined)?.input_tokens).toBe(counted);
    expectErrorBody(
      await strict('strict-kinds').call('POST', COUNT, { body: { model: MODEL, messages: withDocument } }),
      400,
    );
  });

  it('a server tool, a typed custom tool, another thinking kind and an image url source are accepted', async () => {
    const t = setup();
    const plain = await count(t, {});
    const tools = [
      { type: 'web_search_20250305', name: 'web_search' },
      { type: 'custom', name: 'f', input_schema: { type: 'object', properties: {} } },
    ];
    expect(await count(t, { tools })).toBeGreaterThan(plain);
    expect(await count(t, { thinking: { type: 'adaptive' } })).toBe(plain);
    const image = { type: 'image', source: { type: 'url', url: 'https://example.com/cat.png' } };
    expect(
      await count(t, { messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }, image] }] }),
    ).toBeGreaterThan(
      await count(t, { messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] }),
    );
    const s = strict('strict-kinds');
    for (const body of [{ tools: [tools[0]] }, { thinking: { type: 'adaptive' } }]) {
      expectErrorBody(await s.call('POST', COUNT, { body: { model: MODEL, messages: turn, ...body } }), 400);
    }
  });

  it('a batch request is read as message creation is: its unknown fields ignored, its other kinds counted', async () => {
    const cached = { type: 'text', text: 'Summarise:', cache_control: { type: 'ephemeral' } };
    const withDocument = [{ role: 'user', content: [cached, document] }];
    const resultOf = async (t: Server, messages: unknown) => {
      // Parameters beside the shown ones stay open in every variant (UNSPEC-MSG-CREATE-OTHER-PARAMS).
      const params = { model: MODEL, max_tokens: 16, messages, tool_choice: { type: 'auto' } };
      const created = await t.call('POST', BATCHES, { body: { requests: [{ custom_id: 'a', params }] } });
      expect(created.status, created.text).toBe(200);
      await t.advance(60_000);
      const ended = await t.call('GET', `${BATCHES}/${String(created.json?.id)}`);
      const lines = await t.call('GET', new URL(String(ended.json?.results_url)).pathname);
      return JSON.parse(lines.text.trim()).result as {
        type: string;
        message?: { usage: { input_tokens: number } };
        error?: { error: { message: string } };
      };
    };
    const t = setup();
    const result = await resultOf(t, withDocument);
    expect(result.type).toBe('succeeded');
    // The same tokens as counting the message, the document block included.
    expect(result.message?.usage.input_tokens).toBe(await count(t, { messages: withDocument }));
    // Each strict alternative reads the request as invalid: it ends errored.
    const onlyCached = [{ role: 'user', content: [cached] }];
    const refused = await resultOf(strict('strict-unknown-fields'), onlyCached);
    expect(refused.type).toBe('errored');
    // The message names the item's field as the item does.
    expect(refused.error?.error.message).toMatch(/^params\.messages\b/);
    expect((await resultOf(strict('strict-kinds'), [{ role: 'user', content: [document] }])).type).toBe(
      'errored',
    );
  });

  it('a shown kind with a broken shape is still refused', async () => {
    const t = setup();
    for (const content of [[{ type: 'text', text: 7 }], [{ type: 'image', source: { type: 'base64' } }]]) {
      const res = await t.call('POST', COUNT, {
        body: { model: MODEL, messages: [{ role: 'user', content }] },
      });
      expectErrorBody(res, 400);
    }
  });
});

describe('fields the documents do not mark required may be left out', () => {
  it('message creation without max_tokens; a system of text blocks and a tool without description (strict-required-fields refuses each)', async () => {
    const t = setup();
    const s = strict('strict-required-fields');
    const calls: [string, Record<string, unknown>][] = [
      ['/v1/messages', { model: MODEL, messages: turn }],
      [COUNT, { model: MODEL, messages: turn, system: [{ type: 'text', text: 'Be brief.' }] }],
      [
        COUNT,
        {
          model: MODEL,
          messages: turn,
          tools: [{ name: 'f', input_schema: { type: 'object', properties: {} } }],
        },
      ],
    ];
    for (const [url, body] of calls) {
      const res = await t.call('POST', url, { body });
      expect(res.status, res.text).toBe(200);
      expectErrorBody(await s.call('POST', url, { body }), 400);
    }
    // The system blocks are read as their text: the reply and the count are those of the string.
    const joined = await count(t, { system: 'Be brief.' });
    expect(await count(t, { system: [{ type: 'text', text: 'Be brief.' }] })).toBe(joined);
  });

  it('session creation without resources attaches none (UNSPEC-SESS-CREATE-REQUIRED)', async () => {
    const body = { agent: 'agent_1', environment_id: 'env_1' };
    const res = await setup().call('POST', '/v1/sessions', { betas: SESSION_BETAS, body });
    expect(res.status, res.text).toBe(200);
    expectErrorBody(
      await strict('strict-required-fields').call('POST', '/v1/sessions', { betas: SESSION_BETAS, body }),
      400,
    );
  });

  it('what the documents require stays enforced', async () => {
    const t = setup();
    for (const body of [{ messages: turn }, { model: MODEL }, { model: MODEL, messages: 'hello' }]) {
      expectErrorBody(await t.call('POST', COUNT, { body }), 400);
    }
    expectErrorBody(
      await t.call('POST', '/v1/sessions', { betas: SESSION_BETAS, body: { agent: 'agent_1' } }),
      400,
    );
  });

  it('a kind outside a set the documents close is refused, not dropped (only x-open sets are pruned)', async () => {
    const t = setup();
    const { storeId, sessionId } = await sessionWithMemoryStore(t, 'notes');
    // Dream inputs are memory_store or sessions: another kind is a 400 (a content block of another
    // kind would be accepted). Dropped, it would leave a valid body; kept, the body is refused.
    const inputs = [
      { type: 'files', file_ids: ['file_1'] },
      { type: 'sessions', session_ids: [sessionId] },
      { type: 'memory_store', memory_store_id: storeId },
    ];
    const dream = await postDream(t, storeId, [sessionId], { inputs });
    expectErrorBody(dream, 400);
    // A conversation turn is user or assistant: another role is a 400.
    const turns = [...turn, { role: 'system', content: 'Be brief.' }];
    expectErrorBody(await t.call('POST', COUNT, { body: { model: MODEL, messages: turns } }), 400);
  });
});

describe('a malformed path id is answered like an unknown id (UNSPEC-REQUEST-PATH-ID-MALFORMED)', () => {
  it('404 not_found_error naming the kind; 400 under malformed-ids-refused', async () => {
    const t = setup();
    const urls: [string, string | undefined, string][] = [
      [`${BATCHES}/not-a-batch`, undefined, 'message batch'],
      ['/v1/dreams/not-a-dream', DREAM_BETAS, 'dream'],
    ];
    for (const [url, betas, what] of urls) {
      const res = await t.call('GET', url, betas === undefined ? {} : { betas });
      expectErrorBody(res, 404);
      expect(errorOf(res)).toMatchObject({ type: 'not_found_error' });
      expect(errorOf(res).message).toContain(what);
      const refused = await strict('malformed-ids-refused').call(
        'GET',
        url,
        betas === undefined ? {} : { betas },
      );
      expectErrorBody(refused, 400);
    }
  });

  it('the credential is checked first', async () => {
    expectErrorBody(await setup().call('GET', `${BATCHES}/not-a-batch`, { key: 'sk-unknown' }), 401);
  });
});

describe('credential headers (UNSPEC-AUTH-BOTH-HEADERS, UNSPEC-AUTH-KEY-AS-BEARER)', () => {
  it('an API key as a bearer credential is read as that key; an unknown one is refused', async () => {
    const t = setup();
    const bearer = (value: string, server = t) =>
      server.call('GET', BATCHES, { key: null, headers: { authorization: `Bearer ${value}` } });
    expect((await bearer(t.demo.workspaceKey)).status).toBe(200);
    expectErrorBody(await bearer('sk-unknown'), 401);
    expectErrorBody(await bearer(`${vendor.prefixes.accessToken}unknown`), 401);
    // An admin key as a bearer credential is still an admin key: refused on a standard endpoint.
    expect((await bearer(t.demo.adminKey)).status).toBeGreaterThanOrEqual(400);
    const s = strict('credential-headers-exclusive');
    expectErrorBody(await bearer(s.demo.workspaceKey, s), 401);
  });

  it('with both headers, x-api-key is read and Authorization ignored', async () => {
    const t = setup();
    const res = await t.call('GET', BATCHES, { headers: { authorization: 'Bearer anything at all' } });
    expect(res.status, res.text).toBe(200);
    const s = strict('credential-headers-exclusive');
    expectErrorBody(
      await s.call('GET', BATCHES, { headers: { authorization: `Bearer ${s.demo.workspaceKey}` } }),
      400,
    );
  });
});

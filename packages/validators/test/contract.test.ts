/**
 * Contract mode: exactly what the documents require. It accepts everything the strict form
 * accepts (a property over values generated from the spec), and it differs from the strict form
 * exactly where the documents are silent: additional fields, value sets they leave open, the
 * error body beyond its error type. Closed lists and broken shapes are still rejected.
 */
import { type Endpoint, spec } from '@vendor-api/spec';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { near } from '../src/arbitrary.js';
import { type RequestParts, validateRequest, validateResponse, validateSchema } from '../src/index.js';

type Schema = Record<string, unknown>;
const refs = spec.schemas as Record<string, Schema>;
const v = spec.vendor;

const headersOf = (e: Endpoint) => ({
  [v.headers.version]: v.apiVersion,
  ...(e.betas.length ? { [v.headers.beta]: e.betas.join(',') } : {}),
});
const endpoint = (id: string) => spec.endpoints.find((e) => e.id === id)!;

/** Request parts near the operation's schemas (mostly valid), with the right headers. */
const requestParts = (e: Endpoint): fc.Arbitrary<RequestParts> =>
  fc.record({
    path: e.params.path ? near(e.params.path, { refs }) : fc.constant({}),
    query: e.params.query ? near(e.params.query, { refs }) : fc.constant({}),
    body: e.body ? near(e.body.schema, { refs }) : fc.constant(undefined),
  }) as fc.Arbitrary<RequestParts>;

// Values near a schema are mostly valid; those the strict form rejects prove nothing here and are
// passed over (a pre-condition would give up on the few schemas with cross-item rules, like the
// dream inputs: the examples below hold those to the same property).
describe('contract mode accepts whatever strict mode accepts', () => {
  for (const [name, schema] of Object.entries(spec.schemas)) {
    it(`schema ${name}`, () => {
      fc.assert(
        fc.property(near(schema as Schema, { refs }), (value) => {
          if (!validateSchema(name, value).ok) return;
          const contract = validateSchema(name, value, { mode: 'contract' });
          expect(contract.ok ? [] : contract.issues).toEqual([]);
        }),
        { numRuns: 40 },
      );
    });
  }

  for (const e of spec.endpoints) {
    const success = e.success.response.schema;
    if (success) {
      it(`response of ${e.id}`, () => {
        fc.assert(
          fc.property(near(success as Schema, { refs }), (body) => {
            if (!validateResponse(e.id, e.success.status, body).ok) return;
            expect(validateResponse(e.id, e.success.status, body, { mode: 'contract' }).ok).toBe(true);
          }),
          { numRuns: 30 },
        );
      });
    }
    it(`request of ${e.id}`, () => {
      fc.assert(
        fc.property(requestParts(e), (parts) => {
          const at = (mode: 'strict' | 'contract') =>
            validateRequest(e.id, { ...structuredClone(parts), headers: headersOf(e) }, { mode });
          if (!at('strict').ok) return;
          const contract = at('contract');
          expect(contract.ok ? [] : contract.issues).toEqual([]);
        }),
        { numRuns: 30 },
      );
    });
  }
});

const text = (t: string) => ({ type: 'text', text: t });
const message = {
  id: 'msg_01',
  type: 'message',
  role: 'assistant',
  content: [text('hello')],
  model: v.models.sonnet,
  stop_reason: 'end_turn',
  usage: { input_tokens: 3, output_tokens: 1 },
};
const dream = {
  type: 'dream',
  id: 'drm_01',
  status: 'pending',
  inputs: [
    { type: 'memory_store', memory_store_id: 'memstore_01' },
    { type: 'sessions', session_ids: ['sesn_01'] },
  ],
  outputs: [],
  model: { id: v.models.opus },
  instructions: '',
  session_id: null,
  created_at: '2026-05-01T00:00:00Z',
  ended_at: null,
  archived_at: null,
  usage: { input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
  error: null,
};
const memoryStoreResource = { type: 'memory_store', memory_store_id: 'memstore_01' };

/** `[what, operation, status, body, strict verdict, contract verdict]` */
const responses: [string, string, number, unknown, boolean, boolean][] = [
  ['a message as documented', 'messages.create', 200, message, true, true],
  [
    'a message with an additional field and stop_reason "max_tokens"',
    'messages.create',
    200,
    { ...message, stop_reason: 'max_tokens', container: null },
    false,
    true,
  ],
  [
    'a message with a content block of a kind not shown',
    'messages.create',
    200,
    { ...message, content: [{ type: 'tool_use', id: 'toolu_1', name: 'get', input: {} }, text('x')] },
    false,
    true,
  ],
  [
    'a message whose text block has an additional field',
    'messages.create',
    200,
    { ...message, content: [{ ...text('x'), citations: null }] },
    false,
    true,
  ],
  [
    'a message whose text block misses text',
    'messages.create',
    200,
    { ...message, content: [{ type: 'text' }] },
    false,
    false,
  ],
  [
    'a message whose block has no type',
    'messages.create',
    200,
    { ...message, content: [{ text: 'x' }] },
    false,
    false,
  ],
  ['a message with role "user"', 'messages.create', 200, { ...message, role: 'user' }, false, false],
  ['a message without usage', 'messages.create', 200, { ...message, usage: undefined }, false, false],
  [
    'an error body carrying only the error type',
    'messages.create',
    400,
    { error: { type: 'invalid_request_error' } },
    false,
    true,
  ],
  [
    'an error body with another top-level type and extra fields',
    'dreams.retrieve',
    404,
    { type: 'failure', error: { type: 'not_found_error', detail: 'x' }, request_id: 'req_1' },
    false,
    true,
  ],
  ['an error body without the error type', 'messages.create', 400, { error: { message: 'x' } }, false, false],
  ['an error body with a numeric error type', 'messages.create', 400, { error: { type: 400 } }, false, false],
  ['an error body that is not an object', 'messages.create', 400, 'Bad Request', false, false],
  ['a dream as documented', 'dreams.retrieve', 200, dream, true, true],
  ['a dream with an additional field', 'dreams.retrieve', 200, { ...dream, title: 'x' }, false, true],
  [
    'a dream with status "paused" (a closed list)',
    'dreams.retrieve',
    200,
    { ...dream, status: 'paused' },
    false,
    false,
  ],
  [
    'a dream with two memory-store inputs',
    'dreams.retrieve',
    200,
    { ...dream, inputs: [dream.inputs[0], dream.inputs[0]] },
    false,
    false,
  ],
  [
    'a resource list holding a memory-store resource with an additional field',
    'sessions.resources.list',
    200,
    { data: [{ ...memoryStoreResource, attached_by: 'x' }], next_page: null },
    false,
    true,
  ],
  [
    'a resource list holding a memory-store resource with an id ("carries no id field")',
    'sessions.resources.list',
    200,
    { data: [{ ...memoryStoreResource, id: 'sesrsc_01' }], next_page: null },
    false,
    false,
  ],
  [
    'a resource list holding a resource of a kind not listed (three kinds)',
    'sessions.resources.list',
    200,
    { data: [{ type: 'skill', id: 'sesrsc_01' }], next_page: null },
    false,
    false,
  ],
];

describe('contract mode judges responses by the documents', () => {
  for (const [what, op, status, body, strict, contract] of responses) {
    it(`${what}: strict ${strict ? 'accepts' : 'rejects'}, contract ${contract ? 'accepts' : 'rejects'}`, () => {
      expect(validateResponse(op, status, body).ok).toBe(strict);
      expect(validateResponse(op, status, body, { mode: 'contract' }).ok).toBe(contract);
    });
  }

  it('lenient mode stays as it was: it still needs the standard error body', () => {
    const bare = { error: { type: 'invalid_request_error' } };
    expect(validateResponse('messages.create', 400, bare, { mode: 'lenient' }).ok).toBe(false);
  });

  it('names the field a contract failure is about', () => {
    const r = validateSchema('Dream', { ...dream, status: 'paused' }, { mode: 'contract' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.error.message).toContain('Dream.status');
  });

  it('refuses a mode that does not exist', () => {
    const mode = 'loose' as 'strict';
    expect(() => validateResponse('messages.create', 200, message, { mode })).toThrow(TypeError);
    expect(() => validateRequest('messages.create', {}, { mode })).toThrow(TypeError);
  });
});

const turn = (content: unknown, role = 'user') => ({ role, content });
const countTokens = { model: v.models.sonnet, messages: [turn('hello')] };
const create = { model: v.models.sonnet, max_tokens: 16, messages: [turn('hello')] };
const thinking = { type: 'thinking', thinking: 't', signature: 's' };
const image = (source: unknown) => ({ type: 'image', source });
const png = { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' };
const dreamCreate = { inputs: dream.inputs, model: v.models.opus, instructions: 'tidy up' };
const tool = {
  name: 'get',
  description: 'd',
  input_schema: { type: 'object', properties: {}, required: [] },
};

/** `[what, operation, parts, strict verdict, contract verdict]` */
const requests: [string, string, RequestParts, boolean, boolean][] = [
  ['a count_tokens request as documented', 'messages.count_tokens', { body: countTokens }, true, true],
  [
    'a count_tokens request with an unknown top-level field',
    'messages.count_tokens',
    { body: { ...countTokens, metadata: { user_id: 'u' } } },
    false,
    true,
  ],
  [
    'a message request with a content block of a kind not shown',
    'messages.create',
    { body: { ...create, messages: [turn([{ type: 'document', source: { type: 'text', data: 'x' } }])] } },
    false,
    true,
  ],
  [
    'a message request with a text block missing text',
    'messages.create',
    { body: { ...create, messages: [turn([{ type: 'text' }])] } },
    false,
    false,
  ],
  [
    'a message request with a text block carrying an additional field',
    'messages.create',
    { body: { ...create, messages: [turn([{ ...text('x'), cache_control: { type: 'ephemeral' } }])] } },
    false,
    true,
  ],
  [
    'a message request with a thinking block in an assistant turn',
    'messages.create',
    { body: { ...create, messages: [turn('q'), turn([thinking, text('a')], 'assistant')] } },
    true,
    true,
  ],
  [
    'a message request with a thinking block in a user turn (assistant turns only)',
    'messages.create',
    { body: { ...create, messages: [turn([thinking])] } },
    false,
    false,
  ],
  [
    'a message request with a turn of role "system"',
    'messages.create',
    { body: { ...create, messages: [turn('x', 'system')] } },
    false,
    false,
  ],
  [
    'a count_tokens request with an image of another source kind',
    'messages.count_tokens',
    {
      body: { ...countTokens, messages: [turn([image({ type: 'url', url: 'https://example.com/a.png' })])] },
    },
    false,
    true,
  ],
  [
    'a count_tokens request with a base64 image missing its data',
    'messages.count_tokens',
    { body: { ...countTokens, messages: [turn([image({ type: 'base64', media_type: 'image/png' })])] } },
    false,
    false,
  ],
  [
    'a count_tokens request with a base64 image',
    'messages.count_tokens',
    { body: { ...countTokens, messages: [turn([image(png)])] } },
    true,
    true,
  ],
  [
    'a count_tokens request with a tool of a kind not shown',
    'messages.count_tokens',
    { body: { ...countTokens, tools: [tool, { type: 'web_search_20250305', name: 'web_search' }] } },
    false,
    true,
  ],
  [
    'a count_tokens request with a custom tool missing its input schema',
    'messages.count_tokens',
    { body: { ...countTokens, tools: [{ name: 'get', description: 'd' }] } },
    false,
    false,
  ],
  [
    'a count_tokens request with a thinking config of another kind',
    'messages.count_tokens',
    { body: { ...countTokens, thinking: { type: 'disabled' } } },
    false,
    true,
  ],
  [
    'a count_tokens request with an enabled thinking config missing its budget',
    'messages.count_tokens',
    { body: { ...countTokens, thinking: { type: 'enabled' } } },
    false,
    false,
  ],
  [
    'a count_tokens request without messages',
    'messages.count_tokens',
    { body: { model: 'm' } },
    false,
    false,
  ],
  [
    'a batch whose custom_id repeats (unique within the batch)',
    'messages.batches.create',
    {
      body: {
        requests: [
          { custom_id: 'a', params: create },
          { custom_id: 'a', params: create },
        ],
      },
    },
    false,
    false,
  ],
  [
    'a member added with a workspace role whose wire value is not stated',
    'organizations.workspaces.members.create',
    {
      path: { workspace_id: 'wrkspc_01' },
      body: { user_id: 'user_01', workspace_role: 'workspace_limited_developer' },
    },
    false,
    true,
  ],
  ['a dream creation as documented', 'dreams.create', { body: dreamCreate }, true, true],
  [
    'a dream creation with an unknown field',
    'dreams.create',
    { body: { ...dreamCreate, metadata: {} } },
    false,
    true,
  ],
  [
    'a dream creation with an input of another kind (one memory store and one sessions input)',
    'dreams.create',
    { body: { ...dreamCreate, inputs: [...dream.inputs, { type: 'files', file_ids: [] }] } },
    false,
    false,
  ],
  [
    'a dream list with an unknown query parameter',
    'dreams.list',
    { query: { limit: '5', order: 'asc' } },
    false,
    true,
  ],
  ['a dream list with limit over 100', 'dreams.list', { query: { limit: '101' } }, false, false],
  [
    'a usage report with a group_by value not shown',
    'organizations.usage_report.messages',
    { query: { 'group_by[]': 'model', bucket_width: '1h' } },
    true,
    true,
  ],
];

describe('contract mode judges requests by the documents', () => {
  for (const [what, op, parts, strict, contract] of requests) {
    it(`${what}: strict ${strict ? 'accepts' : 'rejects'}, contract ${contract ? 'accepts' : 'rejects'}`, () => {
      const headers = headersOf(endpoint(op));
      expect(validateRequest(op, { ...structuredClone(parts), headers }).ok).toBe(strict);
      expect(validateRequest(op, { ...structuredClone(parts), headers }, { mode: 'contract' }).ok).toBe(
        contract,
      );
    });
  }

  it('coerces query and path values from strings as strict mode does, and fills no default', () => {
    const headers = headersOf(endpoint('dreams.list'));
    const contract = validateRequest('dreams.list', { headers, query: { limit: '5' } }, { mode: 'contract' });
    expect(contract.ok && contract.value.query).toEqual({ limit: 5 });
    const strict = validateRequest('dreams.list', { headers, query: { limit: '5' } });
    expect(strict.ok && strict.value.query).toEqual({ limit: 5, include_archived: false });
  });

  it('leaves the body as it was given', () => {
    const e = endpoint('messages.count_tokens');
    const body = { ...countTokens, extra: 1 };
    const copy = structuredClone(body);
    validateRequest(e.id, { headers: headersOf(e), body }, { mode: 'contract' });
    expect(body).toEqual(copy);
  });

  it('still needs the version header and the betas', () => {
    const e = endpoint('dreams.list');
    expect(
      validateRequest(e.id, { headers: { [v.headers.version]: v.apiVersion } }, { mode: 'contract' }).ok,
    ).toBe(false);
  });
});

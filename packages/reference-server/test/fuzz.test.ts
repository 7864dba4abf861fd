/**
 * Robustness: at least 10,000 generated malformed and boundary requests across every operation of
 * the spec's endpoint table, through Fastify's `inject` (no sockets). Whatever comes in, the server
 * never answers a 5xx, and every 4xx carries the error body `{type: "error", error: {type,
 * message}}` and a request-id header.
 *
 * Requests are built from the endpoint table: the body schema (resolved through the spec's named
 * schemas) gives a valid-ish body that is then mutated (values replaced by boundary numbers,
 * unicode, wrong types, keys dropped or added); besides, random JSON, malformed JSON text, wrong
 * content types, missing/extra/garbled headers, bad path ids and boundary query values. The
 * seed is the run's global fast-check seed (vitest.setup.ts); a failure prints seed and path.
 *
 * The one 5xx tolerated is the 501 of an endpoint that has no handler yet (reported by name).
 */
import { access, type Endpoint, errors, spec, vendor } from '@vendor-api/spec';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createServer, handlers, ManualClock, routeUrl, TEST_CONTROL_TOKEN_HEADER } from '../src/index.js';
import { DREAM_BETAS, rawHttp, SESSION_BETAS } from './helpers.js';

const TOTAL = 10_000;
const endpoints = spec.endpoints.filter((e) => routeUrl(e) !== null);
const RUNS_PER_ENDPOINT = Math.ceil(TOTAL / endpoints.length);

type Schema = Record<string, unknown>;
const named = spec.schemas as unknown as Record<string, Schema>;

// ---------------------------------------------------------------------------------------------
// Boundary and malformed values
// ---------------------------------------------------------------------------------------------

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 30,
});

const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\uFEFF',
    '\uD800',
    '💥🧨',
    'é\u0301',
    '\u202Eevil',
    'null',
    'true',
    '-1',
    '1e309',
    'NaN',
    '__proto__',
    'constructor',
    '../../etc/passwd',
    '%00',
    '%zz',
    '<script>',
    'drm_',
    'msgbatch_',
    'sesrsc_',
    'memstore_',
    'a'.repeat(4096),
    'a'.repeat(4097),
    'x'.repeat(70_000),
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1,
    2,
    19,
    20,
    21,
    99,
    100,
    101,
    999,
    1000,
    1001,
    4096,
    4097,
    100_000,
    100_001,
    2 ** 31,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 53),
    1e308,
    -1e308,
    5e-324,
    0.5,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Arrays nested `depth` deep. */
/** `encodeURIComponent` that also takes lone surrogates (replaced by U+FFFD). */
const enc = (s: string): string => {
  try {
    return encodeURIComponent(s);
  } catch {
    return encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
};

const deep = (depth: number): unknown => {
  let v: unknown = 0;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};

const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: nastyString },
  { weight: 3, arbitrary: nastyNumber },
  fc.boolean(),
  fc.constant(null),
  fc.constant({}),
  fc.constant([]),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(deep(200), deep(2000)),
  fc.array(nastyString, { maxLength: 5 }),
);

// ---------------------------------------------------------------------------------------------
// Valid-ish values from the spec's schemas
// ---------------------------------------------------------------------------------------------

function stringArb(schema: Schema): fc.Arbitrary<string> {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? Math.min(schema.maxLength, min + 40) : min + 20;
  if (typeof schema.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(schema.pattern), { size: 'small' });
    } catch {
      return fc.string({ minLength: min, maxLength: max });
    }
  }
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
  }
  if (schema.format === 'uri') return fc.webUrl();
  return fc.string({ minLength: min, maxLength: max });
}

function numberArb(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const min = typeof schema.minimum === 'number' ? schema.minimum : -1000;
  const max = typeof schema.maximum === 'number' ? schema.maximum : min + 10_000;
  return integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) })
    : fc.double({ min, max: Math.max(min, max), noNaN: true });
}

/** A value that mostly satisfies `schema` (cross-field rules and `contains` are not honoured). */
function arbOf(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (schema === undefined || depth > 8) return fc.constant(null);
  if (typeof schema.$ref === 'string') return arbOf(named[schema.$ref], depth + 1);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (Array.isArray(variants) && variants.length > 0) {
    return fc.oneof(...variants.map((v) => arbOf(v, depth + 1)));
  }
  if (Array.isArray(schema.allOf) && schema.type === undefined) {
    return arbOf((schema.allOf as Schema[])[0], depth + 1);
  }
  switch (schema.type) {
    case 'string':
      return stringArb(schema);
    case 'integer':
      return numberArb(schema, true);
    case 'number':
      return numberArb(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const max = typeof schema.maxItems === 'number' ? Math.min(schema.maxItems, min + 3) : min + 3;
      return fc.array(arbOf(schema.items as Schema | undefined, depth + 1), {
        minLength: min,
        maxLength: max,
      });
    }
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set((schema.required ?? []) as string[]);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props)) record[k] = arbOf(v, depth + 1);
      const keys = Object.keys(record);
      const base =
        keys.length === 0
          ? fc.constant({})
          : fc.record(record, { requiredKeys: keys.filter((k) => required.has(k)) });
      if (
        schema.patternProperties !== undefined ||
        (keys.length === 0 && schema.additionalProperties !== false)
      ) {
        return fc
          .tuple(
            base,
            fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
          )
          .map(([a, b]) => ({ ...b, ...a }));
      }
      return base;
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

// ---------------------------------------------------------------------------------------------
// Mutations
// ---------------------------------------------------------------------------------------------

type Path = (string | number)[];

function nodes(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (out.length > 200) return out;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) nodes(v, [...path, i], out);
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) nodes(v, [...path, k], out);
  }
  return out;
}

type Mutation = readonly [index: number, kind: 'replace' | 'delete' | 'add', value: unknown];

function mutate(value: unknown, mutations: readonly Mutation[]): unknown {
  let root = structuredClone(value);
  for (const [index, kind, shared] of mutations) {
    const replacement = structuredClone(shared);
    const all = nodes(root);
    const path = all[index % all.length] ?? [];
    if (path.length === 0) {
      if (kind === 'replace') root = replacement;
      else if (kind === 'add' && root !== null && typeof root === 'object' && !Array.isArray(root)) {
        (root as Record<string, unknown>)[`extra_${index % 7}`] = replacement;
      }
      continue;
    }
    let parent = root as Record<string | number, unknown>;
    for (const seg of path.slice(0, -1)) parent = parent[seg] as Record<string | number, unknown>;
    const last = path[path.length - 1] as string | number;
    if (kind === 'replace') parent[last] = replacement;
    else if (kind === 'delete') {
      if (Array.isArray(parent)) parent.splice(Number(last), 1);
      else delete parent[last];
    } else {
      const target = parent[last];
      if (Array.isArray(target)) target.push(replacement);
      else if (target !== null && typeof target === 'object') {
        (target as Record<string, unknown>)[`extra_${index % 7}`] = replacement;
      } else parent[last] = replacement;
    }
  }
  return root;
}

const mutationArb: fc.Arbitrary<Mutation> = fc.tuple(
  fc.nat(),
  fc.constantFrom('replace' as const, 'delete' as const, 'add' as const),
  nastyValue,
);

/** Malformed JSON text, some derived from a real body. */
const malformedText = (body: unknown): fc.Arbitrary<string> => {
  const text = JSON.stringify(body) ?? 'null';
  return fc.oneof(
    fc.constantFrom(
      '',
      '   ',
      '{',
      '}',
      '[',
      '{"a":',
      '{"a":1,}',
      "{'a':1}",
      'NaN',
      'undefined',
      '{"model":1e999}',
      '{"max_tokens":1e999,"model":"x","messages":[]}',
      '{"limit":-1e999}',
      '{"__proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"x":1}}}',
      '\uFEFF{}',
      '[]',
      'null',
      'true',
      '"string"',
      '12345678901234567890123456789012345678901234567890',
      '['.repeat(10_000),
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
      '{"a":"\\ud800"}',
      '{"a":"\\u0000"}',
    ),
    fc.nat({ max: Math.max(0, text.length - 1) }).map((n) => text.slice(0, n)),
    fc.string({ maxLength: 60 }),
    fc.constant(text.replace(/:(\d+)/, ':1e999')),
    fc.constant(`${text}${text}`),
  );
};

// ---------------------------------------------------------------------------------------------
// The server and the ids it knows
// ---------------------------------------------------------------------------------------------

/**
 * A fresh server per operation, so that what one operation's requests do (archiving the demo
 * workspace revokes its key) does not starve the next one.
 */
const newServer = () =>
  createServer({ seed: 'fuzz', clock: new ManualClock('2026-01-01T00:00:00.000Z'), testControl: true });
let app = newServer();
/**
 * The same seed gives every fresh server the same demo organization; its keys are new each time
 * (secrets are random), so each fresh server's are read (arbitraries are built after it starts).
 */
let demo = app.reference.state.demo;
const v = vendor;

/** Real ids of each path parameter, filled before the runs. */
const known: Record<string, string[]> = {
  workspace_id: [],
  user_id: [],
  message_batch_id: [],
  session_id: [],
  resource_id: [],
  dream_id: [],
};
const knownCursors: string[] = [];

/**
 * Paths the router itself refuses, before any hook: segments that are not valid percent-encoding,
 * and path parameters over `maxParamLength`. They too leave with the error body and a request id.
 */
const ROUTER_ERRORS = [
  '/v1/dreams/%',
  '/v1/messages/batches/%zz',
  '/v1/sessions/%E0%A4%A/resources',
  '/nope/%',
  `/v1/dreams/drm_${'x'.repeat(100)}`,
  `/v1/messages/batches/${'x'.repeat(5000)}`,
];

let sent = 0;
const statusCounts = new Map<number, number>();
const unimplemented = new Set<string>();

async function inject(options: {
  method: string;
  url: string;
  headers: Record<string, string | string[]>;
  payload?: string | undefined;
}) {
  sent++;
  const res = await app.inject({
    method: options.method as 'GET',
    url: options.url,
    headers: options.headers,
    ...(options.payload !== undefined ? { payload: options.payload } : {}),
  });
  statusCounts.set(res.statusCode, (statusCounts.get(res.statusCode) ?? 0) + 1);
  return res;
}

async function provision() {
  await app.close();
  app = newServer();
  demo = app.reference.state.demo;
  await app.ready();
  for (const ids of Object.values(known)) ids.length = 0;
  knownCursors.length = 0;
  known.workspace_id?.push(demo.workspaceId);
  known.user_id?.push('user_00000000000000000000');
  const json = { [v.headers.version]: v.apiVersion, 'content-type': 'application/json' };
  const post = async (url: string, body: unknown, extra: Record<string, string> = {}) => {
    const res = await app.inject({
      method: 'POST',
      url,
      headers: {
        ...json,
        'x-api-key': demo.workspaceKey,
        [TEST_CONTROL_TOKEN_HEADER]: app.reference.testControlToken ?? '',
        ...extra,
      },
      payload: JSON.stringify(body),
    });
    return res.json() as Record<string, unknown>;
  };
  const store = await post('/_test/memory_stores', { name: 'fuzz' });
  const session = await post('/_test/sessions', {});
  const file = await post('/_test/files', {});
  known.session_id?.push(String(session.id));
  const resource = await post(
    `/v1/sessions/${session.id}/resources`,
    { type: 'file', file_id: file.id },
    { [v.headers.beta]: SESSION_BETAS },
  );
  known.resource_id?.push(String(resource.id), String(store.id));
  const batch = await post('/v1/messages/batches', {
    requests: [{ custom_id: 'a', params: { model: v.models.sonnet, max_tokens: 4, messages: [] } }],
  });
  known.message_batch_id?.push(String(batch.id));
  const dream = await post(
    '/v1/dreams',
    {
      model: v.models.sonnet,
      inputs: [
        { type: 'memory_store', memory_store_id: store.id },
        { type: 'sessions', session_ids: [session.id] },
      ],
    },
    { [v.headers.beta]: DREAM_BETAS },
  );
  known.dream_id?.push(String(dream.id));
  knownCursors.push(Buffer.from(`after:${String(dream.id)}`).toString('base64url'));
  knownCursors.push(Buffer.from(`after:${String(resource.id)}`).toString('base64url'));
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

const pathValue = (name: string): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...(known[name]?.length ? known[name] : ['x'])) },
    { weight: 3, arbitrary: nastyString.map((s) => enc(s)).filter((s) => s.length > 0) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '..',
        '.',
        'a%2Fb',
        '%00',
        '%25',
        '%',
        '%zz',
        '%E0%A4%A',
        '%F0%9F%92%A5',
        'x'.repeat(5000),
      ),
    },
  );

const queryValue = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(
      '-1',
      '0',
      '1',
      '2',
      '20',
      '100',
      '101',
      '1000',
      '1001',
      '1e309',
      'NaN',
      'true',
      'false',
      '1.5',
      '',
      ' 1',
      '0x10',
      '9007199254740993',
      '2026-01-01T00:00:00Z',
      '1d',
      'workspace_id',
    ),
    fc.constantFrom(...knownCursors, 'Zm9v', 'YWZ0ZXI6', '!!!'),
    nastyString,
  );

function queryArb(endpoint: Endpoint): fc.Arbitrary<string> {
  const names = Object.keys(((endpoint.params.query ?? {}) as Schema).properties ?? {});
  const nameArb =
    names.length > 0
      ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: printable })
      : printable;
  return fc
    .tuple(
      fc.array(fc.tuple(nameArb, queryValue()), { maxLength: 5 }),
      fc.constantFrom('', '', '', '&%zz=1', '&a=%', '&&', '&limit', '&=x', '#frag'),
    )
    .map(([pairs, raw]) => {
      const q = pairs.map(([k, val]) => `${enc(k)}=${enc(val)}`).join('&');
      const all = `${q}${raw}`;
      return all === '' ? '' : `?${all}`;
    });
}

function headersArb(endpoint: Endpoint): fc.Arbitrary<Record<string, string | string[]>> {
  const betas = endpoint.betas.join(',');
  const version = fc.oneof(
    { weight: 6, arbitrary: fc.constant<string | undefined>(v.apiVersion) },
    { weight: 1, arbitrary: fc.constant<string | undefined>(undefined) },
    { weight: 1, arbitrary: fc.constantFrom<string | undefined>('2023-06-02', '', '2023-06-01,2023-06-01') },
    { weight: 1, arbitrary: printable },
  );
  const beta = fc.oneof(
    { weight: 6, arbitrary: fc.constant<string | undefined>(betas === '' ? undefined : betas) },
    { weight: 1, arbitrary: fc.constant<string | undefined>(undefined) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<string | undefined>(
        'managed-agents-2026-04-01',
        'dreaming-2026-04-21',
        ',,',
        ' managed-agents-2026-04-01 , dreaming-2026-04-21 ',
        'unknown-beta',
      ),
    },
    { weight: 1, arbitrary: printable },
  );
  type Cred = Record<string, string | string[]>;
  const credential = fc.oneof(
    { weight: 6, arbitrary: fc.constant<Cred>({ 'x-api-key': demo.workspaceKey }) },
    { weight: 2, arbitrary: fc.constant<Cred>({ 'x-api-key': demo.adminKey }) },
    { weight: 1, arbitrary: fc.constant<Cred>({}) },
    {
      weight: 2,
      arbitrary: fc.constantFrom<Cred>(
        { 'x-api-key': '' },
        { 'x-api-key': 'garbage' },
        { 'x-api-key': [demo.workspaceKey, demo.adminKey] },
        { authorization: 'Bearer garbage' },
        { authorization: `Bearer ${v.prefixes.accessToken}garbage` },
        { authorization: 'Bearer ' },
        { authorization: 'Basic Zm9vOmJhcg==' },
        { authorization: `Bearer ${demo.workspaceKey}` },
        { 'x-api-key': demo.workspaceKey, authorization: 'Bearer garbage' },
      ),
    },
    { weight: 1, arbitrary: printable.map((s): Cred => ({ 'x-api-key': s })) },
  );
  const contentType = fc.oneof(
    { weight: 8, arbitrary: fc.constant<string | undefined>('application/json') },
    {
      weight: 3,
      arbitrary: fc.constantFrom<string | undefined>(
        undefined,
        'application/json; charset=utf-8',
        'Application/JSON',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/jsonx',
        'application/json; charset=latin1',
        '*/*',
        '',
      ),
    },
  );
  const extra = fc.dictionary(fc.stringMatching(/^x-[a-z-]{1,12}$/), printable, { maxKeys: 2 });
  const correct: Record<string, string> = {
    [v.headers.version]: v.apiVersion,
    'content-type': 'application/json',
    'x-api-key': endpoint.auth.includes('admin_key') ? demo.adminKey : demo.workspaceKey,
    ...(betas === '' ? {} : { [v.headers.beta]: betas }),
  };
  const garbled = fc.tuple(version, beta, credential, contentType, extra).map(([ver, b, cred, ct, more]) => {
    const h: Record<string, string | string[]> = { ...more, ...cred };
    if (ver !== undefined) h[v.headers.version] = ver;
    if (b !== undefined) h[v.headers.beta] = b;
    if (ct !== undefined) h['content-type'] = ct;
    return h;
  });
  // Half the requests carry every header right, so the bodies, paths and queries reach the handlers.
  return fc.oneof(fc.constant(correct), garbled);
}

/** Valid bodies the generator would rarely hit, to reach the handlers' deeper paths. */
function examples(endpoint: Endpoint): unknown[] {
  const m = v.models.sonnet;
  const turn = { role: 'user', content: 'hello' };
  switch (endpoint.id) {
    case 'messages.create':
      return [{ model: m, max_tokens: 16, messages: [turn] }];
    case 'messages.count_tokens':
      return [
        {
          model: m,
          messages: [
            turn,
            { role: 'assistant', content: [{ type: 'thinking', thinking: 't', signature: 's' }] },
          ],
          system: 's',
          thinking: { type: 'enabled', budget_tokens: 1024 },
          tools: [
            { name: 't', description: 'd', input_schema: { type: 'object', properties: {}, required: [] } },
          ],
        },
      ];
    case 'messages.batches.create':
      return [{ requests: [{ custom_id: 'a', params: { model: m, max_tokens: 1, messages: [turn] } }] }];
    case 'sessions.create':
      return [
        {
          agent: 'a',
          environment_id: 'e',
          resources: [{ type: 'memory_store', memory_store_id: 'memstore_x' }],
        },
      ];
    case 'sessions.resources.create':
      return [{ type: 'file', file_id: 'file_x' }];
    case 'sessions.resources.update':
      return [{ authorization_token: 't' }];
    case 'dreams.create':
      return [
        {
          model: m,
          inputs: [
            { type: 'memory_store', memory_store_id: 'memstore_x' },
            { type: 'sessions', session_ids: known.session_id ?? [] },
          ],
        },
      ];
    default:
      return [];
  }
}

/** Every object of a JSON value (the value first), up to `max` of them. */
function objectsOf(value: unknown, max = 64): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const queue: unknown[] = [value];
  while (queue.length > 0 && out.length < max) {
    const v = queue.shift();
    if (v === null || typeof v !== 'object') continue;
    if (!Array.isArray(v)) out.push(v as Record<string, unknown>);
    queue.push(...(Array.isArray(v) ? v : Object.values(v)));
  }
  return out;
}

/**
 * A body nesting deep: a (valid-ish) body one of whose objects (`tools[0].input_schema`, a batch
 * request's `params`, the body itself, ...) gains a member nested up to 10,000 levels, around the
 * depth bound (UNSPEC-REQUEST-JSON-DEPTH) and far past it.
 */
function deepText(validish: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  const depth = fc.oneof(
    fc.integer({ min: access.MAX_JSON_DEPTH - 3, max: access.MAX_JSON_DEPTH + 3 }),
    fc.integer({ min: 1, max: 10_000 }),
  );
  return fc
    .tuple(validish, depth, fc.nat(), fc.constantFrom('array', 'object'))
    .map(([body, levels, at, kind]) => {
      const copy = structuredClone(body);
      const objects = objectsOf(copy);
      const marker = '\u0000deep';
      const nested =
        kind === 'array'
          ? `${'['.repeat(levels)}${']'.repeat(levels)}`
          : `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
      const target = objects.length > 0 ? objects[at % objects.length] : undefined;
      if (target === undefined) return nested;
      target.deep = marker;
      return JSON.stringify(copy).replace(JSON.stringify(marker), nested);
    });
}

function bodyTextArb(endpoint: Endpoint): fc.Arbitrary<string | undefined> {
  const ref = (endpoint.body?.schema as Schema | undefined)?.$ref;
  const schema = typeof ref === 'string' ? named[ref] : (endpoint.body?.schema as Schema | undefined);
  const valid = schema !== undefined ? arbOf(schema) : fc.jsonValue({ maxDepth: 2 });
  const seeds = examples(endpoint);
  const validish = seeds.length > 0 ? fc.oneof(valid, fc.constantFrom(...seeds)) : valid;
  const mutated = fc
    .tuple(validish, fc.array(mutationArb, { minLength: 1, maxLength: 3 }))
    .map(([b, ms]) => mutate(b, ms));
  const json = fc.oneof(
    { weight: 4, arbitrary: validish },
    { weight: 4, arbitrary: mutated },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  );
  return fc.oneof(
    {
      weight: endpoint.method === 'GET' || endpoint.method === 'DELETE' ? 1 : 8,
      arbitrary: json.map((b) => JSON.stringify(b)),
    },
    { weight: 2, arbitrary: validish.chain((b) => malformedText(b)) },
    { weight: endpoint.method === 'POST' ? 1 : 0, arbitrary: deepText(validish) },
    { weight: endpoint.method === 'POST' ? 1 : 6, arbitrary: fc.constant(undefined) },
  );
}

function requestArb(endpoint: Endpoint) {
  const template = routeUrl(endpoint) ?? '/';
  const params = [...template.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] as string);
  const pathArb = fc
    .tuple(...params.map((p) => pathValue(p)))
    .map((values) => params.reduce((url, p, i) => url.replace(`:${p}`, values[i] ?? 'x'), template));
  const method = fc.oneof(
    { weight: 12, arbitrary: fc.constant(endpoint.method) },
    { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'DELETE', 'PUT', 'PATCH', 'OPTIONS', 'HEAD') },
  );
  return fc
    .record({
      method,
      path: params.length > 0 ? pathArb : fc.constant(template),
      query: queryArb(endpoint),
      headers: headersArb(endpoint),
      payload: bodyTextArb(endpoint),
    })
    .map((r) => ({
      method: r.method,
      url: `${r.path}${r.query}`,
      headers: r.payload === undefined ? omit(r.headers, 'content-type') : r.headers,
      payload: r.method === 'GET' || r.method === 'HEAD' ? undefined : r.payload,
    }));
}

function omit(h: Record<string, string | string[]>, key: string) {
  const { [key]: _dropped, ...rest } = h;
  return rest;
}

// ---------------------------------------------------------------------------------------------
// The runs
// ---------------------------------------------------------------------------------------------

afterAll(async () => {
  await app.close();
});

describe(`fuzz: ${RUNS_PER_ENDPOINT} generated requests per operation, ${endpoints.length} operations`, () => {
  for (const endpoint of endpoints) {
    it(`${endpoint.id}: never a 5xx; every 4xx has the error body and a request id`, async () => {
      await provision();
      await fc.assert(
        fc.asyncProperty(requestArb(endpoint), async (request) => {
          const res = await inject(request);
          const status = res.statusCode;
          if (status === 501 && !(endpoint.id in handlers)) {
            unimplemented.add(endpoint.id);
            return;
          }
          expect(
            status,
            `${request.method} ${request.url.slice(0, 200)} -> ${res.body.slice(0, 300)}`,
          ).toBeLessThan(500);
          if (status >= 400) {
            expect(res.headers['request-id'], 'request-id header').toEqual(expect.any(String));
            if (request.method !== 'HEAD') {
              expect(JSON.parse(res.body), `error body of ${status}`).toMatchObject({
                type: 'error',
                error: { type: expect.any(String), message: expect.any(String) },
              });
            }
          }
        }),
        { numRuns: RUNS_PER_ENDPOINT },
      );
    }, 120_000);
  }

  // Errors raised before routing (malformed percent-encoding, over-long path segments) also leave
  // as the error body with a request id (Fastify's `frameworkErrors` and `maxParamLength`).
  it('malformed or over-long path segments get the error body and a request id', async () => {
    for (const url of ROUTER_ERRORS) {
      const res = await inject({ method: 'GET', url, headers: { [v.headers.version]: v.apiVersion } });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.headers['request-id'], url).toEqual(expect.any(String));
      expect(JSON.parse(res.body), url).toMatchObject({ type: 'error', error: { type: expect.any(String) } });
    }
  });

  // Body size (UNSPEC-REQUEST-BODY-SIZE): over a real socket, a body declared larger than its
  // operation's limit is refused from its declared length (never read), after the credential; the
  // exchange, whose every documented failure is a 400, answers it 400.
  it("a body declared over its operation's limit is 413 (the exchange 400; 401 without a credential), never read", async () => {
    const port = Number(new URL(await app.reference.listenLocal(0)).port);
    const withBody = endpoints.filter((e) => e.method === 'POST');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...withBody),
        fc.integer({ min: 1, max: 2 ** 40 }),
        fc.boolean(),
        async (endpoint, excess, credential) => {
          const url = (routeUrl(endpoint) ?? '/').replace(/:[A-Za-z0-9_]+/g, 'x');
          const key = endpoint.auth.includes('admin_key') ? demo.adminKey : demo.workspaceKey;
          const headers = [
            `POST ${url} HTTP/1.1`,
            'host: 127.0.0.1',
            'content-type: application/json',
            `content-length: ${access.bodyLimit(endpoint.id) + excess}`,
            `${v.headers.version}: ${v.apiVersion}`,
            ...(endpoint.betas.length > 0 ? [`${v.headers.beta}: ${endpoint.betas.join(',')}`] : []),
            ...(credential ? [`x-api-key: ${key}`] : []),
          ];
          sent++;
          const res = await rawHttp(port, `${headers.join('\r\n')}\r\n\r\n{`);
          const needsCredential = endpoint.auth.length > 0;
          const tooLarge =
            endpoint.id === 'oauth.token'
              ? errors.ERRORS.exchange_body_too_large.status
              : errors.ERRORS.content_too_large.status;
          const want = credential || !needsCredential ? tooLarge : 401;
          expect(res.status, `${endpoint.id} ${res.body}`).toBe(want);
          expect(JSON.parse(res.body)).toMatchObject({ type: 'error', error: { type: expect.any(String) } });
          expect(res.headers['request-id']).toEqual(expect.any(String));
          expect(res.headers.connection).toBe('close');
          expect(res.closed).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  }, 60_000);

  it(`sent at least ${TOTAL} requests`, () => {
    const statuses = [...statusCounts.entries()].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}:${n}`);
    console.log(`fuzz: ${sent} requests over ${endpoints.length} operations; statuses ${statuses.join(' ')}`);
    if (unimplemented.size > 0) {
      console.log(`fuzz: 501 from operations without a handler: ${[...unimplemented].sort().join(', ')}`);
    }
    expect(sent).toBeGreaterThanOrEqual(TOTAL);
  });
});

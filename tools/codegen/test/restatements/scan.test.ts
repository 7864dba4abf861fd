/**
 * What the guard catches and what it lets pass, one source snippet each (the snippets are written
 * here on purpose: they are what a restatement looks like).
 */
import { describe, expect, it } from 'vitest';
import { scanSource } from './scan.js';
import { collectSpecConstants } from './spec-constants.js';

const constants = collectSpecConstants();
const found = (code: string) => scanSource('x.ts', code, constants).map((h) => [h.literal, h.equals]);

// biome-ignore-start lint/suspicious/noTemplateCurlyInString: the snippets are source text with templates
const cases: [string, { given: string; want: (string | number | string[])[] }][] = [
  ['a header name as a string literal', { given: `h['x-api-key'] = key;`, want: ['x-api-key'] }],
  ['a header name as an object key', { given: `const h = { 'x-api-key': key };`, want: ['x-api-key'] }],
  [
    'an id prefix in a template',
    { given: 'const t = `sk-vendor-oat01-${rest}`;', want: ['sk-vendor-oat01-'] },
  ],
  ['a path with a parameter', { given: 'get(`/v1/dreams/${id}/cancel`);', want: ['/v1/dreams/{}/cancel'] }],
  ['a path with a query', { given: `get('/v1/dreams?limit=5');`, want: ['/v1/dreams?limit=5'] }],
  ['a path after a base URL', { given: 'get(`${base}/v1/dreams`);', want: ['{}/v1/dreams'] }],
  ['an id prefix', { given: `const prefix = 'drm_';`, want: ['drm_'] }],
  ['an id written with its prefix', { given: `const id = 'wrkspc_default';`, want: ['wrkspc_default'] }],
  ['an id minted with its prefix', { given: 'const id = `msgbatch_${random()}`;', want: ['msgbatch_'] }],
  ['a beta identifier', { given: `const b = 'dreaming-2026-04-21';`, want: ['dreaming-2026-04-21'] }],
  ['a model id', { given: `model: 'vendor-opus-4-7'`, want: ['vendor-opus-4-7'] }],
  ['an error type', { given: `type: 'invalid_grant'`, want: ['invalid_grant'] }],
  ['a pattern as a regular expression', { given: 'const re = /^drm_.+$/;', want: ['^drm_.+$'] }],
  [
    'a list of a machine policy',
    { given: `const active = ['pending', 'running'];`, want: [['pending', 'running']] },
  ],
  ['a list as a union type', { given: `type T = 'pending' | 'running';`, want: [['pending', 'running']] }],
  ['a list as call arguments', { given: `fc.constantFrom('HS256', 'none')`, want: [['HS256', 'none']] }],
  [
    'a distinctive limit anywhere',
    { given: 'const BODY = 256 * 1024 * 1024 + 1024 * 1024;', want: [269484032] },
  ],
  ['an ordinary number named as the spec names it', { given: 'if (limit > 100) fail();', want: [100] }],
  [
    'a named limit as a property',
    { given: 'const rule = { token_lifetime_seconds: 86400 };', want: [86400] },
  ],
  ['the skew by its name', { given: 'const skewSeconds = 30;', want: [30] }],
  ['a file mode by its name', { given: 'write(path, text, { mode: 0o600 });', want: [384] }],
  [
    'a single state in a comparison (typed by the compiler)',
    { given: `if (d.status === 'running') go();`, want: [] },
  ],
  ['an operation id (typed by the compiler)', { given: `ctx.call('dreams.cancel', input);`, want: [] }],
  [
    'an ordinary number with another name',
    { given: 'const retries = 100; setTimeout(f, 10_000);', want: [] },
  ],
  ['a field name', { given: `const field = 'workspace_id';`, want: [] }],
  ['one list member alone', { given: `const alg = 'RS256';`, want: [] }],
  ['an HTTP status', { given: 'reply.status(400);', want: [] }],
  ['an import specifier', { given: `import { x } from '/v1/dreams';`, want: [] }],
];
// biome-ignore-end lint/suspicious/noTemplateCurlyInString: the snippets are source text with templates

describe('the restatement scanner', () => {
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(found(given).map(([literal]) => literal)).toEqual(want);
  });

  it('names the spec constant a literal equals', () => {
    expect(found(`const h = 'x-api-key';`)).toEqual([['x-api-key', 'access.API_KEY_HEADER']]);
  });
});

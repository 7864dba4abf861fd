/**
 * One vendor name everywhere: the validators are generated once, for the published name, and judge
 * the values of a server built for another name (`{ vendor }`) as that vendor's spec says. Over
 * every named schema (every response form) and every operation's request validators: values of
 * the other vendor's spec get TypeBox's verdict on that spec, and no message names a placeholder
 * (a published model, key prefix or header) that the value did not carry.
 */
import type { TSchema } from '@sinclair/typebox';
import { createSpec, escapeRegExp, vendor as published } from '@vendor-api/spec';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mixed } from '../src/arbitrary.js';
import { type Result, validateRequest, validateResponse, validateSchema } from '../src/index.js';
import { typeboxVerdict } from './typebox.js';

const other = createSpec('acme');
const v = other.vendor;
const refs = other.schemas as Record<string, Record<string, unknown>>;
const references = Object.values(other.schemas) as TSchema[];

/** Every name the published vendor derives: none may reach a message about a value without it. */
const PLACEHOLDERS = new RegExp(
  [...published.models.all, ...Object.values(published.prefixes), ...Object.values(published.headers)]
    .map(escapeRegExp)
    .join('|'),
);
const messageOf = (result: Result<unknown>) => (result.ok ? '' : result.error.error.message);
const carriesPlaceholder = (value: unknown) => PLACEHOLDERS.test(JSON.stringify(value) ?? '');

describe(`validators for another vendor name (${v.name})`, () => {
  for (const [name, schema] of Object.entries(other.schemas)) {
    it(`${name}: the other vendor's values get its spec's verdict, in its names, in every form`, () => {
      fc.assert(
        fc.property(mixed(schema as Record<string, unknown>, { refs }), (value) => {
          const result = validateSchema(name, value, { vendor: v });
          expect({ value, ok: result.ok }).toEqual({
            value,
            ok: typeboxVerdict(schema, references, value, result),
          });
          for (const mode of ['strict', 'lenient', 'contract'] as const) {
            const message = messageOf(validateSchema(name, value, { vendor: v, mode }));
            if (!carriesPlaceholder(value)) expect(message).not.toMatch(PLACEHOLDERS);
          }
        }),
        { numRuns: 40 },
      );
    });
  }

  for (const e of other.endpoints) {
    it(`${e.id}: requests and responses are judged in the other vendor's names`, () => {
      const part = (schema: TSchema | undefined) =>
        schema === undefined ? fc.constant(undefined) : mixed(schema as Record<string, unknown>, { refs });
      const headers = fc.record(
        { [v.headers.version]: fc.constant(v.apiVersion), [v.headers.beta]: fc.constant(e.betas.join(',')) },
        { requiredKeys: [] },
      );
      const request = fc.record({
        headers,
        path: part(e.params.path),
        query: part(e.params.query),
        body: part(e.body?.schema),
      });
      fc.assert(
        fc.property(request, (parts) => {
          const result = validateRequest(e.id, structuredClone(parts) as never, { vendor: v });
          if (!carriesPlaceholder(parts)) expect(messageOf(result)).not.toMatch(PLACEHOLDERS);
        }),
        { numRuns: 40 },
      );
      // Without headers, the one it names is the other vendor's.
      expect(messageOf(validateRequest(e.id, {}, { vendor: v }))).toContain(v.headers.version);
      const response = e.success.response.schema;
      if (response !== undefined) {
        fc.assert(
          fc.property(part(response), (body) => {
            const result = validateResponse(e.id, e.success.status, body, { vendor: v, mode: 'lenient' });
            if (!carriesPlaceholder(body)) expect(messageOf(result)).not.toMatch(PLACEHOLDERS);
          }),
          { numRuns: 20 },
        );
      }
    });
  }

  it("a published name is not one of the other vendor's names: dream models, key and token prefixes", () => {
    const [model] = published.models.all;
    expect(validateSchema('DreamModel', model).ok).toBe(true);
    const refused = validateSchema('DreamModel', model, { vendor: v });
    expect(refused.ok).toBe(false);
    // It names the other vendor's models, and the value as it was sent.
    expect(messageOf(refused)).toContain(v.models.all.join('", "'));
    expect(validateSchema('DreamModel', v.models.opus, { vendor: v }).ok).toBe(true);
    expect(validateSchema('AccessToken', `${published.prefixes.accessToken}x`, { vendor: v }).ok).toBe(false);
    expect(validateSchema('AccessToken', `${v.prefixes.accessToken}x`, { vendor: v }).ok).toBe(true);
    expect(validateSchema('AdminApiKey', `${published.prefixes.adminKey}01-x`, { vendor: v }).ok).toBe(false);
  });

  it('dream creation refuses a published model and names the models of the other vendor', () => {
    const body = {
      inputs: [
        { type: 'memory_store', memory_store_id: 'memstore_1' },
        { type: 'sessions', session_ids: ['s1'] },
      ],
      model: published.models.opus,
    };
    const headers = { [v.headers.version]: v.apiVersion, [v.headers.beta]: 'x' };
    const refused = validateRequest('dreams.create', { headers, body }, { vendor: v });
    const message = messageOf(refused);
    expect(refused.ok).toBe(false);
    expect(message).toContain(v.models.opus);
    expect(message.replaceAll(JSON.stringify(published.models.opus), '')).not.toMatch(PLACEHOLDERS);
    const accepted = validateRequest(
      'dreams.create',
      { headers, body: { ...body, model: v.models.opus } },
      { vendor: v },
    );
    expect(accepted).toMatchObject({ ok: true, value: { body: { model: v.models.opus } } });
  });

  it("values come back as they were sent: the other vendor's names, and a published one where any string goes", () => {
    const headers = { [v.headers.version]: v.apiVersion };
    for (const model of [v.models.sonnet, published.models.sonnet, `${v.prefixes.adminKey}-like`]) {
      const body = { model, max_tokens: 8, messages: [{ role: 'user', content: published.models.opus }] };
      const result = validateRequest('messages.create', { headers, body }, { vendor: v });
      expect(result).toEqual({ ok: true, value: { path: {}, query: {}, body } });
    }
  });
});

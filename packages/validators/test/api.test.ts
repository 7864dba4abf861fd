/**
 * The hand-written API: request parts with coercion and defaults, error bodies that name the
 * field, strict and lenient responses.
 */
import { spec } from '@vendor-api/spec';
import { describe, expect, it } from 'vitest';
import {
  fieldPath,
  normalizeHeaders,
  operationIds,
  validateRequest,
  validateResponse,
  validateSchema,
} from '../src/index.js';

const v = spec.vendor;
const headers = (betas: readonly string[] = []) => ({
  [v.headers.version]: v.apiVersion,
  ...(betas.length ? { [v.headers.beta]: betas.join(',') } : {}),
});

describe('validators API', () => {
  it('has validators for every operation of the spec', () => {
    expect([...operationIds].sort()).toEqual(spec.endpoints.map((e) => e.id).sort());
  });

  it('turns JSON pointers into field paths', () => {
    expect(fieldPath('body', '/inputs/0/session_ids')).toBe('body.inputs[0].session_ids');
    expect(fieldPath('query', '/workspace_ids[]')).toBe('query["workspace_ids[]"]');
    expect(fieldPath('body', '')).toBe('body');
  });

  it('normalizes header names and repeated values', () => {
    expect(normalizeHeaders({ 'X-A': '1', 'x-b': ['a', 'b'], 'x-c': undefined })).toEqual({
      'x-a': '1',
      'x-b': 'a,b',
    });
  });

  it('rejects a request without the version header, naming it', () => {
    const op = spec.endpoints[0]!;
    const result = validateRequest(op.id, { headers: {}, path: {}, query: {}, body: {} });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.type).toBe('error');
      expect(result.error.error.type).toBe('invalid_request_error');
      expect(result.error.error.message).toContain(
        `headers.${v.headers.version}`.replace(`.${v.headers.version}`, ''),
      );
      expect(result.error.error.message).toContain(v.headers.version);
    }
  });

  it('rejects a wrong version header value', () => {
    const op = spec.endpoints.find((e) => !e.body && !e.params.path && !e.params.query)!;
    if (!op) return;
    const result = validateRequest(op.id, { headers: { [v.headers.version]: '1999-01-01' } });
    expect(result.ok).toBe(false);
  });

  it('requires the beta header on operations that need betas', () => {
    for (const e of spec.endpoints.filter((x) => x.betas.length)) {
      const result = validateRequest(e.id, { headers: headers(), path: {}, query: {} });
      expect(result.ok, e.id).toBe(false);
      if (!result.ok) expect(result.error.error.message, e.id).toContain(v.headers.beta);
    }
  });

  it('coerces query strings and fills documented defaults, on copies', () => {
    for (const e of spec.endpoints.filter((x) => x.params.query?.properties.limit)) {
      const limit = e.params.query!.properties.limit as { minimum?: number; maximum?: number; type?: string };
      if (limit.type !== 'integer') continue;
      const value = String(limit.minimum ?? 1);
      const query = { limit: value };
      const result = validateRequest(e.id, { headers: headers(e.betas), path: pathFor(e.id), query });
      expect(result.ok, `${e.id} ${JSON.stringify(result)}`).toBe(true);
      if (result.ok) expect(result.value.query.limit, e.id).toBe(Number(value));
      expect(query.limit).toBe(value);
    }
  });

  it('answers an unknown operation with a TypeError, not a crash of the caller', () => {
    expect(() => validateRequest('nope.nothing', {})).toThrow(TypeError);
    expect(() => validateSchema('Nope', {})).toThrow(TypeError);
  });

  it('validates error responses against the error body, strictly', () => {
    const op = spec.endpoints[0]!.id;
    expect(
      validateResponse(op, 400, { type: 'error', error: { type: 'invalid_request_error', message: 'x' } }).ok,
    ).toBe(true);
    expect(validateResponse(op, 400, { type: 'error' }).ok).toBe(false);
  });

  it('lenient mode tolerates unknown fields and enum values where strict mode refuses them', () => {
    const counts = { processing: 0, succeeded: 1, errored: 0, canceled: 0, expired: 0 };
    expect(validateSchema('MessageBatchRequestCounts', counts).ok).toBe(true);
    const extra = { ...counts, added_later: 3 };
    const strict = validateSchema('MessageBatchRequestCounts', extra);
    expect(strict.ok).toBe(false);
    if (!strict.ok) expect(strict.error.error.message).toContain('added_later');
    expect(validateSchema('MessageBatchRequestCounts', extra, { mode: 'lenient' }).ok).toBe(true);
    expect(validateSchema('DreamStatus', 'paused').ok).toBe(false);
    expect(validateSchema('DreamStatus', 'paused', { mode: 'lenient' }).ok).toBe(true);
    // Lenient is not lax: a wrong type is still refused.
    expect(
      validateSchema('MessageBatchRequestCounts', { ...counts, succeeded: 'one' }, { mode: 'lenient' }).ok,
    ).toBe(false);
  });
});

function pathFor(operationId: string): Record<string, string> {
  const e = spec.endpoints.find((x) => x.id === operationId)!;
  const out: Record<string, string> = {};
  for (const [name, schema] of Object.entries(e.params.path?.properties ?? {})) {
    const pattern = (schema as { pattern?: string }).pattern;
    const prefix = pattern?.match(/^\^([a-z]+_)/)?.[1] ?? '';
    out[name] = `${prefix}abc123`;
  }
  return out;
}

describe('cross-field rules from the spec', () => {
  const h = (id: string) => headers(spec.endpoints.find((e) => e.id === id)!.betas);
  const item = (custom_id: string) => ({
    custom_id,
    params: { model: v.models.sonnet, max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] },
  });

  it('rejects a batch whose custom_id repeats, naming it', () => {
    const ok = validateRequest('messages.batches.create', {
      headers: h('messages.batches.create'),
      body: { requests: [item('a'), item('b')] },
    });
    expect(ok.ok).toBe(true);
    const dup = validateRequest('messages.batches.create', {
      headers: h('messages.batches.create'),
      body: { requests: [item('a'), item('b'), item('a')] },
    });
    expect(dup.ok).toBe(false);
    if (!dup.ok) {
      expect(dup.error.error.type).toBe('invalid_request_error');
      expect(dup.error.error.message).toContain('"a"');
    }
  });

  it('rejects a dream with two memory-store inputs', () => {
    const body = {
      model: v.models.opus,
      inputs: [
        { type: 'memory_store', memory_store_id: 'memstore_1' },
        { type: 'memory_store', memory_store_id: 'memstore_2' },
      ],
    };
    const r = validateRequest('dreams.create', { headers: h('dreams.create'), body });
    expect(r.ok).toBe(false);
  });
});

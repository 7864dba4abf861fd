import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/endpoints/messages.js';
import { requirements } from '../../src/requirements/messages.js';
import { unspecified } from '../../src/unspecified/messages.js';
import { defineVendor } from '../../src/vendor.js';

const byId = (id: string) => {
  const e = endpoints.find((x) => x.id === id);
  if (!e) throw new Error(`no endpoint ${id}`);
  return e;
};

describe('messages endpoints', () => {
  it('declares exactly messages.create and messages.count_tokens', () => {
    expect(endpoints.map((e) => e.id)).toEqual(['messages.create', 'messages.count_tokens']);
  });

  it.each([
    ['messages.create', '/v1/messages', 'MessageCreateParams', 'Message'],
    ['messages.count_tokens', '/v1/messages/count_tokens', 'MessageCountTokensParams', 'MessageTokensCount'],
  ])('%s is POST %s with body %s answering %s', (id, path, body, response) => {
    const e = byId(id);
    expect(e.method).toBe('POST');
    expect(e.path).toBe(path);
    expect(e.family).toBe('messages');
    expect(e.body).toMatchObject({ required: true, schema: { $ref: body } });
    expect(e.success.response.schema).toMatchObject({ $ref: response });
    expect(e.pagination).toEqual({ style: 'none' });
  });

  it.each(['messages.create', 'messages.count_tokens'])(
    '%s accepts a workspace key or a workspace:developer token, needs no beta, and lists the scope 403 (MSG-AUTH-*)',
    (id) => {
      const e = byId(id);
      expect(e.auth).toEqual(['workspace_key', 'access_token']);
      expect(e.scope).toBe('workspace:developer');
      expect(e.betas).toEqual([]);
      expect(e.errors).toEqual([expect.objectContaining({ status: 403, type: null })]);
    },
  );
});

describe('messages catalog', () => {
  const v = defineVendor('acme');
  const reqs = requirements(v);
  const unspecs = unspecified(v);

  it('uses only the MSG- and TOKENS- prefixes', () => {
    for (const r of reqs) expect(r.id).toMatch(/^(MSG|TOKENS)-[A-Z0-9-]+$/);
    for (const u of unspecs) expect(u.id).toMatch(/^UNSPEC-(MSG|TOKENS)-[A-Z0-9-]+$/);
  });

  it('names the models of the vendor it is built for', () => {
    const named = reqs.find((r) => r.id === 'MSG-MODELS-NAMED');
    expect(named?.statement).toContain('acme-opus-4-7');
    expect(named?.statement).toContain('acme-sonnet-4-6');
  });

  it('marks the token-count estimate and billing facts untestable', () => {
    for (const id of [
      'TOKENS-ESTIMATE',
      'TOKENS-SYSTEM-OPTIMIZATION-UNBILLED',
      'TOKENS-SERVER-TOOLS-FIRST-SAMPLING',
    ]) {
      expect(reqs.find((r) => r.id === id)?.observability).toBe('untestable');
    }
  });

  it('cites only ids of its own catalog from its endpoints', () => {
    const ids = new Set(reqs.map((r) => r.id));
    const uids = new Set(unspecs.map((u) => u.id));
    for (const e of endpoints) {
      for (const id of [...e.requirements, ...e.errors.flatMap((x) => x.requirements)])
        expect(ids.has(id), id).toBe(true);
      for (const id of e.unspecified) expect(uids.has(id), id).toBe(true);
    }
  });
});

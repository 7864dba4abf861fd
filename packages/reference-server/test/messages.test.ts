import { describe, expect, it } from 'vitest';
import { expectValid, MODEL, setup } from './helpers.js';

describe('messages', () => {
  it('messages.create answers a valid message from the stand-in model', async () => {
    const { call } = setup();
    const body = { model: MODEL, max_tokens: 64, messages: [{ role: 'user', content: 'Count these words' }] };
    const res = await call('POST', '/v1/messages', { body });
    expect(res.status).toBe(200);
    expectValid('messages.create', 200, res.json);
    expect(res.json).toMatchObject({
      type: 'message',
      role: 'assistant',
      model: MODEL,
      stop_reason: 'end_turn',
    });
    expect(String(res.json?.id)).toMatch(/^msg_/);
  });

  it('is deterministic: the same request gives the same content and usage', async () => {
    const a = setup();
    const b = setup();
    const body = { model: MODEL, max_tokens: 64, messages: [{ role: 'user', content: 'Same input' }] };
    const ra = await a.call('POST', '/v1/messages', { body });
    const rb = await b.call('POST', '/v1/messages', { body });
    expect(ra.json).toEqual(rb.json);
  });

  it('stops at max_tokens', async () => {
    const { call } = setup();
    const body = { model: MODEL, max_tokens: 2, messages: [{ role: 'user', content: 'a b c d e f' }] };
    const res = await call('POST', '/v1/messages', { body });
    expectValid('messages.create', 200, res.json);
    expect(res.json?.usage).toMatchObject({ output_tokens: 2 });
    expect(res.json?.stop_reason).toBe('max_tokens');
  });

  it('count_tokens equals usage.input_tokens of the same request', async () => {
    const { call } = setup();
    const messages = [{ role: 'user', content: [{ type: 'text', text: 'How many tokens is this?' }] }];
    const count = await call('POST', '/v1/messages/count_tokens', {
      body: { model: MODEL, messages, system: 'Be brief.' },
    });
    expect(count.status).toBe(200);
    expectValid('messages.count_tokens', 200, count.json);
    const created = await call('POST', '/v1/messages', {
      body: { model: MODEL, max_tokens: 10, messages, system: 'Be brief.' },
    });
    expect((created.json?.usage as { input_tokens: number } | undefined)?.input_tokens).toBe(
      count.json?.input_tokens,
    );
  });

  it('count_tokens ignores thinking blocks of earlier assistant turns but counts the current one', async () => {
    const { call } = setup();
    const thinking = { type: 'thinking', thinking: 'many private thoughts here', signature: 'sig' };
    const base = [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: [{ type: 'text', text: 'Hello' }] },
      { role: 'user', content: 'Again' },
    ];
    const withEarlier = [
      base[0],
      { role: 'assistant', content: [thinking, { type: 'text', text: 'Hello' }] },
      base[2],
    ];
    const count = async (messages: unknown[]) =>
      (await call('POST', '/v1/messages/count_tokens', { body: { model: MODEL, messages } })).json
        ?.input_tokens as number;
    expect(await count(withEarlier)).toBe(await count(base));
    const current = [...base, { role: 'assistant', content: [thinking] }];
    const currentEmpty = [...base, { role: 'assistant', content: [{ type: 'text', text: '' }] }];
    expect(await count(current)).toBeGreaterThan(await count(currentEmpty));
  });
});

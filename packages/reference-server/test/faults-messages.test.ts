import { describe, expect, it } from 'vitest';
import { faultsIn, faultTests } from './fault-tests.js';
import { MODEL, setup } from './helpers.js';

const faults = faultsIn('messages');

const thinking = { type: 'thinking', thinking: 'many private thoughts here', signature: 'sig' };
const base = [
  { role: 'user', content: 'Hi' },
  { role: 'assistant', content: [{ type: 'text', text: 'Hello' }] },
  { role: 'user', content: 'Again' },
];
const withEarlierThinking = [
  base[0],
  { role: 'assistant', content: [thinking, { type: 'text', text: 'Hello' }] },
  base[2],
];
const withCurrentThinking = [...base, { role: 'assistant', content: [thinking] }];
const withCurrentEmpty = [...base, { role: 'assistant', content: [{ type: 'text', text: '' }] }];

async function counter(names: string[]) {
  const { call } = setup({ faults: names });
  return async (messages: unknown[]) => {
    const res = await call('POST', '/v1/messages/count_tokens', { body: { model: MODEL, messages } });
    expect(res.status).toBe(200);
    return res.json?.input_tokens as number;
  };
}

const { faultTest, tested } = faultTests(faults);

describe('seeded faults: messages', () => {
  faultTest('TOKENS_EARLIER_THINKING_COUNTED', 'thinking of earlier assistant turns is counted', async () => {
    const good = await counter([]);
    expect(await good(withEarlierThinking)).toBe(await good(base));
    const bad = await counter(['TOKENS_EARLIER_THINKING_COUNTED']);
    expect(await bad(withEarlierThinking)).toBeGreaterThan(await bad(base));
    // The current turn's thinking still counts as it should.
    expect(await bad(withCurrentThinking)).toBe(await good(withCurrentThinking));
  });

  faultTest(
    'TOKENS_CURRENT_THINKING_IGNORED',
    'thinking of the current assistant turn is left out',
    async () => {
      const good = await counter([]);
      expect(await good(withCurrentThinking)).toBeGreaterThan(await good(withCurrentEmpty));
      const bad = await counter(['TOKENS_CURRENT_THINKING_IGNORED']);
      expect(await bad(withCurrentThinking)).toBe(await bad(withCurrentEmpty));
      // Earlier thinking is still ignored as it should be.
      expect(await bad(withEarlierThinking)).toBe(await good(withEarlierThinking));
    },
  );

  it('every messages fault of the catalog has a test here', () => {
    expect([...tested].sort()).toEqual(faults.map((f) => f.name).sort());
  });
});

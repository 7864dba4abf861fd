import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ContentBlockParam } from '../../src/resources/messages.js';
import {
  countableContent,
  currentAssistantTurnIndex,
  misplacedThinkingTurns,
  normalizeContent,
  requirementIds,
} from '../../src/rules/messages.js';

const text = (t: string): ContentBlockParam => ({ type: 'text', text: t });
const think = (t: string): ContentBlockParam => ({ type: 'thinking', thinking: t, signature: `sig-${t}` });

function value<T>(r: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!r.ok) throw new Error(`expected ok, got error: ${r.error}`);
  return r.value;
}

describe('normalizeContent (MSG-TURN-CONTENT)', () => {
  it.each([
    ['a string becomes one text block', 'Hi', [text('Hi')]],
    ['the empty string becomes one empty text block', '', [text('')]],
    ['an array is kept as is', [text('a'), think('b')], [text('a'), think('b')]],
    ['an empty array stays empty', [], []],
  ])('%s', (_, input, want) => {
    expect(value(normalizeContent(input))).toEqual(want);
  });

  it.each([
    ['a number', 3],
    ['null', null],
    ['an object', { type: 'text', text: 'a' }],
    ['an array holding a string', ['a']],
    ['an array holding a block without type', [{ text: 'a' }]],
  ])('answers an error for %s', (_, input) => {
    const r = normalizeContent(input);
    expect(r.ok).toBe(false);
  });

  it('turns any string into exactly one text block holding it', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(value(normalizeContent(s))).toEqual([{ type: 'text', text: s }]);
      }),
    );
  });
});

describe('currentAssistantTurnIndex (UNSPEC-TOKENS-CURRENT-TURN)', () => {
  it.each([
    ['no turns', [], -1],
    ['a final user turn', [{ role: 'user' }], -1],
    ['a final assistant turn', [{ role: 'user' }, { role: 'assistant' }], 1],
    ['an assistant turn followed by a user turn', [{ role: 'assistant' }, { role: 'user' }], -1],
  ])('with %s answers %i', (_, messages, want) => {
    expect(currentAssistantTurnIndex(messages)).toBe(want);
  });
});

describe('countableContent (TOKENS-THINKING-EARLIER-IGNORED, TOKENS-THINKING-CURRENT-COUNTS)', () => {
  it('ignores thinking of an earlier assistant turn followed by a user turn', () => {
    const r = value(
      countableContent({
        model: 'm',
        messages: [
          { role: 'user', content: 'Q1' },
          { role: 'assistant', content: [think('t1'), text('A1')] },
          { role: 'user', content: 'Q2' },
        ],
      }),
    );
    expect(r.messages.map((m) => m.content)).toEqual([[text('Q1')], [text('A1')], [text('Q2')]]);
  });

  it('counts thinking of the current (final) assistant turn and ignores earlier ones', () => {
    const r = value(
      countableContent({
        model: 'm',
        messages: [
          { role: 'user', content: 'Q1' },
          { role: 'assistant', content: [think('t1'), text('A1')] },
          { role: 'user', content: 'Q2' },
          { role: 'assistant', content: [think('t2'), text('A2')] },
        ],
      }),
    );
    expect(r.messages[1]?.content).toEqual([text('A1')]);
    expect(r.messages[3]?.content).toEqual([think('t2'), text('A2')]);
  });

  it('normalises string content to one text block', () => {
    const r = value(countableContent({ model: 'm', messages: [{ role: 'user', content: 'Hi' }] }));
    expect(r.messages).toEqual([{ role: 'user', content: [text('Hi')] }]);
  });

  it('answers null system and no tools when they are absent (TOKENS-BODY-SYSTEM, TOKENS-BODY-TOOLS)', () => {
    const r = value(countableContent({ model: 'm', messages: [] }));
    expect(r).toEqual({ system: null, tools: [], messages: [] });
  });

  it('keeps system and tools when given', () => {
    const tool = {
      name: 't',
      description: 'd',
      input_schema: { type: 'object', properties: {}, required: [] },
    };
    const r = value(countableContent({ model: 'm', system: 'S', tools: [tool], messages: [] }));
    expect(r.system).toBe('S');
    expect(r.tools).toEqual([tool]);
  });

  it.each([
    ['params that are not an object', null],
    ['params that are an array', []],
    ['a missing messages', { model: 'm' }],
    ['messages that is not an array', { messages: {} }],
    ['a turn that is not an object', { messages: ['hi'] }],
    ['a turn with an unknown role', { messages: [{ role: 'system', content: 'x' }] }],
    ['a turn with numeric content', { messages: [{ role: 'user', content: 1 }] }],
    ['a non-string system', { system: ['x'], messages: [] }],
    ['tools that is not an array', { tools: {}, messages: [] }],
  ])('answers an error for %s', (_, params) => {
    const r = countableContent(params);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.length).toBeGreaterThan(0);
  });

  const block = fc.oneof(fc.string().map(text), fc.string().map(think));
  const turn = fc.record({
    role: fc.constantFrom('user' as const, 'assistant' as const),
    content: fc.oneof(fc.string(), fc.array(block, { maxLength: 4 })),
  });

  it('drops exactly the thinking blocks of assistant turns other than the current one', () => {
    fc.assert(
      fc.property(fc.array(turn, { maxLength: 8 }), (messages) => {
        const r = value(countableContent({ model: 'm', messages }));
        const current = currentAssistantTurnIndex(messages);
        r.messages.forEach((m, i) => {
          const original = value(normalizeContent(messages[i]?.content));
          const dropThinking = m.role === 'assistant' && i !== current;
          expect(m.content).toEqual(dropThinking ? original.filter((b) => b.type !== 'thinking') : original);
        });
      }),
    );
  });

  it('is unchanged by adding thinking blocks to an earlier assistant turn', () => {
    fc.assert(
      fc.property(
        fc.array(turn, { minLength: 1, maxLength: 6 }),
        fc.array(fc.string().map(think), { minLength: 1, maxLength: 3 }),
        (prefix, thoughts) => {
          const base = [
            ...prefix,
            { role: 'assistant' as const, content: [text('A')] },
            { role: 'user' as const, content: 'Q' },
          ];
          const withThinking = [
            ...prefix,
            { role: 'assistant' as const, content: [...thoughts, text('A')] },
            { role: 'user' as const, content: 'Q' },
          ];
          expect(value(countableContent({ messages: withThinking }))).toEqual(
            value(countableContent({ messages: base })),
          );
        },
      ),
    );
  });

  it('changes when thinking is added to the current assistant turn', () => {
    fc.assert(
      fc.property(fc.array(turn, { maxLength: 6 }), fc.string(), (prefix, thought) => {
        const base = [...prefix, { role: 'assistant' as const, content: [text('A')] }];
        const withThinking = [
          ...prefix,
          { role: 'assistant' as const, content: [think(thought), text('A')] },
        ];
        expect(value(countableContent({ messages: withThinking }))).not.toEqual(
          value(countableContent({ messages: base })),
        );
      }),
    );
  });
});

describe('misplacedThinkingTurns (MSG-BLOCK-THINKING-ASSISTANT-ONLY)', () => {
  it.each([
    ['no thinking', [{ role: 'user', content: [text('a')] }], []],
    ['thinking in an assistant turn', [{ role: 'assistant', content: [think('a')] }], []],
    [
      'thinking in a user turn',
      [
        { role: 'assistant', content: 'x' },
        { role: 'user', content: [think('a')] },
      ],
      [1],
    ],
    ['string content', [{ role: 'user', content: 'thinking' }], []],
  ])('with %s answers %j', (_, messages, want) => {
    expect(value(misplacedThinkingTurns(messages))).toEqual(want);
  });
  it('answers an error for a non-array', () => expect(misplacedThinkingTurns('x').ok).toBe(false));
  it('answers an error for a turn that is not an object', () =>
    expect(misplacedThinkingTurns([1]).ok).toBe(false));
});

describe('rules/messages requirement ids', () => {
  it('names the two token-counting thinking rules', () => {
    expect(requirementIds).toContain('TOKENS-THINKING-EARLIER-IGNORED');
    expect(requirementIds).toContain('TOKENS-THINKING-CURRENT-COUNTS');
  });
});

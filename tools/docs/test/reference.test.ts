/**
 * The reference page and the Redoc copy of the document: each operation under its short title,
 * method and path first, then parameters, request body and responses, then its notes (the
 * operations its responses link to, the machine rows it drives, what the documents leave open,
 * its requirement ids); code samples and examples beside it; no Markdown left as text; the
 * published document unchanged.
 */
import { document } from '@vendor-api/openapi';
import { spec } from '@vendor-api/spec';
import { describe, expect, it } from 'vitest';
import { operationHref } from '../src/html.js';
import { blocks, inline, plain } from '../src/markdown.js';
import { annotate, notesHtml, type Obj, operations, UNSPECIFIED_MARK } from '../src/reference.js';
import { referencePage } from '../src/reference-page.js';

const before = JSON.stringify(document);
const all = operations(document, spec);
const html = referencePage(document, spec);

/** The HTML of one operation's section of the page. */
function section(id: string): string {
  const start = html.indexOf(`data-operation="${id}"`);
  expect(start, id).toBeGreaterThan(0);
  const end = html.indexOf('</section>', start);
  return html.slice(start, end);
}

/** Text outside tags and outside code blocks (`<pre>`): what reads as prose. */
const prose = (text: string) =>
  text
    .replace(/<pre[\s\S]*?<\/pre>/g, '')
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, '')
    .replace(/<code>[\s\S]*?<\/code>/g, '')
    .replace(/<[^>]+>/g, '');

describe('inline Markdown', () => {
  const cases: [string, { given: string; want: string }][] = [
    [
      'code spans',
      { given: 'the `status` is `pending`', want: 'the <code>status</code> is <code>pending</code>' },
    ],
    ['escaped text', { given: 'a <b> & `<c>`', want: 'a &lt;b&gt; &amp; <code>&lt;c&gt;</code>' }],
    [
      'bold and links',
      {
        given: '**Note** see [the list](unspecified.html)',
        want: '<strong>Note</strong> see <a href="unspecified.html">the list</a>',
      },
    ],
    ['markup inside code stays text', { given: '`**x**`', want: '<code>**x**</code>' }],
  ];
  it.each(cases)('%s', (_, { given, want }) => {
    expect(inline(given)).toBe(want);
  });
  it('paragraphs and lists; plain words for titles', () => {
    expect(blocks('one\n\n- a `b`\n- c')).toBe('<p>one</p>\n<ul><li>a <code>b</code></li><li>c</li></ul>');
    expect(plain('the `status` of [a](b) **now**')).toBe('the status of a now');
  });
});

describe('the reference page', () => {
  it('has a section per operation at its address, under its short title, linked from the sidebar', () => {
    expect(all).toHaveLength(spec.endpoints.length);
    for (const { e } of all) {
      const anchor = operationHref(e).split('#')[1] ?? '';
      expect(html, e.id).toContain(`id="${anchor}" data-operation="${e.id}"`);
      expect(html, e.id).toContain(
        `<a href="#${anchor}"><span class="method method-${e.method.toLowerCase()}">`,
      );
      expect(section(e.id)).toContain(`>${e.title}</a></h3>`);
    }
  });

  it('shows method and path, summary, parameters, body and responses before the notes, and the samples beside them', () => {
    for (const { e, op } of all) {
      const s = section(e.id);
      const order = [
        `<p class="endpoint"><span class="method method-${e.method.toLowerCase()}">${e.method}</span>`,
        '<div class="op-summary">',
        '<h4>Parameters</h4>',
        ...(op.requestBody ? ['<h4>Request body'] : []),
        '<h4>Responses</h4>',
        '<div class="notes">',
        '<aside class="op-samples">',
      ].map((marker) => s.indexOf(marker));
      expect(order, e.id).not.toContain(-1);
      expect(
        [...order].sort((a, b) => a - b),
        e.id,
      ).toEqual(order);
      for (const sample of op['x-codeSamples'] as Obj[])
        expect(s, e.id).toContain(`>${sample.label}</button>`);
      if (op.requestBody) expect(s, e.id).toContain('>JSON body</button>');
      // A panel per status, but a status a server may answer instead of the shown one (its body the
      // same), which the list of responses names and the panels do not repeat.
      const others = (e.success.others ?? []).map((o) => String(o.status));
      for (const status of Object.keys(op.responses)) {
        const panel = `data-panel="${status}"`;
        if (others.includes(status)) {
          expect(s, `${e.id} ${status}`).not.toContain(panel);
          expect(s, `${e.id} ${status}`).toContain(`status-ok">${status}</span>`);
        } else expect(s, `${e.id} ${status}`).toContain(panel);
      }
    }
  });

  it('leaves no Markdown as text: no backtick or double asterisk outside code', () => {
    expect(prose(html)).not.toMatch(/`|\*\*/);
  });

  it('names in its notes the operations a response links to, the machine rows, what is not specified and the requirements', () => {
    let links = 0;
    for (const { e, op } of all) {
      const notes = notesHtml(e, op, spec);
      for (const response of Object.values(op.responses as Obj))
        for (const link of Object.values((response.links ?? {}) as Obj)) {
          const target = spec.endpoints.find((x) => x.id === link.operationId)!;
          expect(notes, e.id).toContain(`href="${operationHref(target)}"`);
          links++;
        }
      for (const id of e.unspecified) expect(notes, e.id).toContain(`href="unspecified.html#${id}"`);
      if (e.unspecified.length) expect(notes).toContain(UNSPECIFIED_MARK);
      for (const id of e.requirements) expect(notes, e.id).toContain(id);
    }
    expect(links).toBeGreaterThan(0);
    for (const m of Object.values(spec.machines))
      for (const event of Object.values(m.events as Record<string, { operation?: string }>)) {
        if (!event.operation) continue;
        const hit = all.find(({ e }) => e.id === event.operation)!;
        expect(notesHtml(hit.e, hit.op, spec)).toContain(`href="machines/${m.id}.html"`);
      }
  });

  it("tells an operation's machine rows apart (rows from one state differ by their condition)", () => {
    const token = all.find(({ e }) => e.id === 'oauth.token')!;
    const rows = notesHtml(token.e, token.op, spec).match(/<li>[\s\S]*?<\/li>/g) ?? [];
    expect(new Set(rows).size).toBe(rows.length);
    expect(rows.some((r) => r.includes('(when '))).toBe(true);
  });
});

describe('the copy Redoc renders', () => {
  const annotated = annotate(document, spec);
  it('titles each operation shortly and folds its notes below its summary; marks bodies not shown', () => {
    for (const { e, op } of operations(annotated, spec)) {
      expect(op.summary).toBe(e.title);
      expect(op.description.startsWith(e.summary)).toBe(true);
      expect(op.description).toContain('<details class="notes">');
      for (const response of Object.values(op.responses as Obj))
        if (response['x-unspecified']) expect(response.description).toContain(UNSPECIFIED_MARK);
    }
  });

  it('leaves the published document unchanged', () => {
    expect(JSON.stringify(document)).toBe(before);
  });
});

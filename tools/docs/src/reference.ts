/**
 * What the reference says about an operation beyond its request and response: the operations its
 * responses link to, the state-machine rows it drives, what its documents leave open (the spec's
 * Unspecified items) and the requirement ids it serves. The reference page shows these notes after
 * the parameters and responses; the Redoc rendering gets a copy of the document whose operations
 * carry them in their description. The published document is not changed.
 */
import { SAMPLE_LABELS } from '@vendor-api/codegen';
import type { AnyMachine, Endpoint, VendorSpec } from '@vendor-api/spec';
import { escapeHtml, operationHref, unspecifiedHref } from './html.js';
import { guardText, outcomeHtml } from './machines.js';
import { blocks, inline } from './markdown.js';

// biome-ignore lint/suspicious/noExplicitAny: parts of an OpenAPI document of any shape
export type Obj = Record<string, any>;
export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Marks every place the documents leave open; the phrase the browser test looks for. */
export const UNSPECIFIED_MARK = 'Not specified by the documents';

const code = (text: string) => `<code>${escapeHtml(text)}</code>`;

/** Every operation of a document with its spec entry, in the spec's order. */
export function operations(document: unknown, spec: VendorSpec): { e: Endpoint; op: Obj; path: string }[] {
  const found = new Map<string, { op: Obj; path: string }>();
  for (const [path, item] of Object.entries((document as Obj).paths as Obj))
    for (const method of METHODS)
      if (item[method]) found.set(item[method].operationId, { op: item[method], path });
  return spec.endpoints.flatMap((e) => {
    const hit = found.get(e.id);
    return hit ? [{ e, ...hit }] : [];
  });
}

/** The code samples of each operation of a document (`x-codeSamples`), by operation id. */
export function documentSamples(document: unknown): Map<string, { curl: string; client: string }> {
  const out = new Map<string, { curl: string; client: string }>();
  for (const item of Object.values((document as Obj).paths as Obj))
    for (const method of METHODS) {
      const op = item[method];
      if (!op?.operationId) continue;
      const by = (label: string) =>
        String(((op['x-codeSamples'] ?? []) as Obj[]).find((s) => s.label === label)?.source ?? '');
      out.set(op.operationId, { curl: by(SAMPLE_LABELS.curl), client: by(SAMPLE_LABELS.client) });
    }
  return out;
}

function machineNotes(e: Endpoint, machines: readonly AnyMachine[]): string[] {
  const out: string[] = [];
  for (const m of machines) {
    for (const [event, def] of Object.entries(m.events as Record<string, { operation?: string }>)) {
      if (def.operation !== e.id) continue;
      const rows = m.rows
        .filter((r) => r.event === event)
        .map((r) => {
          // Rows of one event from one state differ by their condition: it is part of the row.
          const when = guardText(r.when);
          const to = r.to === 'unchanged' ? 'unchanged' : code(r.to);
          return `<li>${r.from.map(code).join(', ')}${when ? ` (when ${escapeHtml(when)})` : ''} → ${to}: ${outcomeHtml(r.outcome)}</li>`;
        });
      out.push(
        `<div class="note note-machine"><h4>State machine</h4><p>The event ${code(event)} of the <a href="machines/${m.id}.html">${escapeHtml(m.id)} state machine</a>:</p><ul>${rows.join('')}</ul></div>`,
      );
    }
  }
  return out;
}

function linkNotes(op: Obj, spec: VendorSpec): string[] {
  const out: string[] = [];
  for (const [status, response] of Object.entries((op.responses ?? {}) as Obj)) {
    const lines: string[] = [];
    for (const link of Object.values((response.links ?? {}) as Obj)) {
      const target = spec.endpoints.find((x) => x.id === link.operationId);
      if (!target) continue;
      const params = Object.entries((link.parameters ?? {}) as Obj)
        .map(([name, from]) => `${code(name)} = ${code(String(from))}`)
        .join(', ');
      const via = link['x-url'] ? `URL from ${code(link['x-url'])}` : params;
      lines.push(
        `<li><a href="${operationHref(target)}">${escapeHtml(target.title)}</a> ${code(target.id)}${via ? ` (${via})` : ''}</li>`,
      );
    }
    if (lines.length)
      out.push(
        `<div class="note note-links"><h4>Next</h4><p>From the ${escapeHtml(status)} response to:</p><ul>${lines.join('')}</ul></div>`,
      );
  }
  return out;
}

function unspecifiedNotes(ids: readonly string[], spec: VendorSpec): string[] {
  if (!ids.length) return [];
  const items = ids.map((id) => {
    const item = spec.unspecified.find((u) => u.id === id);
    return `<li><a href="${unspecifiedHref(id)}">${escapeHtml(id)}</a>: ${item ? inline(item.what) : 'see the list'}</li>`;
  });
  return [
    `<div class="note note-unspecified"><h4>${UNSPECIFIED_MARK}</h4><p>What this operation's documents leave open (never asserted by the conformance suite):</p><ul>${items.join('')}</ul></div>`,
  ];
}

/** The notes of an operation, as HTML: links, machine rows, what is not specified, requirement ids. */
export function notesHtml(e: Endpoint, op: Obj, spec: VendorSpec): string {
  return [
    ...linkNotes(op, spec),
    ...machineNotes(e, Object.values(spec.machines)),
    ...unspecifiedNotes(e.unspecified, spec),
    `<div class="note note-requirements"><h4>Requirements</h4><p>${e.requirements.map((id) => `<span class="req">${escapeHtml(id)}</span>`).join(' ')}</p></div>`,
  ].join('\n');
}

/**
 * The copy of the document Redoc renders: each operation titled by its short title, described by
 * its summary (and the document's own description), its notes folded below; the responses the
 * documents do not show marked.
 */
export function annotate(document: unknown, spec: VendorSpec): Obj {
  const doc = structuredClone(document) as Obj;
  doc.info.description = `${doc.info.description}

The reference of this document, with code samples beside each operation, a getting-started page, each state machine drawn and what the documents leave open: [index.html](index.html).`;
  for (const { e, op } of operations(doc, spec)) {
    const own =
      typeof op.description === 'string' && !op.description.startsWith(e.summary) ? op.description : '';
    op.summary = e.title;
    op.description = `${e.summary}${own ? `\n\n${own}` : ''}\n\n<details class="notes"><summary>Notes: links, state machine, ${UNSPECIFIED_MARK.toLowerCase()}, requirements</summary>\n\n${notesHtml(e, op, spec)}\n\n</details>`;
    for (const response of Object.values((op.responses ?? {}) as Obj)) {
      const id = response['x-unspecified'];
      if (typeof id === 'string')
        response.description = `**${UNSPECIFIED_MARK}** ([${id}](${unspecifiedHref(id)})): ${response.description}`;
    }
  }
  return doc;
}

/** The page listing every Unspecified item, with the operations and machine rows that cite it. */
export function unspecifiedBody(spec: VendorSpec): string {
  const citedBy = new Map<string, string[]>();
  const cite = (id: string, html: string) =>
    citedBy.set(id, [...new Set([...(citedBy.get(id) ?? []), html])]);
  for (const e of spec.endpoints)
    for (const id of e.unspecified) cite(id, `<a href="${operationHref(e)}">${escapeHtml(e.title)}</a>`);
  for (const m of Object.values(spec.machines))
    for (const r of m.rows)
      if (r.outcome.kind === 'unspecified')
        cite(r.outcome.unspecified, `<a href="machines/${m.id}.html">machine ${code(m.id)}</a>`);
  const rows = spec.unspecified
    .map(
      (u) => `<tr id="${escapeHtml(u.id)}" class="unspecified-item">
<td><code>${escapeHtml(u.id)}</code></td><td>${escapeHtml(u.section)}</td><td>${inline(u.what)}</td><td>${inline(u.treatment)}</td><td>${(citedBy.get(u.id) ?? []).join(', ')}</td>
</tr>`,
    )
    .join('\n');
  return `<h1>${UNSPECIFIED_MARK}</h1>
${blocks(`What the source documents do not show or state (${spec.unspecified.length} items). The contract leaves each open: the OpenAPI document marks it \`x-unspecified\` with a permissive schema, and the conformance suite never asserts it in either direction. The treatment says what the reference server chose.`)}
<table><thead><tr><th>id</th><th>section</th><th>not shown</th><th>treatment</th><th>where</th></tr></thead>
<tbody>
${rows}
</tbody></table>`;
}

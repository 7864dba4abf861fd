/**
 * The OpenAPI document as the reference shows it: a copy whose descriptions say, in Markdown the
 * renderer displays, what the document otherwise keeps in extensions: the links to the operations
 * a response leads to, the state-machine rows an operation drives, and the places the documents
 * leave open (the spec's Unspecified items). The published document is not changed.
 */
import type { AnyMachine, Endpoint, Outcome, VendorSpec } from '@vendor-api/spec';
import { escapeHtml, operationHref, unspecifiedHref } from './html.js';
import { guardText } from './machines.js';

// biome-ignore lint/suspicious/noExplicitAny: parts of an OpenAPI document of any shape
type Obj = Record<string, any>;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Marks every place the documents leave open; the phrase the browser test looks for. */
export const UNSPECIFIED_MARK = 'Not specified by the documents';

const outcomeText = (o: Outcome) =>
  o.kind === 'ok'
    ? `${o.status}`
    : o.kind === 'error'
      ? `${o.status}${o.errorType ? ` \`${o.errorType}\`` : ''}`
      : o.kind === 'unspecified'
        ? `not specified ([${o.unspecified}](${unspecifiedHref(o.unspecified)}))`
        : o.kind;

function machineSection(e: Endpoint, machines: readonly AnyMachine[]): string {
  const out: string[] = [];
  for (const m of machines) {
    for (const [event, def] of Object.entries(m.events as Record<string, { operation?: string }>)) {
      if (def.operation !== e.id) continue;
      const rows = m.rows
        .filter((r) => r.event === event)
        .map((r) => {
          // Rows of one event from one state differ by their condition: it is part of the row.
          const when = guardText(r.when);
          return `- ${r.from.map((s) => `\`${s}\``).join(', ')}${when ? ` (when ${when})` : ''} → ${r.to === 'unchanged' ? 'unchanged' : `\`${r.to}\``}: ${outcomeText(r.outcome)}`;
        });
      out.push(
        `**State machine.** This operation is the event \`${event}\` of the [\`${m.id}\` state machine](machines/${m.id}.html):\n\n${rows.join('\n')}`,
      );
    }
  }
  return out.join('\n\n');
}

function linksSection(op: Obj, spec: VendorSpec): string {
  const sections: string[] = [];
  for (const [status, response] of Object.entries((op.responses ?? {}) as Obj)) {
    const lines: string[] = [];
    for (const link of Object.values((response.links ?? {}) as Obj)) {
      const target = spec.endpoints.find((x) => x.id === link.operationId);
      if (!target) continue;
      const params = Object.entries((link.parameters ?? {}) as Obj)
        .map(([name, from]) => `\`${name}\` = \`${from}\``)
        .join(', ');
      const via = link['x-url'] ? `URL from \`${link['x-url']}\`` : params;
      lines.push(
        `- [\`${target.id}\`](${operationHref(target)}): ${target.summary}${via ? ` (${via})` : ''}`,
      );
    }
    if (lines.length) sections.push(`**Links.** From the ${status} response to:\n\n${lines.join('\n')}`);
  }
  return sections.join('\n\n');
}

function unspecifiedSection(ids: readonly string[], spec: VendorSpec): string {
  if (!ids.length) return '';
  const items = ids.map((id) => {
    const item = spec.unspecified.find((u) => u.id === id);
    return `- [\`${id}\`](${unspecifiedHref(id)}): ${item ? item.what : 'see the list'}`;
  });
  return `**${UNSPECIFIED_MARK}.** What this operation's documents leave open (never asserted by the conformance suite):\n\n${items.join('\n')}`;
}

/** The annotated copy the reference is rendered from. */
export function annotate(document: unknown, spec: VendorSpec): Obj {
  const doc = structuredClone(document) as Obj;
  const machines = Object.values(spec.machines);
  const machineLinks = machines.map((m) => `- [\`${m.id}\`](machines/${m.id}.html): ${m.description}`);
  doc.info.description = `${doc.info.description}

## State machines

Each stateful resource's transition table, drawn as a diagram ([all machines](machines/index.html)):

${machineLinks.join('\n')}

## ${UNSPECIFIED_MARK}

Places the source documents leave open are listed under each operation and on [one page](unspecified.html) (${spec.unspecified.length} items); the document marks them \`x-unspecified\`.`;
  for (const item of Object.values(doc.paths as Obj)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const e = spec.endpoints.find((x) => x.id === op.operationId);
      if (!e) continue;
      const sections = [
        op.description,
        linksSection(op, spec),
        machineSection(e, machines),
        unspecifiedSection(e.unspecified, spec),
        `Requirements: ${e.requirements.map((id) => `\`${id}\``).join(', ')}.`,
      ].filter(Boolean);
      op.description = sections.join('\n\n');
      for (const response of Object.values((op.responses ?? {}) as Obj)) {
        const id = response['x-unspecified'];
        if (typeof id === 'string')
          response.description = `**${UNSPECIFIED_MARK}** ([${id}](${unspecifiedHref(id)})): ${response.description}`;
      }
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
    for (const id of e.unspecified)
      cite(id, `<a href="${operationHref(e)}"><code>${escapeHtml(e.id)}</code></a>`);
  for (const m of Object.values(spec.machines))
    for (const r of m.rows)
      if (r.outcome.kind === 'unspecified')
        cite(
          r.outcome.unspecified,
          `<a href="machines/${m.id}.html">machine <code>${escapeHtml(m.id)}</code></a>`,
        );
  const rows = spec.unspecified
    .map(
      (u) => `<tr id="${escapeHtml(u.id)}" class="unspecified-item">
<td><code>${escapeHtml(u.id)}</code></td><td>${escapeHtml(u.section)}</td><td>${escapeHtml(u.what)}</td><td>${escapeHtml(u.treatment)}</td><td>${(citedBy.get(u.id) ?? []).join(' ')}</td>
</tr>`,
    )
    .join('\n');
  return `<p><a href="index.html">API reference</a> · <a href="machines/index.html">State machines</a></p>
<h1>${UNSPECIFIED_MARK}</h1>
<p>What the source documents do not show or state (${spec.unspecified.length} items). The contract leaves each open: the OpenAPI document marks it <code>x-unspecified</code> with a permissive schema, and the conformance suite never asserts it in either direction. The treatment says what the reference server chose.</p>
<table><thead><tr><th>id</th><th>section</th><th>not shown</th><th>treatment</th><th>where</th></tr></thead>
<tbody>
${rows}
</tbody></table>`;
}

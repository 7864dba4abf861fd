/**
 * A state machine of the spec as a page: its diagram (an SVG laid out at build time by dagre
 * from the transition table, no script needed to view it) and the table itself, row by row.
 */
import dagre from '@dagrejs/dagre';
import type { AnyMachine, Outcome, VendorSpec } from '@vendor-api/spec';
import { escapeHtml, operationHref, page, unspecifiedHref } from './html.js';
import { inline } from './markdown.js';

/** Rough text width of the diagram font (13 px sans-serif), enough for layout. */
const textWidth = (text: string) => Math.ceil(text.length * 7.2);
const NODE_HEIGHT = 34;
const LABEL_LINE = 15;

/** An edge of the diagram: the events that move `from` to `to`, one label line each. */
interface DiagramEdge {
  readonly from: string;
  readonly to: string;
  readonly labels: string[];
}

function outcomeText(o: Outcome): string {
  switch (o.kind) {
    case 'ok':
      return `${o.status}`;
    case 'error':
      return `${o.status}${o.errorType ? ` ${o.errorType}` : ''}`;
    case 'unspecified':
      return `not specified (${o.unspecified})`;
    default:
      return o.kind;
  }
}

/** An outcome as a cell or a note says it; `root` leads from the page to the site's root. */
export const outcomeHtml = (o: Outcome, root = '') =>
  o.kind === 'unspecified'
    ? `<a class="unspecified" href="${root}${unspecifiedHref(o.unspecified)}">not specified: ${escapeHtml(o.unspecified)}</a>`
    : o.kind === 'error' && o.errorType
      ? `${o.status} <code>${escapeHtml(o.errorType)}</code>`
      : escapeHtml(outcomeText(o));

/** A row's condition in words: the guards that hold, and `not` the ones that do not. */
export const guardText = (when: Readonly<Record<string, boolean | undefined>> | undefined) =>
  Object.entries(when ?? {})
    .map(([g, v]) => (v ? g : `not ${g}`))
    .join(', ');

/** The state changes of a machine: rows whose next state differs from the state they leave. */
export function diagramEdges(machine: AnyMachine): DiagramEdge[] {
  const edges = new Map<string, DiagramEdge>();
  for (const row of machine.rows) {
    if (row.to === 'unchanged' || row.outcome.kind === 'impossible') continue;
    const guard = guardText(row.when);
    const label: string = guard ? `${row.event} [${guard}]` : String(row.event);
    for (const from of row.from as readonly string[]) {
      const to = String(row.to);
      if (from === to) continue;
      const key = `${from}\u0000${to}`;
      const edge: DiagramEdge = edges.get(key) ?? { from, to, labels: [] };
      if (!edge.labels.includes(label)) edge.labels.push(label);
      edges.set(key, edge);
    }
  }
  return [...edges.values()];
}

/** The machine's diagram as an SVG element: states as boxes, state changes as labelled arrows. */
export function machineSvg(machine: AnyMachine): string {
  const g = new dagre.graphlib.Graph({ multigraph: false });
  g.setGraph({ rankdir: 'LR', nodesep: 28, ranksep: 70, edgesep: 12, marginx: 12, marginy: 12 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const state of machine.states) {
    g.setNode(state, { label: state, width: textWidth(state) + 28, height: NODE_HEIGHT });
  }
  const edges = diagramEdges(machine);
  for (const e of edges) {
    const width = Math.max(...e.labels.map(textWidth)) + 8;
    g.setEdge(e.from, e.to, {
      width,
      height: e.labels.length * LABEL_LINE + 4,
      labelpos: 'c',
      labels: e.labels,
    });
  }
  dagre.layout(g);
  const graph = g.graph();
  const W = Math.ceil(graph.width ?? 0);
  const H = Math.ceil(graph.height ?? 0);
  const terminal = new Set<string>(machine.terminal);
  const parts: string[] = [];
  for (const e of g.edges()) {
    const edge = g.edge(e) as { points: { x: number; y: number }[]; x: number; y: number; labels: string[] };
    const d = edge.points.map((p, i) => `${i ? 'L' : 'M'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
    const lines = edge.labels
      .map((l, i) => {
        const y = edge.y - ((edge.labels.length - 1) * LABEL_LINE) / 2 + i * LABEL_LINE + 4;
        return `<text x="${edge.x.toFixed(1)}" y="${y.toFixed(1)}">${escapeHtml(l)}</text>`;
      })
      .join('');
    parts.push(
      `<g class="transition" data-from="${escapeHtml(e.v)}" data-to="${escapeHtml(e.w)}"><path d="${d}" marker-end="url(#arrow-${machine.id})"/>${lines}</g>`,
    );
  }
  for (const state of machine.states) {
    const n = g.node(state);
    const x = n.x - n.width / 2;
    const y = n.y - n.height / 2;
    const classes = [
      'state',
      state === machine.initial ? 'initial' : '',
      terminal.has(state) ? 'terminal' : '',
    ]
      .filter(Boolean)
      .join(' ');
    parts.push(
      `<g class="${classes}" data-state="${escapeHtml(state)}"><rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${n.width}" height="${n.height}" rx="8"/><text x="${n.x.toFixed(1)}" y="${(n.y + 4.5).toFixed(1)}">${escapeHtml(state)}</text></g>`,
    );
  }
  return `<svg class="machine" data-machine="${escapeHtml(machine.id)}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="State diagram of ${escapeHtml(machine.id)}">
<defs><marker id="arrow-${machine.id}" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker></defs>
${parts.join('\n')}
</svg>`;
}

/** The page of one machine: diagram, legend of events and guards, and every row of the table. */
export function machinePage(machine: AnyMachine, spec: VendorSpec): string {
  const eventCell = (event: string) => {
    const def = (machine.events as Record<string, { operation?: string; kind: string }>)[event];
    const op = def?.operation ? spec.endpoints.find((e) => e.id === def.operation) : undefined;
    return op
      ? `<a href="../${operationHref(op)}"><code>${escapeHtml(event)}</code></a>`
      : `<code>${escapeHtml(event)}</code>`;
  };
  const rows = machine.rows
    .map(
      (r) => `<tr${r.outcome.kind === 'unspecified' ? ' class="unspecified"' : ''}>
<td>${r.from.map((s) => `<code>${escapeHtml(s)}</code>`).join(' ')}</td>
<td>${eventCell(r.event)}</td>
<td>${escapeHtml(guardText(r.when))}</td>
<td>${r.to === 'unchanged' ? 'unchanged' : `<code>${escapeHtml(r.to)}</code>`}</td>
<td>${outcomeHtml(r.outcome, '../')}</td>
<td>${r.effects.map((f) => `<code>${escapeHtml(f)}</code>`).join(' ')}</td>
<td>${r.requirements.map((id) => `<span class="req">${escapeHtml(id)}</span>`).join(' ')}${r.note ? `<br><small>${inline(r.note)}</small>` : ''}</td>
</tr>`,
    )
    .join('\n');
  const dl = (entries: [string, string][]) =>
    entries.length
      ? `<dl>${entries.map(([k, v]) => `<dt><code>${escapeHtml(k)}</code></dt><dd>${inline(v)}</dd>`).join('')}</dl>`
      : '<p>None.</p>';
  const events = Object.entries(machine.events as Record<string, { description: string; kind: string }>).map(
    ([k, v]) => [k, `${v.kind}: ${v.description}`] as [string, string],
  );
  return page(
    `State machine: ${machine.id}`,
    `<h1>State machine: <code>${escapeHtml(machine.id)}</code></h1>
<p>${inline(machine.description)}</p>
<p>Resource: ${machine.resource ? `<code>${escapeHtml(machine.resource)}</code>` : 'not shown by the documents'}. Initial state: <code>${escapeHtml(machine.initial)}</code>. Terminal: ${machine.terminal.map((s) => `<code>${escapeHtml(s)}</code>`).join(', ') || 'none'}.</p>
<h2>Diagram</h2>
<p class="hint">Arrows are the state changes of the table below; rows that leave the state unchanged (no-ops, rejections) are in the table only. The initial state has a thick border; terminal states are grey.</p>
<figure>${machineSvg(machine)}</figure>
<h2>Events</h2>${dl(events)}
<h2>Guards</h2>${dl(Object.entries(machine.guards as Record<string, string>))}
<h2>Effects</h2>${dl(Object.entries(machine.effects as Record<string, string>))}
<h2>Transition table</h2>
<table class="rows"><thead><tr><th>from</th><th>event</th><th>when</th><th>to</th><th>outcome</th><th>effects</th><th>requirements</th></tr></thead>
<tbody>
${rows}
</tbody></table>`,
    { brand: `${spec.vendor.displayName} API`, root: '../', current: 'machines/index.html' },
  );
}

/** The index of the machine pages. */
export function machinesIndex(spec: VendorSpec): string {
  const items = Object.values(spec.machines)
    .map(
      (m) =>
        `<li><a href="${escapeHtml(m.id)}.html"><code>${escapeHtml(m.id)}</code></a>: ${inline(m.description)}</li>`,
    )
    .join('\n');
  return page(
    'State machines',
    `<h1>State machines</h1>
<p>Each stateful resource's transition table, as written in the spec, drawn as a diagram.</p>
<ul>${items}</ul>`,
    { brand: `${spec.vendor.displayName} API`, root: '../', current: 'machines/index.html' },
  );
}

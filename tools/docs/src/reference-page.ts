/**
 * The API reference as one static page, in the layout of the references people like to read
 * (Stripe's, Redocly's, Scalar's): a sidebar of short titles with a search field; for each
 * operation, on the left its method and path, summary, credentials, parameters, request body and
 * responses, then its notes; on the right, beside them and staying in view, the code samples
 * (curl and the client, from the document's `x-codeSamples`), the request body and the response
 * examples. An operation's address is `index.html#/<family>/<id>`. A small inline script switches
 * tabs, copies samples and filters the sidebar; nothing is loaded from elsewhere.
 */
import { codeSamples, SAMPLE_LABELS, sampleEnvironment } from '@vendor-api/codegen';
import { access, type Credential, type Endpoint, type Pagination, type VendorSpec } from '@vendor-api/spec';
import { escapeHtml, operationHref, page, unspecifiedHref } from './html.js';
import { blocks, inline, plain } from './markdown.js';
import { type METHODS, notesHtml, type Obj, operations, UNSPECIFIED_MARK } from './reference.js';
import { SchemaView } from './schema-view.js';

/** What each credential kind is called on the page. */
const CREDENTIAL_NAMES = {
  workspace_key: 'workspace API key',
  admin_key: 'admin API key',
  access_token: 'access token',
} as const satisfies Record<Credential, string>;

/** Every field of every paging style, its name aside. */
type KeysOf<T> = T extends unknown ? keyof T : never;
type PagingKey = Exclude<KeysOf<Pagination>, 'style'>;

/** What each field of a paging style is, in words. */
const PAGING_WORDS: Record<PagingKey, string> = {
  cursorParam: 'cursor parameter',
  nextField: 'next cursor in',
  dataField: 'items in',
  limitParam: 'page size',
  hasMoreField: 'more pages when',
  lastIdField: 'next cursor from',
};

/** The sidebar's and the headings' name of a family (`message-batches` is `Message batches`). */
const familyTitle = (family: string) => {
  const words = family.replace(/[-_]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const anchor = (e: Pick<Endpoint, 'family' | 'id'>) =>
  operationHref(e).slice(operationHref(e).indexOf('#') + 1);

/** JSON, pretty-printed and highlighted (keys, strings, numbers, literals). */
function jsonHtml(value: unknown): string {
  return escapeHtml(JSON.stringify(value, null, 2)).replace(
    /(&quot;(?:[^&]|&(?!quot;))*?&quot;)(\s*:)?|\b(true|false|null)\b|(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)/g,
    (
      m,
      str: string | undefined,
      colon: string | undefined,
      lit: string | undefined,
      num: string | undefined,
    ) =>
      str !== undefined
        ? `<span class="${colon ? 'tk' : 'ts'}">${str}</span>${colon ?? ''}`
        : lit !== undefined
          ? `<span class="tl">${lit}</span>`
          : num !== undefined
            ? `<span class="tn">${num}</span>`
            : m,
  );
}

/** A sample with the variables a reader sets made visible (`$NAME`, `process.env.NAME`). */
export const sampleHtml = (source: string) =>
  escapeHtml(source).replace(
    /\$([A-Z][A-Z0-9_]*)|process\.env\.([A-Z][A-Z0-9_]*)/g,
    (m) => `<span class="var">${m}</span>`,
  );

export interface Panel {
  readonly key: string;
  readonly label: string;
  readonly html: string;
  readonly copy?: boolean;
}

/** A card of tabbed panels; `sync` groups follow the reader's last choice across operations. */
export function tabs(head: string, panels: readonly Panel[], sync: string | undefined): string {
  if (!panels.length) return '';
  const buttons = panels
    .map(
      (p, i) =>
        `<button type="button" role="tab" data-tab="${escapeHtml(p.key)}" aria-selected="${i === 0}">${escapeHtml(p.label)}</button>`,
    )
    .join('');
  const bodies = panels
    .map(
      (p, i) =>
        `<div class="panel" role="tabpanel" data-panel="${escapeHtml(p.key)}"${i ? ' hidden' : ''}>${p.copy ? '<button type="button" class="copy" title="Copy">Copy</button>' : ''}${p.html}</div>`,
    )
    .join('');
  return `<div class="card" data-tabs${sync ? ` data-sync="${sync}"` : ''}><div class="card-head">${head}<div class="tabs" role="tablist">${buttons}</div></div>${bodies}</div>`;
}

function endpointLine(e: Endpoint): string {
  const url = e.path ?? `{${e.url?.field}}`;
  const from = e.url
    ? ` <span class="hint">the <code>${escapeHtml(e.url.field)}</code> of ${escapeHtml(e.url.operation)}</span>`
    : '';
  return `<span class="method method-${e.method.toLowerCase()}">${e.method}</span> <code class="path">${escapeHtml(url)}</code>${from}`;
}

function factsHtml(e: Endpoint): string {
  const facts: [string, string][] = [];
  if (e.auth.length) {
    const kinds = e.auth.map((kind) => {
      const { name, value } = access.credentialHeader(kind, '…');
      const scope = kind === 'access_token' && e.scope ? `, scope <code>${escapeHtml(e.scope)}</code>` : '';
      return `${CREDENTIAL_NAMES[kind]} (<code>${escapeHtml(`${name}: ${value}`)}</code>${scope})`;
    });
    facts.push(['Credentials', kinds.join(' or ')]);
  } else facts.push(['Credentials', 'none in a header: the body carries the credential']);
  if (e.betas.length) facts.push(['Betas', e.betas.map((b) => `<code>${escapeHtml(b)}</code>`).join(', ')]);
  const p = e.pagination;
  if (p.style !== 'none') {
    const parts = Object.entries(p)
      .filter(([k]) => k !== 'style')
      .map(([k, v]) => `${PAGING_WORDS[k as PagingKey] ?? k} <code>${escapeHtml(String(v))}</code>`);
    facts.push(['Pages', parts.join(', ')]);
  }
  return `<dl class="facts">${facts.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('')}</dl>`;
}

function parametersHtml(params: readonly Obj[], view: SchemaView): string {
  if (!params.length) return '';
  const rows = params.map((p) => {
    const rules = view.constraints(p.schema);
    const description = [p.description ? inline(p.description) : '', rules.join(' · ')].filter(Boolean);
    return `<li class="field"><div class="field-head"><code class="field-name">${escapeHtml(p.name)}</code> <span class="field-in">${escapeHtml(p.in)}</span> <span class="field-type">${escapeHtml(view.typeLabel(p.schema))}</span>${p.required ? ' <span class="field-required">required</span>' : ''}</div>${description.map((d) => `<div class="field-desc">${d}</div>`).join('')}</li>`;
  });
  return `<h4>Parameters</h4><ul class="fields params">${rows.join('')}</ul>`;
}

function responsesHtml(op: Obj, view: SchemaView): string {
  const items = Object.entries((op.responses ?? {}) as Obj).map(([status, r]) => {
    const kind = status.startsWith('2') ? 'ok' : 'error';
    const unspecified =
      typeof r['x-unspecified'] === 'string'
        ? ` <a class="unspecified" href="${unspecifiedHref(r['x-unspecified'])}">${UNSPECIFIED_MARK.toLowerCase()}: ${escapeHtml(r['x-unspecified'])}</a>`
        : '';
    const cases = Array.isArray(r['x-error-cases'])
      ? `<ul class="cases">${(r['x-error-cases'] as Obj[])
          .map(
            (c) =>
              `<li>${c.type ? `<code>${escapeHtml(c.type)}</code>${c.detail ? ` (<code>${escapeHtml(c.detail)}</code>)` : ''}: ` : ''}${inline(c.when)}</li>`,
          )
          .join('')}</ul>`
      : '';
    const media = Object.values((r.content ?? {}) as Obj)[0] as Obj | undefined;
    const fields = kind === 'ok' && media ? view.fields(media.schema) : '';
    const description = cases
      ? inline(String(r.description).split(': ')[0] ?? '')
      : inline(String(r.description));
    return `<li class="response"><span class="status status-${kind}">${escapeHtml(status)}</span> ${description}${unspecified}${cases}${
      fields ? `<details class="nested"><summary>Fields of the response</summary>${fields}</details>` : ''
    }</li>`;
  });
  return `<h4>Responses</h4><ul class="responses">${items.join('')}</ul>`;
}

function operationHtml(e: Endpoint, op: Obj, view: SchemaView, spec: VendorSpec, components: Obj): string {
  const params = ((op.parameters ?? []) as Obj[]).map((p) =>
    typeof p.$ref === 'string' ? (components.parameters?.[p.$ref.split('/').at(-1) ?? ''] ?? {}) : p,
  );
  const body = op.requestBody?.content?.['application/json'] as Obj | undefined;
  // The document's description starts with the summary and says the facts listed below: only a
  // description of another kind would add to the page.
  const own =
    typeof op.description === 'string' && !op.description.startsWith(e.summary) ? blocks(op.description) : '';
  const samples = (op['x-codeSamples'] ?? []) as Obj[];
  const samplePanels: Panel[] = samples.map((s) => ({
    key: s.label === SAMPLE_LABELS.curl ? 'curl' : 'client',
    label: String(s.label),
    html: `<pre class="code"><code>${sampleHtml(String(s.source))}</code></pre>`,
    copy: true,
  }));
  if (body && 'example' in body)
    samplePanels.push({
      key: 'body',
      label: 'JSON body',
      html: `<pre class="code json"><code>${jsonHtml(body.example)}</code></pre>`,
      copy: true,
    });
  // A status a correct server may answer instead of the shown one (a 201 beside a 200) has the same
  // body: the list of responses names it, the panels show the body once.
  const others = new Set((e.success.others ?? []).map((o) => String(o.status)));
  const responsePanels: Panel[] = Object.entries((op.responses ?? {}) as Obj)
    .filter(([status]) => !others.has(status))
    .map(([status, r]) => {
      const media = Object.values((r.content ?? {}) as Obj)[0] as Obj | undefined;
      const html =
        media && 'example' in media
          ? `<pre class="code json"><code>${jsonHtml(media.example)}</code></pre>`
          : `<p class="hint">${r['x-unspecified'] ? `${UNSPECIFIED_MARK}: the body is not shown.` : inline(String(r.description))}</p>`;
      return { key: status, label: status, html };
    });
  return `<section class="operation" id="${escapeHtml(anchor(e))}" data-operation="${escapeHtml(e.id)}">
<div class="op-text">
<h3 class="op-title"><a href="#${escapeHtml(anchor(e))}">${escapeHtml(e.title)}</a></h3>
<p class="endpoint">${endpointLine(e)}</p>
<div class="op-summary">${blocks(e.summary)}${own}</div>
${factsHtml(e)}
${parametersHtml(params, view)}
${body ? `<h4>Request body <span class="hint">${escapeHtml(view.typeLabel(body.schema))}${op.requestBody?.required ? ', required' : ''}</span></h4>${view.fields(body.schema)}` : ''}
${responsesHtml(op, view)}
<div class="notes"><h4 class="notes-title">Notes</h4>${notesHtml(e, op, spec)}</div>
</div>
<aside class="op-samples">
${tabs(`<span class="card-title">${endpointLine(e)}</span>`, samplePanels, 'sample')}
${tabs('<span class="card-title">Response</span>', responsePanels, undefined)}
</aside>
</section>`;
}

/** The variables the samples read: what each holds, and which operations read it. */
function variablesHtml(doc: Obj, spec: VendorSpec): string {
  const env = sampleEnvironment(spec.vendor);
  const holds: Record<string, string> = {
    [env.baseUrl]: 'the base URL of the service (the sandbox prints it when it starts)',
    [env.apiKey]: 'a workspace API key (the client reads it too)',
    [env.adminKey]: 'an admin API key, for the organization operations',
  };
  const readBy = new Map<string, Endpoint[]>(Object.keys(holds).map((k) => [k, []]));
  const all = operations(doc, spec);
  const byId = new Map(all.map(({ e }) => [e.id, e]));
  for (const s of codeSamples(spec, doc as Parameters<typeof codeSamples>[1])) {
    const e = byId.get(s.operation);
    if (e) for (const name of s.variables) readBy.set(name, [...(readBy.get(name) ?? []), e]);
  }
  const rows = [...readBy].map(([name, ops]) => {
    const what =
      holds[name] ??
      ((Object.values(spec.vendor.env) as string[]).includes(name)
        ? 'a setting of the token exchange (the variable the client reads for it)'
        : 'an id or a URL from an earlier answer');
    const users = ops.map((e) => `<a href="#${escapeHtml(anchor(e))}">${escapeHtml(e.title)}</a>`).join(', ');
    return `<tr><td><code>${escapeHtml(name)}</code></td><td>${what}${users ? `; read by ${users}` : ''}</td></tr>`;
  });
  return `<table class="variables"><thead><tr><th>variable</th><th>holds</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function introHtml(doc: Obj, spec: VendorSpec): string {
  const schemes = Object.entries((doc.components?.securitySchemes ?? {}) as Obj)
    .map(
      ([name, s]) =>
        `<li><strong>${escapeHtml(name)}</strong>: ${s.type === 'http' ? `<code>Authorization: Bearer …</code>` : `<code>${escapeHtml(String(s.name))}</code> header`}. ${inline(String(s.description ?? ''))}</li>`,
    )
    .join('');
  return `<section class="intro" id="introduction">
<h1>${escapeHtml(String(doc.info.title))} reference</h1>
${doc.info.summary ? `<p class="lead">${inline(String(doc.info.summary))}</p>` : ''}
${blocks(String(doc.info.description ?? ''))}
<p>New here? <a href="getting-started.html">Getting started</a> starts the sandbox and makes a first call, a first batch and a first dream, with the same samples as below.</p>
<h2>Credentials</h2>
<ul>${schemes}</ul>
<h2>The samples' variables</h2>
<p>Each operation has a curl command and a call of the client beside it. They run as printed once these environment variables are set (they are highlighted in the samples):</p>
${variablesHtml(doc, spec)}
<p class="hint">The document: <a href="openapi.json">openapi.json</a> (OpenAPI ${escapeHtml(String(doc.openapi))}); the same in <a href="redoc.html">Redoc</a>. What the documents leave open: <a href="unspecified.html">${UNSPECIFIED_MARK.toLowerCase()}</a> (${spec.unspecified.length} items). Each stateful resource's transitions: <a href="machines/index.html">state machines</a>.</p>
</section>`;
}

/** The reference page (`index.html`) of a document built from `spec`. */
export function referencePage(document: unknown, spec: VendorSpec): string {
  const doc = document as Obj;
  const components = (doc.components ?? {}) as Obj;
  const view = new SchemaView((components.schemas ?? {}) as Obj);
  const all = operations(doc, spec);
  const families = [...new Set(all.map(({ e }) => e.family))];
  const tagDescription = (family: string) =>
    ((doc.tags ?? []) as Obj[]).find((t) => t.name === family)?.description as string | undefined;
  const nav = families
    .map((family) => {
      const items = all
        .filter(({ e }) => e.family === family)
        .map(({ e }) => {
          const search = [e.title, e.id, e.method, e.path ?? '', plain(e.summary)].join(' ').toLowerCase();
          return `<li data-search="${escapeHtml(search)}"><a href="#${escapeHtml(anchor(e))}"><span class="method method-${e.method.toLowerCase()}">${e.method}</span><span class="nav-title">${escapeHtml(e.title)}</span></a></li>`;
        })
        .join('');
      return `<div class="nav-group"><div class="nav-family">${escapeHtml(familyTitle(family))}</div><ul>${items}</ul></div>`;
    })
    .join('');
  const main = families
    .map((family) => {
      const description = tagDescription(family);
      const ops = all
        .filter(({ e }) => e.family === family)
        .map(({ e, op }) => operationHtml(e, op, view, spec, components))
        .join('\n');
      return `<div class="family" id="family-${escapeHtml(family)}"><h2 class="family-title">${escapeHtml(familyTitle(family))}</h2>${description ? `<div class="hint">${inline(description)}</div>` : ''}</div>\n${ops}`;
    })
    .join('\n');
  const body = `<div class="reference">
<nav class="sidebar" aria-label="Operations">
<input type="search" id="search" placeholder="Search operations  /" aria-label="Search operations" autocomplete="off">
<ul class="nav-pages"><li><a href="#introduction">Introduction</a></li><li><a href="getting-started.html">Getting started</a></li></ul>
${nav}
<p class="nav-empty hint" hidden>No operation matches.</p>
</nav>
<main class="reference-main">
${introHtml(doc, spec)}
${main}
</main>
</div>`;
  return page(`${spec.vendor.displayName} API reference`, body, {
    brand: `${spec.vendor.displayName} API`,
    current: 'index.html',
    style: REFERENCE_STYLE + CARD_STYLE,
    script: TABS_SCRIPT + REFERENCE_SCRIPT,
    bare: true,
  });
}

/** Methods of the document, for the colours of their badges. */
const methodColours: Record<(typeof METHODS)[number], string> = {
  get: '#0a7d4b',
  post: '#2c5fd8',
  put: '#9a5b00',
  patch: '#9a5b00',
  delete: '#c0362c',
};

const REFERENCE_STYLE = `
.reference { display: grid; grid-template-columns: 17rem minmax(0, 1fr); }
.sidebar { position: sticky; top: 2.6rem; height: calc(100vh - 2.6rem); overflow-y: auto; border-right: 1px solid var(--line); background: var(--soft); padding: 1rem .75rem 2rem; box-sizing: border-box; font-size: 14px; }
.sidebar input { width: 100%; box-sizing: border-box; padding: .45rem .6rem; border: 1px solid #cfd7df; border-radius: 6px; font: inherit; margin-bottom: .75rem; }
.sidebar ul { list-style: none; margin: 0; padding: 0; }
.sidebar a { display: flex; gap: .5rem; align-items: baseline; padding: .22rem .4rem; border-radius: 5px; color: var(--ink); }
.sidebar a:hover, .sidebar a[aria-current] { background: #e8edf5; text-decoration: none; }
.nav-family { font-size: 12px; font-weight: 650; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); margin: 1rem .4rem .3rem; }
.sidebar .method { min-width: 3.2rem; }
.method { font: 600 11px/1.6 ui-monospace, monospace; letter-spacing: .02em; }
${Object.entries(methodColours)
  .map(([m, c]) => `.method-${m} { color: ${c}; }`)
  .join('\n')}
.reference-main { min-width: 0; }
.intro { padding: 2rem 2.5rem 1.5rem; border-bottom: 1px solid var(--line); }
.intro > * { max-width: 52rem; }
table.variables td:first-child { white-space: nowrap; }
.intro h1 { margin-top: 0; font-size: 28px; }
.intro .lead { font-size: 17px; color: var(--muted); }
.family { padding: 2rem 2.5rem .5rem; border-bottom: 1px solid var(--line); background: var(--soft); }
.family-title { margin: 0 0 .25rem; font-size: 22px; }
.operation { display: grid; grid-template-columns: minmax(0, 5fr) minmax(0, 6fr); gap: 2.5rem; padding: 2rem 2.5rem 2.5rem; border-bottom: 1px solid var(--line); scroll-margin-top: 2.6rem; }
.op-title { font-size: 21px; margin: 0 0 .35rem; }
.op-title a { color: var(--ink); }
.endpoint { margin: 0 0 .75rem; }
.endpoint .path, .card-title .path { background: none; padding: 0; font-size: 13.5px; }
.op-summary p { margin: .4rem 0; }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: .25rem .9rem; font-size: 14px; margin: 1rem 0; padding: .6rem .8rem; background: var(--soft); border-radius: 6px; }
.facts dt { margin: 0; color: var(--muted); font-weight: 600; }
.facts dd { margin: 0; color: var(--ink); }
h4 { font-size: 13px; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); margin: 1.6rem 0 .4rem; border-bottom: 1px solid var(--line); padding-bottom: .3rem; }
h4 .hint { text-transform: none; letter-spacing: 0; font-weight: 400; }
ul.fields { list-style: none; margin: 0; padding: 0; }
li.field { padding: .5rem 0; border-bottom: 1px solid #eef1f4; }
.field-head { display: flex; flex-wrap: wrap; gap: .45rem; align-items: baseline; }
.field-name { font-weight: 600; background: none; padding: 0; }
.field-type, .field-in { font-size: 13px; color: var(--muted); }
.field-in { font-style: italic; }
.field-required { font-size: 12px; color: #b4231b; font-weight: 600; }
.field-desc { font-size: 14px; color: #30364a; margin-top: .15rem; }
.field-rules { font-size: 13px; color: var(--muted); margin-top: .15rem; }
details.nested, details.kind { margin: .35rem 0 .1rem; border: 1px solid var(--line); border-radius: 6px; padding: .15rem .7rem; }
details > summary { cursor: pointer; font-size: 13px; color: var(--accent); padding: .2rem 0; }
.kinds-head { font-size: 13px; color: var(--muted); margin-top: .3rem; }
ul.responses { list-style: none; margin: 0; padding: 0; }
li.response { padding: .45rem 0; border-bottom: 1px solid #eef1f4; font-size: 14px; }
.status { font: 600 12px ui-monospace, monospace; padding: .05rem .4rem; border-radius: 4px; margin-right: .3rem; }
.status-ok { background: #e3f5ea; color: #0a6b3d; }
.status-error { background: #fdecea; color: #a1261c; }
ul.cases { margin: .25rem 0 0; padding-left: 1.2rem; color: #30364a; }
.notes { margin-top: 2rem; font-size: 14px; }
.notes-title { color: var(--ink); }
.note h4 { font-size: 13px; text-transform: none; letter-spacing: 0; color: var(--ink); border: 0; margin: 1rem 0 .2rem; padding: 0; }
.note p { margin: .2rem 0; }
.note ul { margin: .2rem 0; padding-left: 1.2rem; }
.op-samples { position: sticky; top: 3.4rem; align-self: start; max-height: calc(100vh - 4rem); overflow-y: auto; display: flex; flex-direction: column; gap: 1rem; }
@media (max-width: 1100px) {
  .operation { grid-template-columns: minmax(0, 1fr); }
  .op-samples { position: static; max-height: none; }
}
@media (max-width: 760px) {
  .reference { grid-template-columns: minmax(0, 1fr); }
  .sidebar { position: static; height: auto; border-right: 0; }
}
`;

/** The sidebar's search (`/` focuses it, Enter opens the first hit) and the current operation. */
const REFERENCE_SCRIPT = `
(function () {
  var search = document.getElementById('search');
  var items = Array.prototype.slice.call(document.querySelectorAll('.sidebar li[data-search]'));
  search.addEventListener('input', function () {
    var words = search.value.toLowerCase().split(/\\s+/).filter(Boolean);
    var shown = 0;
    items.forEach(function (li) { var hit = words.every(function (w) { return li.dataset.search.indexOf(w) >= 0; }); li.hidden = !hit; if (hit) shown++; });
    document.querySelectorAll('.nav-group').forEach(function (g) { g.hidden = !g.querySelector('li:not([hidden])'); });
    document.querySelector('.nav-empty').hidden = shown > 0;
  });
  search.addEventListener('keydown', function (ev) {
    if (ev.key === 'Enter') { var first = items.find(function (li) { return !li.hidden; }); if (first) location.hash = first.querySelector('a').getAttribute('href'); }
  });
  document.addEventListener('keydown', function (ev) { if (ev.key === '/' && document.activeElement !== search) { ev.preventDefault(); search.focus(); } });
  function current() {
    document.querySelectorAll('.sidebar a[aria-current]').forEach(function (a) { a.removeAttribute('aria-current'); });
    var a = document.querySelector('.sidebar a[href="' + CSS.escape(location.hash) + '"]');
    if (a) { a.setAttribute('aria-current', 'true'); a.scrollIntoView({ block: 'nearest' }); }
  }
  window.addEventListener('hashchange', current);
  current();
})();
`;

/** Cards of tabbed code: the samples, the request body, the responses (shared by every page with samples). */
export const CARD_STYLE = `
.card { background: #1c2233; border-radius: 8px; color: #e6e9f0; overflow: hidden; flex-shrink: 0; }
.card-head { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: .5rem; padding: .5rem .8rem; background: #262d40; font-size: 13px; }
.card-title { color: #e6e9f0; }
.card-title .hint { display: none; }
.card .method { filter: brightness(1.8); }
.card .path { color: #e6e9f0; }
.tabs { display: flex; gap: .25rem; }
.tabs button { font: 12px system-ui, sans-serif; color: #aab2c5; background: none; border: 0; border-radius: 4px; padding: .2rem .5rem; cursor: pointer; }
.tabs button[aria-selected="true"] { color: #fff; background: #3a4358; }
.panel { position: relative; }
.panel .hint { color: #aab2c5; padding: .6rem .9rem; margin: 0; }
pre.code { margin: 0; padding: .8rem .9rem; overflow: auto; max-height: 26rem; font: 12px/1.55 ui-monospace, "SFMono-Regular", Menlo, monospace; }
pre.code code { background: none; padding: 0; color: inherit; font: inherit; }
.var { color: #ffcb6b; }
.tk { color: #8fb8ff; } .ts { color: #b5e4a0; } .tn { color: #f4a97a; } .tl { color: #e59ad8; }
button.copy { position: absolute; top: .45rem; right: .5rem; font: 11px system-ui, sans-serif; color: #aab2c5; background: #2d3447; border: 1px solid #414a61; border-radius: 4px; padding: .1rem .45rem; cursor: pointer; }
button.copy.done { color: #b5e4a0; }
`;

/** Tabs (a sample tab chosen once holds on every card of its group, here and on later visits) and copy buttons. */
export const TABS_SCRIPT = `
(function () {
  var store = { get: function (k) { try { return localStorage.getItem(k); } catch (e) { return null; } },
                set: function (k, v) { try { localStorage.setItem(k, v); } catch (e) {} } };
  function select(card, key) {
    var found = false;
    card.querySelectorAll('[role=tab]').forEach(function (t) { var on = t.dataset.tab === key; found = found || on; t.setAttribute('aria-selected', on); });
    if (!found) return;
    card.querySelectorAll('[role=tabpanel]').forEach(function (p) { p.hidden = p.dataset.panel !== key; });
  }
  var saved = store.get('vendor-docs-sample');
  if (saved) document.querySelectorAll('[data-sync=sample]').forEach(function (c) { select(c, saved); });
  document.addEventListener('click', function (ev) {
    var tab = ev.target.closest('[role=tab]');
    if (tab) {
      var card = tab.closest('[data-tabs]');
      if (card.dataset.sync) {
        store.set('vendor-docs-' + card.dataset.sync, tab.dataset.tab);
        document.querySelectorAll('[data-sync=' + card.dataset.sync + ']').forEach(function (c) { select(c, tab.dataset.tab); });
      } else select(card, tab.dataset.tab);
    }
    var copy = ev.target.closest('button.copy');
    if (copy) {
      var text = copy.parentElement.querySelector('pre').textContent;
      var done = function () { copy.textContent = 'Copied'; copy.classList.add('done'); setTimeout(function () { copy.textContent = 'Copy'; copy.classList.remove('done'); }, 1500); };
      if (navigator.clipboard) navigator.clipboard.writeText(text).then(done, function () {}); 
    }
  });
})();
`;

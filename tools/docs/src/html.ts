/** HTML helpers of the site's own pages (the machine pages and the unspecified items). */
import type { Endpoint } from '@vendor-api/spec';

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Where the reference (Redoc) shows an operation: its tag (the family), then its id. */
export const operationHref = (e: Pick<Endpoint, 'family' | 'id'>) => `index.html#/${e.family}/${e.id}`;

/** Where the page of unspecified items shows one item. */
export const unspecifiedHref = (id: string) => `unspecified.html#${id}`;

/** The pages of the site, as the header links them (relative to the site's root). */
export const SITE_PAGES = [
  ['index.html', 'Reference'],
  ['getting-started.html', 'Getting started'],
  ['machines/index.html', 'State machines'],
  ['unspecified.html', 'Not specified'],
  ['redoc.html', 'Redoc view'],
  ['openapi.json', 'openapi.json'],
] as const;

const STYLE = `
:root { --ink: #1a1f36; --muted: #4f566b; --line: #e3e8ee; --soft: #f6f8fa; --accent: #3a5bbf; --code-bg: #f3f4f7; }
body { font: 15px/1.55 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0; color: var(--ink); }
a { color: var(--accent); text-decoration: none; }
a:hover { text-decoration: underline; }
code { font: 13px/1.5 ui-monospace, "SFMono-Regular", Menlo, monospace; background: var(--code-bg); padding: 0 .25em; border-radius: 3px; }
.site-header { display: flex; align-items: center; gap: 1.25rem; padding: .6rem 1.5rem; border-bottom: 1px solid var(--line); background: #fff; position: sticky; top: 0; z-index: 5; font-size: 14px; }
.site-header .brand { font-weight: 650; color: var(--ink); margin-right: .5rem; }
.site-header a[aria-current] { color: var(--ink); font-weight: 600; }
.content { max-width: 75rem; margin: 1.5rem auto 3rem; padding: 0 1.5rem; }
table { border-collapse: collapse; width: 100%; font-size: 14px; }
th, td { border: 1px solid #ddd; padding: .3rem .5rem; text-align: left; vertical-align: top; }
th { background: #f7f7f9; }
tr.unspecified, .unspecified { background: #fff7e0; }
a.unspecified { color: #8a5a00; }
.req { font: 12px ui-monospace, monospace; color: #555; white-space: nowrap; }
dt { margin-top: .4rem; }
dd { margin-left: 1.5rem; color: #444; }
figure { margin: 1rem 0; overflow-x: auto; }
svg.machine { font: 13px system-ui, sans-serif; }
svg.machine .state rect { fill: #eef3ff; stroke: #3a5bbf; stroke-width: 1.2; }
svg.machine .state.initial rect { stroke-width: 3; }
svg.machine .state.terminal rect { fill: #f1f1f1; stroke: #555; filter: drop-shadow(0 0 1.5px #555); }
svg.machine .state text { text-anchor: middle; fill: #111; }
svg.machine .transition path { fill: none; stroke: #777; stroke-width: 1.2; }
svg.machine marker path { fill: #777; }
svg.machine .transition text { text-anchor: middle; fill: #0a5c36; font-size: 12px; paint-order: stroke; stroke: #fff; stroke-width: 3px; }
.hint { color: #555; font-size: 14px; }
`;

export interface PageOptions {
  /** The site's name in the header (`Vendor API`). */
  readonly brand: string;
  /** The way from the page to the site's root: `''`, or `'../'` for a page in a folder. */
  readonly root?: string;
  /** The page's own address among SITE_PAGES (marked current in the header). */
  readonly current?: string;
  /** More style, and a script run at the end of the body (inline: nothing is loaded). */
  readonly style?: string;
  readonly script?: string;
  /** The body as it is, without the content column (a page with its own layout). */
  readonly bare?: boolean;
}

/** A standalone page: the site's header, inline style and script, nothing loaded from elsewhere. */
export function page(title: string, body: string, options: PageOptions): string {
  const root = options.root ?? '';
  const links = SITE_PAGES.map(
    ([href, label]) =>
      `<a href="${root}${href}"${href === options.current ? ' aria-current="page"' : ''}>${label}</a>`,
  ).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}${options.style ?? ''}</style>
</head>
<body>
<header class="site-header"><a class="brand" href="${root}index.html">${escapeHtml(options.brand)}</a>${links}</header>
${options.bare ? body : `<main class="content">\n${body}\n</main>`}
${options.script ? `<script>${options.script}</script>` : ''}
</body>
</html>
`;
}

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

const STYLE = `
body { font: 15px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 75rem; padding: 0 1.5rem; color: #1d1d1f; }
code { font: 13px ui-monospace, monospace; background: #f3f3f5; padding: 0 .25em; border-radius: 3px; }
table { border-collapse: collapse; width: 100%; font-size: 14px; }
th, td { border: 1px solid #ddd; padding: .3rem .5rem; text-align: left; vertical-align: top; }
th { background: #f7f7f9; }
tr.unspecified, .unspecified { background: #fff7e0; }
a.unspecified { color: #8a5a00; }
.req { font: 12px ui-monospace, monospace; color: #555; }
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

/** A standalone page: inline style, no script, nothing loaded from elsewhere. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

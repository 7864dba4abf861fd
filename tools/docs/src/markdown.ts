/**
 * The little Markdown the spec's and the document's texts use, as HTML: code spans, bold,
 * emphasis with `*`, links, paragraphs and `-` lists. Everything else is text: it is escaped, so
 * no markup of a description reaches the page, and no backtick or asterisk shows literally.
 */
import { escapeHtml } from './html.js';

/** Text, code spans and links of one line, as HTML. */
export function inline(text: string): string {
  // code spans first: nothing inside them is markup
  return text
    .split(/`([^`]+)`/)
    .map((part, i) => (i % 2 ? `<code>${escapeHtml(part)}</code>` : emphasis(part)))
    .join('');
}

function emphasis(text: string): string {
  let html = escapeHtml(text);
  html = html.replace(
    /\[([^\]]+)\]\(([^)\s]+)\)/g,
    (_, label: string, href: string) => `<a href="${href}">${label}</a>`,
  );
  html = html.replace(/\*\*(\S(?:[\s\S]*?\S)?)\*\*/g, '<strong>$1</strong>');
  html = html.replace(/(^|[\s(])\*(\S(?:[^*]*?\S)?)\*(?=[\s).,;:!?]|$)/g, '$1<em>$2</em>');
  return html;
}

/** Paragraphs (blank lines between) and `-` lists, each line inline. */
export function blocks(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((block) => {
      const lines = block.split('\n');
      if (lines.every((l) => /^\s*[-*] /.test(l)))
        return `<ul>${lines.map((l) => `<li>${inline(l.replace(/^\s*[-*] /, ''))}</li>`).join('')}</ul>`;
      return `<p>${inline(lines.join(' '))}</p>`;
    })
    .join('\n');
}

/** The words of a Markdown line without its markup (for titles, tooltips and search). */
export function plain(text: string): string {
  return text
    .replace(/`+([^`]+)`+/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/(^|\s)\*([^*]+)\*/g, '$1$2');
}

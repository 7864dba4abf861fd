/** Building request URLs: path templates, query strings, base URLs. */

import { fillPath as fillTemplate } from '@vendor-api/spec';

/** Fills `{name}` placeholders with URL-encoded values; throws when one is missing. */
export function fillPath(template: string, params: Readonly<Record<string, string>> = {}): string {
  return fillTemplate(template, (name) => {
    const value = params[name];
    if (value === undefined || value === '') throw new TypeError(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

function scalar(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

/**
 * Encodes a query object: undefined and null are skipped, arrays repeat their key
 * (`workspace_ids[]=a&workspace_ids[]=b`), booleans become `true`/`false`.
 */
export function encodeQuery(query: Readonly<Record<string, unknown>> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) if (item !== undefined && item !== null) params.append(key, scalar(item));
    } else params.append(key, scalar(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** Joins a base URL (with or without a path prefix or trailing slash) and an absolute path. */
export function joinURL(baseURL: string, path: string): string {
  return baseURL.replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`);
}

/** Adds query parameters to an absolute URL that may already carry some. */
export function withQuery(url: string, query: Readonly<Record<string, unknown>> | undefined): string {
  const q = encodeQuery(query);
  if (!q) return url;
  return url.includes('?') ? `${url}&${q.slice(1)}` : url + q;
}

export function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

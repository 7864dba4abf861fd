/**
 * Paging of the list endpoints, in the two styles of the documents: opaque `page` cursors with
 * `next_page` (session resources, dreams), and `after_id` with `has_more` / `last_id` (batches).
 * Cursors are base64url of the last id of the previous page.
 */
import { apiError } from './errors.js';

/** A paging parameter the documents do not show, set aside for the handler (when the request sent it). */
export function pagingParameter(query: Readonly<Record<string, unknown>>, name: string): string | undefined {
  const value = query[name];
  return typeof value === 'string' ? value : undefined;
}

export const encodeCursor = (lastId: string): string =>
  Buffer.from(`after:${lastId}`, 'utf8').toString('base64url');

/** The id a cursor points after; a cursor this server did not mint is a 400. */
export function decodeCursor(cursor: string, where: string): string {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!text.startsWith('after:') || text.length <= 'after:'.length) {
    throw apiError('cursor_malformed', { where });
  }
  return text.slice('after:'.length);
}

/**
 * The index of the item a cursor names; an unknown id is a 400 (`where` names the parameter), or
 * `items.length` (nothing after it) when `unknownIsEmpty`.
 */
function indexOf<T>(
  items: readonly T[],
  idOf: (item: T) => string,
  id: string,
  where: string,
  unknownIsEmpty = false,
): number {
  const index = items.findIndex((item) => idOf(item) === id);
  if (index >= 0) return index;
  if (unknownIsEmpty) return items.length;
  throw apiError('cursor_unknown', { where });
}

/** The index after the item a cursor names (see `indexOf`). */
function startAfter<T>(
  items: readonly T[],
  idOf: (item: T) => string,
  after: string,
  where: string,
  unknownIsEmpty = false,
): number {
  return Math.min(items.length, indexOf(items, idOf, after, where, unknownIsEmpty) + 1);
}

export interface CursorPageOptions {
  /** The `page` query value (anything but a string means the first page). */
  readonly cursor: unknown;
  /** Page size; `'all'` returns every remaining item. */
  readonly size: number | 'all';
  /** Where the cursor came from, for error messages (`query.page`). */
  readonly where: string;
}

/** One page of a `page` / `next_page` list: `next_page` is null when nothing follows. */
export function cursorPage<T>(
  items: readonly T[],
  idOf: (item: T) => string,
  options: CursorPageOptions,
): { data: T[]; next_page: string | null } {
  const start =
    typeof options.cursor === 'string'
      ? startAfter(items, idOf, decodeCursor(options.cursor, options.where), options.where)
      : 0;
  const size = options.size === 'all' ? items.length : options.size;
  const data = items.slice(start, start + size);
  const last = data.at(-1);
  const more = start + size < items.length;
  return { data, next_page: more && last !== undefined ? encodeCursor(idOf(last)) : null };
}

export interface AfterIdPageOptions {
  /** The `after_id` query value (anything but a string means the first page). */
  readonly afterId: unknown;
  /** A `before_id` (the page before that item), when the list takes one. */
  readonly beforeId?: string | undefined;
  readonly limit: number;
  /** An id naming no item answers an empty page instead of a 400. */
  readonly unknownIsEmpty?: boolean;
  /** Where the id came from, for error messages (`query.after_id`). */
  readonly where: string;
}

/** One page of an `after_id` / `has_more` / `last_id` list (`last_id` null on an empty page). */
export function afterIdPage<T>(
  items: readonly T[],
  idOf: (item: T) => string,
  options: AfterIdPageOptions,
): { data: T[]; has_more: boolean; first_id: string | null; last_id: string | null } {
  const unknownIsEmpty = options.unknownIsEmpty === true;
  let start: number;
  let end: number;
  let more: boolean;
  if (options.beforeId !== undefined) {
    const before = indexOf(items, idOf, options.beforeId, 'query.before_id', unknownIsEmpty);
    end = before === items.length && unknownIsEmpty ? 0 : before;
    start = Math.max(0, end - options.limit);
    more = start > 0;
  } else {
    start =
      typeof options.afterId === 'string'
        ? startAfter(items, idOf, options.afterId, options.where, unknownIsEmpty)
        : 0;
    end = start + options.limit;
    more = end < items.length;
  }
  const data = items.slice(start, end);
  const lastItem = data.at(-1);
  const firstItem = data[0];
  return {
    data,
    has_more: more,
    first_id: firstItem === undefined ? null : idOf(firstItem),
    last_id: lastItem === undefined ? null : idOf(lastItem),
  };
}

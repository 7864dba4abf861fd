/**
 * Page-at-a-time and item-at-a-time access to the two cursor styles of the API:
 *
 * - `page`: send `page=<cursor>`, read `data` and `next_page` (null when no more). The client loops
 *   on `next_page` even where the documents say responses are a single page.
 * - `after_id`: send `after_id=<cursor>`, read `data`, `has_more` and `last_id`.
 */

import { VendorError } from './errors.js';
import type { PagedResult, PaginationDescriptor } from './types.js';

/** Fetches one page given the cursor query parameters to add (none for the first page). */
export type PageFetcher<Page> = (cursor: Readonly<Record<string, string>> | undefined) => Promise<Page>;

function field(page: unknown, name: string): unknown {
  return typeof page === 'object' && page !== null ? (page as Record<string, unknown>)[name] : undefined;
}

/** The cursor parameters of the page after `page`, or undefined when `page` is the last one. */
function nextCursor(
  pagination: PaginationDescriptor,
  page: unknown,
): Readonly<Record<string, string>> | undefined {
  switch (pagination.style) {
    case 'page':
    case 'page-unspecified-envelope': {
      const next = field(page, 'next_page');
      return typeof next === 'string' && next !== '' ? { page: next } : undefined;
    }
    case 'after_id': {
      if (field(page, pagination.hasMoreField) !== true) return undefined;
      let last = field(page, pagination.lastIdField);
      if (typeof last !== 'string' || last === '') {
        const data = field(page, pagination.dataField);
        last = Array.isArray(data) ? field(data.at(-1), 'id') : undefined;
      }
      return typeof last === 'string' && last !== '' ? { after_id: last } : undefined;
    }
    default:
      return undefined;
  }
}

/** The items of a page (`data`), or an empty list when the page has none. */
function pageItems<Item>(page: unknown): Item[] {
  const data = field(page, 'data');
  return Array.isArray(data) ? (data as Item[]) : [];
}

export class Paginator<Item, Page> implements PagedResult<Item, Page> {
  #first: Promise<Page> | undefined;

  constructor(
    private readonly pagination: PaginationDescriptor,
    private readonly fetchPage: PageFetcher<Page>,
  ) {}

  /** The first page, fetched once. */
  firstPage(): Promise<Page> {
    this.#first ??= this.fetchPage(undefined);
    return this.#first;
  }

  // biome-ignore lint/suspicious/noThenProperty: a PagedResult is awaitable for its first page by design.
  then<R1 = Page, R2 = never>(
    onfulfilled?: ((value: Page) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.firstPage().then(onfulfilled, onrejected);
  }

  async *pages(): AsyncGenerator<Page> {
    let page = await this.firstPage();
    const seen = new Set<string>();
    for (;;) {
      yield page;
      const cursor = nextCursor(this.pagination, page);
      if (!cursor) return;
      const key = JSON.stringify(cursor);
      if (seen.has(key))
        throw new VendorError(`pagination cursor repeated (${key}); stopping to avoid a loop`);
      seen.add(key);
      page = await this.fetchPage(cursor);
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Item> {
    for await (const page of this.pages()) yield* pageItems<Item>(page);
  }
}

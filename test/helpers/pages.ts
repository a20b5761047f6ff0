import {expect} from 'vitest';

/** Every page of a cursor-paged listing, following nextCursor to the end; reaching `maxPages` fails, so a cursor that never ends fails the test instead of hanging it. */
export async function allPages<Page extends {nextCursor: string | null}>(fetchPage: (cursor: string | null) => Promise<Page>, maxPages = 100): Promise<Page[]> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const page: Page = await fetchPage(cursor);
    pages.push(page);
    expect(pages.length, 'pages before nextCursor ran out').toBeLessThan(maxPages);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return pages;
}

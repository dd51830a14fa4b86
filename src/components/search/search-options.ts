import type {Options, SearchOptions} from 'minisearch';

/** One searchable place: a section of a guide page, or an operation of the API reference. */
export interface SearchEntry {
  id: string;
  /** The page: 'Quick Start', 'API reference'. */
  page: string;
  /** The section's heading, or the operation's method and path. */
  heading: string;
  /** Where the result leads: the page's path and the section's anchor. */
  url: string;
  /** The section's words (not stored in the index's documents, only indexed). */
  text: string;
  /** The first words of the section, shown under a result. */
  excerpt: string;
}

/**
 * How the index is built (plugins/llms-txt, after the build) and read back (the search dialog): both sides must
 * agree, so both take them from here. A path such as `/api/keys` is split into its words, so it finds its operation.
 */
export const INDEX_OPTIONS: Options<SearchEntry> = {
  fields: ['heading', 'page', 'text'],
  storeFields: ['page', 'heading', 'url', 'excerpt'],
};

export const QUERY_OPTIONS: SearchOptions = {
  boost: {heading: 3, page: 1.5},
  prefix: true,
  fuzzy: (term) => (term.length > 4 ? 0.2 : false),
  combineWith: 'AND',
};

/** Where the build writes the index. */
export const SEARCH_INDEX_PATH = '/search-index.json';

/**
 * A query that is a path (`/api/keys`) asks for the operations at that path: they come first, in their order, whatever
 * a guide section full of the same words scores. Other queries keep the index's order.
 */
export function pathsFirst<Hit extends object>(query: string, hits: readonly Hit[]): Hit[] {
  const path = query.trim();
  if (!path.startsWith('/')) return [...hits];
  const at = (hit: Hit) => {
    const {heading} = hit as {heading?: unknown};
    return typeof heading === 'string' && heading.split(' ')[1] === path;
  };
  return [...hits.filter(at), ...hits.filter((hit) => !at(hit))];
}

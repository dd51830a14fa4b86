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

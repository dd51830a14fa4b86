import MiniSearch from 'minisearch';
import {INDEX_OPTIONS, type SearchEntry} from './search-options';

let loading: Promise<MiniSearch<SearchEntry>> | null = null;

/**
 * The search index, fetched once per page load (the build writes it beside the pages, so it works on any static
 * host and offline once cached). A failed fetch is forgotten, so the next attempt fetches again.
 */
export function loadSearchIndex(url: string): Promise<MiniSearch<SearchEntry>> {
  loading ??= fetch(url)
    .then((response) => {
      if (!response.ok) throw new Error(`the search index answered ${response.status}`);
      return response.text();
    })
    .then((json) => MiniSearch.loadJSON<SearchEntry>(json, INDEX_OPTIONS))
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

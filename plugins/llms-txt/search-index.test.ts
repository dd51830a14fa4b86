import MiniSearch from 'minisearch';
import {describe, expect, it} from 'vitest';
import {INDEX_OPTIONS, QUERY_OPTIONS, pathsFirst, type SearchEntry} from '../../src/components/search/search-options';
import type {OpenApiDocument} from '../../src/components/api-reference/openapi';
import {buildSearchIndex, operationEntries, sectionsOf} from './search-index';

const page = `# Configuration reference

Every option of \`init\`.

## Options

| Option | Description |
| ------ | ----------- |
| \`apiKey\` | A key with allowed origins works only on pages from those origins. |

### Events

\`ready\` fires first.

## Options

The same heading twice.

## One choice: \`singleChoice\`

Radio buttons.
`;

const openapi = {
  openapi: '3.0.3',
  info: {title: 'IntakeKit API', version: '1'},
  paths: {
    '/api/keys': {
      get: {summary: "List your team's API keys", tags: ['keys'], operationId: 'listKeys'},
    },
    '/api/keys/{id}/rotate': {
      post: {summary: 'Rotate a key', tags: ['keys'], operationId: 'rotateKey'},
    },
  },
} as unknown as OpenApiDocument;

function search(entries: SearchEntry[], query: string) {
  const index = MiniSearch.loadJSON<SearchEntry>(buildSearchIndex(entries), INDEX_OPTIONS);
  return pathsFirst(query, index.search(query, QUERY_OPTIONS)).map((hit) => hit.url as string);
}

describe('the search index', () => {
  const sections = sectionsOf(page, {title: 'Configuration reference', path: '/dashboard/configuration'});
  const operations = operationEntries(openapi, '/dashboard/api-reference');

  it("has the page's opening and each section, with the anchors the site gives their headings", () => {
    expect(sections.map((s) => [s.heading, s.url])).toEqual([
      ['Configuration reference', '/dashboard/configuration'],
      ['Options', '/dashboard/configuration#options'],
      ['Events', '/dashboard/configuration#events'],
      ['Options', '/dashboard/configuration#options-1'],
      ['One choice: singleChoice', '/dashboard/configuration#one-choice-singlechoice'],
    ]);
    expect(sections[1]!.text).toContain('A key with allowed origins works only on pages from those origins.');
    expect(sections.every((s) => s.page === 'Configuration reference')).toBe(true);
  });

  it('lists each operation by its method and path, at its anchor in the API reference', () => {
    expect(operations.map((o) => [o.heading, o.url])).toEqual([
      ['GET /api/keys', '/dashboard/api-reference#get-api-keys'],
      ['POST /api/keys/{id}/rotate', '/dashboard/api-reference#post-api-keys-id-rotate'],
    ]);
    expect(operations[0]!.excerpt).toBe("List your team's API keys");
  });

  it('finds a section by its words and an operation by its path', () => {
    const entries = [...sections, ...operations];
    expect(search(entries, 'allowed origins')[0]).toBe('/dashboard/configuration#options');
    expect(search(entries, '/api/keys')[0]).toBe('/dashboard/api-reference#get-api-keys');
    expect(search(entries, 'rotate')).toEqual(['/dashboard/api-reference#post-api-keys-id-rotate']);
    expect(search(entries, 'nothing-like-this')).toEqual([]);
  });

  it('puts the operations at a path first when the query is that path, however often a section says its words', () => {
    const keysPage = `# Environments and keys

Every API key of the API: keys for the API, keys of the API, API keys and keys.
`;
    const wordy = sectionsOf(keysPage, {title: 'Environments and keys', path: '/dashboard/environments-and-keys'});
    const serverKeys = operationEntries(
      {
        ...openapi,
        paths: {'/api/server-keys': {get: {summary: 'List server keys', tags: ['server-keys'], operationId: 'x'}}},
      } as unknown as OpenApiDocument,
      '/dashboard/api-reference',
    );
    const entries = [...wordy, ...serverKeys, ...operations];
    expect(search(entries, '/api/keys')[0]).toBe('/dashboard/api-reference#get-api-keys');
    expect(search(entries, 'api keys')[0]).not.toBe('/dashboard/api-reference#get-api-keys');
  });
});

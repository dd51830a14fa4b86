// A page added to the guide appears in every file made from it: its Markdown copy, the search index and llms.txt
// (in the sidebar's order), with nothing but its MDX file and its sidebar line.
import {mkdir, mkdtemp, rm, writeFile} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {afterEach, expect, it} from 'vitest';
import {guideFiles} from './index';

const ENV = {
  portalUrl: 'https://portal.example',
  apiUrl: 'https://api.example',
  marketingUrl: 'https://example',
  sdkCdnUrl: 'https://cdn.example/sdk/v1',
  sdkPackageUrl: 'https://cdn.example/sdk/v1/intakekit-sdk-1.0.0.tgz',
};

const NEW_PAGE = `---
title: EHR integration
description: Send intake results to your EHR.
---

Intro words for the page.

## Map the answers

Each answer goes to a field of the chart.

\`\`\`js title="map.js"
const allergies = response.item.find((item) => item.linkId === 'allergies');
\`\`\`
`;

let siteDir = '';
afterEach(() => rm(siteDir, {recursive: true, force: true}));

it('gives a new page its Markdown copy, its search entries and its llms.txt line, in the sidebar order', async () => {
  siteDir = await mkdtemp(path.join(os.tmpdir(), 'guide-files-'));
  await mkdir(path.join(siteDir, 'docs'));
  await mkdir(path.join(siteDir, 'src', 'generated'), {recursive: true});
  await writeFile(path.join(siteDir, 'docs', 'ehr-integration.mdx'), NEW_PAGE);
  await writeFile(
    path.join(siteDir, 'docs', 'api-reference.mdx'),
    '---\ntitle: API reference\n---\n\nEvery operation.\n',
  );
  await writeFile(
    path.join(siteDir, 'src', 'generated', 'openapi.json'),
    JSON.stringify({openapi: '3.1.0', paths: {}}),
  );
  const doc = (id: string, title: string, description: string) => ({
    id,
    title,
    description,
    source: `@site/docs/${id}.mdx`,
    permalink: `/dashboard/${id}`,
  });
  const version = {
    docs: [
      doc('api-reference', 'API reference', 'Every operation.'),
      doc('ehr-integration', 'EHR integration', 'Send intake results to your EHR.'),
    ],
    sidebars: {
      developer: [
        {
          type: 'category',
          items: [
            {type: 'doc', id: 'ehr-integration'},
            {type: 'doc', id: 'api-reference'},
          ],
        },
      ],
    },
  };

  const files = await guideFiles(ENV, siteDir, version as unknown as Parameters<typeof guideFiles>[2], {
    title: 'IntakeKit',
    tagline: 'Patient intake',
  });

  const copy = files.get('dashboard/ehr-integration.md');
  expect(copy).toMatch(/^# EHR integration\n/);
  expect(copy).toContain('## Map the answers');
  expect(copy).toContain("item.linkId === 'allergies'");
  const llms = files.get('llms.txt')!.split('\n');
  const listed = llms.filter((line) => line.startsWith('- ['));
  expect(listed.slice(0, 2)).toEqual([
    '- [EHR integration](https://portal.example/dashboard/ehr-integration.md): Send intake results to your EHR.',
    '- [API reference](https://portal.example/dashboard/api-reference.md): Every operation.',
  ]);
  const index = JSON.parse(files.get('search-index.json')!) as {
    storedFields: Record<string, {page: string; url: string}>;
  };
  expect(Object.values(index.storedFields)).toEqual(
    expect.arrayContaining([
      expect.objectContaining({page: 'EHR integration', url: '/dashboard/ehr-integration'}),
      expect.objectContaining({page: 'EHR integration', url: '/dashboard/ehr-integration#map-the-answers'}),
    ]),
  );
});

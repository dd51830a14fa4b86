import {mkdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadedContent, DocMetadata} from '@docusaurus/plugin-content-docs';
import type {PluginModule} from '@docusaurus/types';
import {FLOWS, exampleQuestion} from '../../contract/src/flow-catalogue';
import {DEFAULT_FLOW_ID, QUESTION_TYPES, QUESTION_TYPE_NAMES, type QuestionType} from '../../contract/src/flows';
import {questionSnippet} from '../../src/components/guide/question-snippet';
import {WEBHOOK_EVENT_LABELS, WEBHOOK_RETRY_SCHEDULE_SECONDS} from '../../contract/src/webhooks';
import {WEBHOOK_EVENT_EXAMPLES} from '../../contract/src/webhook-examples';
import {
  eventRows,
  eventsMarkdown,
  payloadExample,
  retryMarkdown,
  retryRows,
} from '../../src/components/guide/webhook-tables';
import type {SiteEnv} from '../site-env';
import {mdxToMarkdown, type ComponentMarkdown} from './markdown';
import {markdownPathOf} from '../../src/lib/markdown-path';
import {buildSearchIndex, operationEntries, sectionsOf} from './search-index';
import type {OpenApiDocument} from '../../src/components/api-reference/openapi';
import {SEARCH_INDEX_PATH, type SearchEntry} from '../../src/components/search/search-options';

/** The built-in flows as the Flows page shows them. */
function flowsMarkdown(): string {
  return FLOWS.map((flow) =>
    [
      `## ${flow.name}`,
      '',
      flow.description,
      '',
      `\`flowId: '${flow.id}'\``,
      '',
      ...flow.questions.map((q) => {
        const options =
          q.options && q.type !== 'yesNo'
            ? `: ${q.options.map((o) => `${o.label} (\`${JSON.stringify(o.value)}\`)`).join(', ')}`
            : '';
        return `- ${q.question} (\`${q.id}\`, ${QUESTION_TYPE_NAMES[q.type]}, ${q.required ? 'required' : 'optional'})${options}`;
      }),
    ].join('\n'),
  ).join('\n\n');
}

/** The guide's components that show something a reader of the Markdown needs; the others keep their children. */
function componentsFor(env: SiteEnv): Record<string, ComponentMarkdown> {
  return {
    SdkUrl: ({path: sub = ''}) => `\`${env.sdkCdnUrl}${sub}\``,
    ApiUrl: ({path: sub = ''}) => `\`${env.apiUrl}${sub}\``,
    SnippetKeyNote: () => '',
    LiveDemo: () => `The live demo runs in the portal with your own sandbox key: ${env.portalUrl}/dashboard/demo`,
    FlowCatalogue: flowsMarkdown,
    QuestionTypeExample: ({type}) => {
      if (!QUESTION_TYPES.includes(type as QuestionType)) throw new Error(`QuestionTypeExample: no type ${type}`);
      const snippet = questionSnippet(exampleQuestion(type as QuestionType), DEFAULT_FLOW_ID);
      return `\`\`\`js title="${type}-question.js"\n${snippet}\n\`\`\``;
    },
    ApiReference: () => `Every operation, as an OpenAPI document: ${env.apiUrl}/api/openapi.json`,
    WebhookEventsTable: () => eventsMarkdown(eventRows(WEBHOOK_EVENT_LABELS, Object.values(WEBHOOK_EVENT_EXAMPLES))),
    WebhookRetryTable: () => retryMarkdown(retryRows(WEBHOOK_RETRY_SCHEDULE_SECONDS)),
    WebhookPayloadExample: ({payload}) => {
      const {title, json} = payloadExample(WEBHOOK_EVENT_EXAMPLES, payload === 'full' ? 'full' : 'thin');
      return `\`\`\`json title="${title}"\n${json}\n\`\`\``;
    },
  };
}

/** Where `docusaurus start` serves the generated files from: a static directory of its own (docusaurus.config.ts). */
export const DEV_STATIC_DIR = path.join('.docusaurus', 'intakekit-dev-static');

type DocsVersion = LoadedContent['loadedVersions'][number];

/**
 * The files generated from the guide, by path under the site's root: a Markdown copy of every page beside its HTML
 * (`dashboard/quick-start.md`, which the pages' 'Copy page as Markdown' button copies), the search index, and
 * `llms.txt`, the index AI assistants read, listing the pages in the sidebar's order.
 */
export async function guideFiles(
  env: SiteEnv,
  siteDir: string,
  version: DocsVersion,
  site: {title: string; tagline: string},
): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const byFile = new Map(version.docs.map((doc) => [path.basename(doc.source), doc]));
  const options = {
    placeholders: {
      '%SDK_CDN_URL%': env.sdkCdnUrl,
      '%SDK_PACKAGE_URL%': env.sdkPackageUrl,
      '%API_URL%': env.apiUrl,
    },
    components: componentsFor(env),
    linkTo: (href: string) => {
      if (href.startsWith('/')) return `${env.portalUrl}${href}`;
      const doc = byFile.get(href.replace(/^\.\//, '').replace(/#.*$/, ''));
      return doc ? `${env.portalUrl}${markdownPathOf(doc.permalink)}${href.match(/#.*$/)?.[0] ?? ''}` : undefined;
    },
  };
  const ordered: DocMetadata[] = [];
  for (const item of version.sidebars.developer ?? []) {
    const items = item.type === 'category' ? item.items : [item];
    for (const entry of items) {
      const doc = entry.type === 'doc' ? version.docs.find((d) => d.id === entry.id) : undefined;
      if (doc) ordered.push(doc);
    }
  }
  const entries: SearchEntry[] = [];
  for (const doc of version.docs) {
    const source = await readFile(path.join(siteDir, doc.source.replace(/^@site\//, '')), 'utf8');
    const markdown = mdxToMarkdown(source, options);
    // A page that hides its title (the Introduction) still opens with it.
    files.set(
      markdownPathOf(doc.permalink).slice(1),
      markdown.startsWith('# ') ? markdown : `# ${doc.title}\n\n${markdown}`,
    );
    entries.push(...sectionsOf(markdown, {title: doc.title, path: doc.permalink}));
  }
  // The API reference page renders the OpenAPI document: its operations are searched from that document.
  const reference = version.docs.find((doc) => doc.id === 'api-reference');
  if (!reference) throw new Error('llms-txt: the guide has no api-reference page');
  const openapi = JSON.parse(await readFile(path.join(siteDir, 'src', 'generated', 'openapi.json'), 'utf8'));
  entries.push(...operationEntries(openapi as OpenApiDocument, reference.permalink));
  files.set(SEARCH_INDEX_PATH.slice(1), buildSearchIndex(entries));
  const lines = [
    `# ${site.title} SDK guide`,
    '',
    `> ${site.tagline}. The SDK renders a patient intake flow in a web page: one script tag and IntakeKit.init({container, apiKey, flowId}).`,
    '',
    '## Guide',
    '',
    ...ordered.map((doc) => `- [${doc.title}](${env.portalUrl}${markdownPathOf(doc.permalink)}): ${doc.description}`),
    '',
    '## API',
    '',
    `- [OpenAPI document](${env.apiUrl}/api/openapi.json): every operation of the IntakeKit API`,
    '',
  ];
  files.set('llms.txt', lines.join('\n'));
  return files;
}

async function writeFiles(dir: string, files: Map<string, string>): Promise<void> {
  for (const [name, text] of files) {
    const file = path.join(dir, name);
    await mkdir(path.dirname(file), {recursive: true});
    await writeFile(file, text);
  }
}

const docsVersion = (content: LoadedContent | undefined): DocsVersion => {
  const version = content?.loadedVersions[0];
  if (!version) throw new Error('llms-txt: the docs plugin has no content');
  return version;
};

/**
 * The guide's Markdown copies, search index and llms.txt: written beside the HTML after a build; under
 * `docusaurus start`, the search index and llms.txt go to DEV_STATIC_DIR whenever the content is loaded (at start
 * and again after a doc changes), so search works in development as it does in production.
 */
const llmsTxt =
  (env: SiteEnv): PluginModule =>
  ({siteDir, siteConfig}) => ({
    name: 'intakekit-llms-txt',
    async allContentLoaded({allContent}) {
      if (process.env.NODE_ENV !== 'development') return;
      const content = allContent['docusaurus-plugin-content-docs']?.default as LoadedContent | undefined;
      // Only the files at the site's root: a `dashboard/` folder of Markdown copies in a static directory would make
      // the dev server answer /dashboard with a redirect to /dashboard/. Written over the last copy rather than after
      // deleting it, so a search never meets a missing index.
      const files = await guideFiles(env, siteDir, docsVersion(content), siteConfig);
      const atRoot = new Map([...files].filter(([name]) => !name.includes('/')));
      await writeFiles(path.join(siteDir, DEV_STATIC_DIR), atRoot);
    },
    async postBuild({outDir, plugins}) {
      const docsPlugin = plugins.find((p) => p.name === 'docusaurus-plugin-content-docs');
      const version = docsVersion(docsPlugin?.content as LoadedContent | undefined);
      await writeFiles(outDir, await guideFiles(env, siteDir, version, siteConfig));
    },
  });

export default llmsTxt;

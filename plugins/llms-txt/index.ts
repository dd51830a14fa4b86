import {mkdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadedContent, DocMetadata} from '@docusaurus/plugin-content-docs';
import type {PluginModule} from '@docusaurus/types';
import {FLOWS, exampleQuestion} from '../../contract/src/flow-catalogue';
import {DEFAULT_FLOW_ID, QUESTION_TYPES, QUESTION_TYPE_NAMES, type QuestionType} from '../../contract/src/flows';
import {questionSnippet} from '../../src/components/guide/question-snippet';
import type {SiteEnv} from '../site-env';
import {mdxToMarkdown, type ComponentMarkdown} from './markdown';
import {markdownPathOf} from './markdown-path';
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
  };
}

/**
 * After the build: a Markdown copy of every page of the SDK guide beside its HTML (`/dashboard/quick-start.md`),
 * which the pages' 'Copy page as Markdown' button copies, and `/llms.txt`, the index AI assistants read, listing
 * them in the sidebar's order.
 */
const llmsTxt =
  (env: SiteEnv): PluginModule =>
  ({siteDir}) => ({
    name: 'intakekit-llms-txt',
    async postBuild({outDir, plugins, siteConfig}) {
      const docsPlugin = plugins.find((p) => p.name === 'docusaurus-plugin-content-docs');
      const version = (docsPlugin?.content as LoadedContent | undefined)?.loadedVersions[0];
      if (!version) throw new Error('llms-txt: the docs plugin has no content');
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
        const file = path.join(outDir, markdownPathOf(doc.permalink));
        await mkdir(path.dirname(file), {recursive: true});
        const markdown = mdxToMarkdown(source, options);
        // A page that hides its title (the Introduction) still opens with it.
        await writeFile(file, markdown.startsWith('# ') ? markdown : `# ${doc.title}\n\n${markdown}`);
        entries.push(...sectionsOf(markdown, {title: doc.title, path: doc.permalink}));
      }
      // The API reference page renders the OpenAPI document: its operations are searched from that document.
      const reference = version.docs.find((doc) => doc.id === 'api-reference');
      if (!reference) throw new Error('llms-txt: the guide has no api-reference page');
      const openapi = JSON.parse(await readFile(path.join(siteDir, 'src', 'generated', 'openapi.json'), 'utf8'));
      entries.push(...operationEntries(openapi as OpenApiDocument, reference.permalink));
      await writeFile(path.join(outDir, SEARCH_INDEX_PATH.slice(1)), buildSearchIndex(entries));
      const lines = [
        `# ${siteConfig.title} SDK guide`,
        '',
        `> ${siteConfig.tagline}. The SDK renders a patient intake flow in a web page: one script tag and IntakeKit.init({container, apiKey, flowId}).`,
        '',
        '## Guide',
        '',
        ...ordered.map(
          (doc) => `- [${doc.title}](${env.portalUrl}${markdownPathOf(doc.permalink)}): ${doc.description}`,
        ),
        '',
        '## API',
        '',
        `- [OpenAPI document](${env.apiUrl}/api/openapi.json): every operation of the IntakeKit API`,
        '',
      ];
      await writeFile(path.join(outDir, 'llms.txt'), lines.join('\n'));
    },
  });

export default llmsTxt;

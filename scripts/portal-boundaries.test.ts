import {fileURLToPath} from 'node:url';
import {ESLint} from 'eslint';
import {beforeAll, describe, expect, it} from 'vitest';

// The portal's import boundaries in eslint.config.mjs, each shown failing on a deliberate violation (and the
// allowed direction passing), so a config edit that quietly disables one breaks this test.
const eslint = new ESLint({cwd: fileURLToPath(new URL('..', import.meta.url))});

async function problems(filePath: string, code: string): Promise<string[]> {
  const results = await eslint.lintText(code, {filePath});
  return results.flatMap((result) => result.messages.map((m) => `${m.ruleId}: ${m.message}`));
}

const boundary = /no-restricted-(imports|syntax)/;

/** The statements of a template (no placeholders), one a line, without the indentation they have in this file. */
function statements(template: TemplateStringsArray): string[] {
  return template
    .join('')
    .trim()
    .split('\n')
    .map((line) => line.trim());
}

/** The module of a template (its imports and exports, one a line) passes every boundary rule in `filePath`. */
const allowedIn =
  (filePath: string) =>
  async (template: TemplateStringsArray): Promise<void> => {
    expect(await problems(filePath, statements(template).join('\n'))).toEqual([]);
  };

/** A test that `code` (a module's imports, or a whole file from `wrap`) breaks a boundary rule in `filePath`. */
const refused =
  (filePath: string, wrap = (code: string) => `${code}\nexport {};\n`) =>
  async (code: string) => {
    expect((await problems(filePath, wrap(code))).join('\n')).toMatch(boundary);
  };

// The first lint loads the config, its plugins and the TypeScript parser: seconds on a busy machine.
beforeAll(() => eslint.lintText('export {};\n', {filePath: 'src/lib/warm-up.ts'}), 60_000);

describe('shared components never import features or the store', () => {
  it.each(statements`
    import {LeaveTeamDialog} from '@site/src/features/team';
    import {useAuthStore} from '@site/src/stores/auth-store';
    import x from '../../features/team';
    import x from '../../stores/auth-store';
    export const Demo = () => import('@site/src/features/demo');
  `)('src/components: %s', refused('src/components/panel/index.tsx'));

  it('src/hooks is shared too', async () => {
    await refused('src/hooks/use-x.ts')("import {useAuthStore} from '@site/src/stores/auth-store';");
  });

  it('allows other shared components, hooks and src/lib', async () => {
    await allowedIn('src/components/panel/index.tsx')`
      import Notice from '@site/src/components/notice';
      import {useFlash} from '@site/src/hooks/use-flash';
      import {getErrorMessage} from '@site/src/lib/errors';
      import styles from './styles.module.css';
      export {Notice, useFlash, getErrorMessage, styles};
    `;
  });
});

describe('features never import each other', () => {
  it.each(statements`
    import {LeaveTeamDialog} from '@site/src/features/team';
    import {useApiKeys} from '@site/src/features/api-keys/api/use-api-keys';
    import x from '../../team';
    export const T = () => import('@site/src/features/team');
  `)('src/features/settings: %s', refused('src/features/settings/components/team-section.tsx'));

  it('allows the feature itself, shared code and the store', async () => {
    await allowedIn('src/features/settings/components/password-form.tsx')`
      import {changePassword} from '@site/src/features/settings/api/change-password';
      import {PASSWORD_FAILED} from '../lib/messages';
      import Panel from '@site/src/components/panel';
      import {useAuthStore} from '@site/src/stores/auth-store';
      export {changePassword, PASSWORD_FAILED, Panel, useAuthStore};
    `;
  });

  it('pages may import features', async () => {
    await allowedIn('src/pages/settings.tsx')`
      import SettingsView from '@site/src/features/settings/components';
      export {SettingsView};
    `;
  });
});

describe('src/lib holds no React', () => {
  it.each(statements`
    import {useState} from 'react';
    import useSWR from 'swr';
    import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
    import {Greeting} from '@site/src/components/guide';
    import {useAuthStore} from '@site/src/stores/auth-store';
  `)('src/lib: %s', refused('src/lib/format.ts'));

  it('no JSX in a .ts file and no .tsx file at all', async () => {
    expect((await problems('src/lib/x.tsx', 'export const x = 1;\n')).join('\n')).toMatch(/a \.tsx file/);
    expect((await problems('src/lib/x.tsx', 'export const x = <p />;\n')).join('\n')).toMatch(boundary);
  });

  it('allows plain modules and other src/lib files', async () => {
    await allowedIn('src/lib/api/keys.ts')`
      import {apiClient} from '@site/src/lib/api-client';
      import {x} from './y';
      export {apiClient, x};
    `;
  });
});

describe('src/theme takes the portal only where pages take it', () => {
  it.each(statements`
    import Settings from '@site/src/pages/settings';
    import {useApiKeys} from '@site/src/features/api-keys/api/use-api-keys';
    import {SignedInShell} from '@site/src/features/session/components/signed-in-layout/signed-in-shell';
    import {markdownPathOf} from '@site/plugins/llms-txt/markdown-path';
    import x from '../../components/panel';
    export const P = () => import('@site/src/features/team/api/team');
  `)('src/theme/DocRoot/index.tsx: %s', refused('src/theme/DocRoot/index.tsx'));

  it('allows shared parts, the store, a feature entry point or component folder, and its own files', async () => {
    await allowedIn('src/theme/CodeBlock/Buttons/index.tsx')`
      import ErrorPage from '@site/src/components/error-page';
      import {useCopy} from '@site/src/hooks/use-copy';
      import {markdownPathOf} from '@site/src/lib/markdown-path';
      import {useAuthStore} from '@site/src/stores/auth-store';
      import {LiveDemo} from '@site/src/features/demo';
      import ProtectedRoute from '@site/src/features/session/components/protected-route';
      import {useCodeBlockContext} from '@site/src/theme/theme-common-internals';
      import {CopyTextContext} from '../copy-text';
      export {ErrorPage, useCopy, markdownPathOf, useAuthStore, LiveDemo, ProtectedRoute, useCodeBlockContext};
      export {CopyTextContext};
    `;
  });
});

describe("the guide's MDX pages take shared components and feature entry points only", () => {
  const page = (imports: string) => `---\ntitle: X\n---\n\n${imports}\n\n# X\n\nText.\n`;

  it.each([
    ["import {getErrorMessage} from '@site/src/lib/errors';"],
    ["import {useAuthStore} from '@site/src/stores/auth-store';"],
    ["import {FlowCatalogue} from '@site/src/features/flows/components/flow-catalogue';"],
    ["import {markdownPathOf} from '@site/plugins/llms-txt/index';"],
    ["import x from '../src/components/panel';"],
    ["import {\n  FlowCatalogue,\n} from '@site/src/features/flows/components/flow-catalogue';"],
  ])('docs/page.mdx: %s', refused('docs/page.mdx', page));

  it('reports the page line of the import', async () => {
    const results = await eslint.lintText(page("import {x} from '@site/src/lib/errors';"), {filePath: 'docs/page.mdx'});
    expect(results[0]!.messages.map((m) => m.line)).toEqual([5]);
  });

  it("allows the guide's own imports, and ignores imports inside the page's code examples", async () => {
    const imports = [
      "import ApiReference from '@site/src/components/api-reference';",
      "import {SnippetKeyNote} from '@site/src/components/guide/snippet-key-note';",
      "import openapi from '@site/src/generated/openapi.json';",
      "import {FlowCatalogue} from '@site/src/features/flows';",
      "import Tabs from '@theme/Tabs';",
      '',
      '```tsx',
      "import {useAuthStore} from '@site/src/stores/auth-store';",
      '```',
    ].join('\n');
    expect(await problems('docs/page.mdx', page(imports))).toEqual([]);
  });
});

describe('build plugins take no portal UI', () => {
  it.each(statements`
    import {LiveDemo} from '../src/features/demo';
    import {useAuthStore} from '@site/src/stores/auth-store';
    import {useCopy} from '../../src/hooks/use-copy';
    import ApiReference from '../../src/components/api-reference';
    import {useState} from 'react';
    import Link from '@docusaurus/Link';
    export const load = () => import('../../src/theme/Root');
  `)('plugins/llms-txt/index.ts: %s', refused('plugins/llms-txt/index.ts'));

  it('no .tsx file in plugins/', async () => {
    expect((await problems('plugins/x.tsx', 'export const x = 1;\n')).join('\n')).toMatch(/holds no React/);
  });

  it('allows src/lib, the plain modules of a component folder, the contract and build types', async () => {
    await allowedIn('plugins/llms-txt/index.ts')`
      import {markdownPathOf} from '../../src/lib/markdown-path';
      import {groupOperations} from '../../src/components/api-reference/openapi';
      import {FLOWS} from '../../contract/src/flow-catalogue';
      import type {PluginModule} from '@docusaurus/types';
      export type {PluginModule};
      export {markdownPathOf, groupOperations, FLOWS};
    `;
  });
});

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

// The first lint loads the config, its plugins and the TypeScript parser: seconds on a busy machine.
beforeAll(() => eslint.lintText('export {};\n', {filePath: 'src/lib/warm-up.ts'}), 60_000);

describe('shared components never import features or the store', () => {
  it.each([
    ["import {LeaveTeamDialog} from '@site/src/features/team';"],
    ["import {useAuthStore} from '@site/src/stores/auth-store';"],
    ["import x from '../../features/team';"],
    ["import x from '../../stores/auth-store';"],
    ["export const Demo = () => import('@site/src/features/demo');"],
  ])('src/components: %s', async (code) => {
    const found = await problems('src/components/panel/index.tsx', `${code}\nexport {};\n`);
    expect(found.join('\n')).toMatch(boundary);
  });

  it('src/hooks is shared too', async () => {
    const found = await problems('src/hooks/use-x.ts', "import {useAuthStore} from '@site/src/stores/auth-store';\n");
    expect(found.join('\n')).toMatch(boundary);
  });

  it('allows other shared components, hooks and src/lib', async () => {
    const code = [
      "import Notice from '@site/src/components/notice';",
      "import {useFlash} from '@site/src/hooks/use-flash';",
      "import {getErrorMessage} from '@site/src/lib/errors';",
      "import styles from './styles.module.css';",
      'export {Notice, useFlash, getErrorMessage, styles};',
    ].join('\n');
    expect(await problems('src/components/panel/index.tsx', code)).toEqual([]);
  });
});

describe('features never import each other', () => {
  it.each([
    ["import {LeaveTeamDialog} from '@site/src/features/team';"],
    ["import {useApiKeys} from '@site/src/features/api-keys/api/use-api-keys';"],
    ["import x from '../../team';"],
    ["export const T = () => import('@site/src/features/team');"],
  ])('src/features/settings: %s', async (code) => {
    const found = await problems('src/features/settings/components/team-section.tsx', `${code}\nexport {};\n`);
    expect(found.join('\n')).toMatch(boundary);
  });

  it('allows the feature itself, shared code and the store', async () => {
    const code = [
      "import {changePassword} from '@site/src/features/settings/api/change-password';",
      "import {PASSWORD_FAILED} from '../lib/messages';",
      "import Panel from '@site/src/components/panel';",
      "import {useAuthStore} from '@site/src/stores/auth-store';",
      'export {changePassword, PASSWORD_FAILED, Panel, useAuthStore};',
    ].join('\n');
    expect(await problems('src/features/settings/components/password-form.tsx', code)).toEqual([]);
  });

  it('pages may import features', async () => {
    const code = "import SettingsView from '@site/src/features/settings/components';\nexport {SettingsView};\n";
    expect(await problems('src/pages/settings.tsx', code)).toEqual([]);
  });
});

describe('src/lib holds no React', () => {
  it.each([
    ["import {useState} from 'react';"],
    ["import useSWR from 'swr';"],
    ["import useDocusaurusContext from '@docusaurus/useDocusaurusContext';"],
    ["import {Greeting} from '@site/src/components/guide';"],
    ["import {useAuthStore} from '@site/src/stores/auth-store';"],
  ])('src/lib: %s', async (code) => {
    const found = await problems('src/lib/format.ts', `${code}\nexport {};\n`);
    expect(found.join('\n')).toMatch(boundary);
  });

  it('no JSX in a .ts file and no .tsx file at all', async () => {
    expect((await problems('src/lib/x.tsx', 'export const x = 1;\n')).join('\n')).toMatch(/a \.tsx file/);
    expect((await problems('src/lib/x.tsx', 'export const x = <p />;\n')).join('\n')).toMatch(boundary);
  });

  it('allows plain modules and other src/lib files', async () => {
    const code =
      "import {apiClient} from '@site/src/lib/api-client';\nimport {x} from './y';\nexport {apiClient, x};\n";
    expect(await problems('src/lib/api/keys.ts', code)).toEqual([]);
  });
});

/**
 * The Quick Start's React and Vue wrappers (docs/quick-start.mdx), exactly as a user copies them, type-check
 * against the SDK's published types (sdk/dist/index.d.ts, the ESM build; built here when missing).
 * - React: the TSX snippet with @types/react, `@intakekit/sdk` resolved to sdk/dist.
 * - Vue: the SFC compiles with @vue/compiler-sfc (script and template) and its compiled TypeScript type-checks;
 *   its `<script setup>` also type-checks on its own, with Vue's typed macros, so the props' types (the env values)
 *   reach `init` (the compiled component types its props as `any`).
 * Each check is also run on a broken copy (a wrong option name, a wrong env value) to prove it can fail.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {ROOT, checkVue as checkSfc, ensureSdkBuild, snippet, typeCheck} from './lib/snippet-check';

const QUICK_START = path.join(ROOT, 'docs', 'quick-start.mdx');
const checkVue = (sfc: string) => checkSfc(sfc, 'IntakeForm.vue');

const mdx = readFileSync(QUICK_START, 'utf8');
const react = snippet(mdx, 'IntakeForm.tsx');
const vue = snippet(mdx, 'IntakeForm.vue');

beforeAll(ensureSdkBuild, 120_000);

describe('the Quick Start wrappers type-check against the SDK build', () => {
  it('finds both snippets as the page shows them', () => {
    expect(react).toContain("from '@intakekit/sdk'");
    expect(react).toContain('init(');
    expect(vue).toContain('<script setup lang="ts">');
    expect(vue).toContain('<template>');
  });

  it('React: IntakeForm.tsx compiles with @types/react', {timeout: 60_000}, () => {
    expect(typeCheck({'IntakeForm.tsx': react})).toEqual([]);
  });

  it('Vue: IntakeForm.vue compiles (script and template) and type-checks', {timeout: 60_000}, () => {
    expect(checkVue(vue)).toEqual([]);
  });

  it('fails on a wrong option name or a wrong env value', {timeout: 90_000}, () => {
    const brokenReact = {
      option: react.replace(
        'init({container: container.current, apiKey,',
        'init({container: container.current, key_: apiKey,',
      ),
      env: react.replace("type Env = 'dev' | 'test' | 'pro';", "type Env = 'dev' | 'test' | 'production';"),
    };
    const brokenVue = {
      option: vue.replace('flowId: props.flowId,', 'flow: props.flowId,'),
      env: vue.replace("{env: 'pro'}", "{env: 'prod'}"),
      envType: vue.replace("env?: 'dev' | 'test' | 'pro'", "env?: 'dev' | 'test' | 'production'"),
    };
    for (const [what, text] of Object.entries(brokenReact)) {
      expect(text, `React broken copy (${what}) differs`).not.toBe(react);
      expect(typeCheck({'IntakeForm.tsx': text}), `React with a wrong ${what}`).not.toEqual([]);
    }
    for (const [what, text] of Object.entries(brokenVue)) {
      expect(text, `Vue broken copy (${what}) differs`).not.toBe(vue);
      expect(checkVue(text), `Vue with a wrong ${what}`).not.toEqual([]);
    }
  });
});

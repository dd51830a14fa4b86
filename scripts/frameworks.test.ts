/**
 * The Frameworks page's files (docs/frameworks.mdx), exactly as a user copies them, build against the SDK's published
 * types: React (TSX with @types/react), Vue (the SFC compiled, then type-checked), Angular (the standalone component
 * with @angular/core's types, decorators as an Angular project compiles them), Svelte (compiled by Svelte 5's
 * compiler, its script type-checked with the runes' declarations). Each also fails on a broken copy: a wrong option
 * name and an environment the SDK does not know.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {compile} from 'svelte/compiler';
import {beforeAll, describe, expect, it} from 'vitest';
import {ROOT, checkVue, ensureSdkBuild, snippet, typeCheck} from './lib/snippet-check';

const page = readFileSync(path.join(ROOT, 'docs', 'frameworks.mdx'), 'utf8');

/** Svelte: the component compiles, and its `<script lang="ts">` type-checks with Svelte's rune declarations. */
function checkSvelte(source: string): string[] {
  try {
    compile(source, {filename: 'Intake.svelte'});
  } catch (error) {
    return [`Intake.svelte does not compile: ${(error as Error).message}`];
  }
  const script = /<script lang="ts">([\s\S]*?)<\/script>/.exec(source);
  if (!script) return ['Intake.svelte has no <script lang="ts">'];
  return typeCheck({'Intake.svelte.ts': script[1]!}, {types: ['svelte']});
}

/** Angular: type-checked as `ng new` sets a project up (legacy decorators, strict). */
const checkAngular = (source: string) =>
  typeCheck({'intake.component.ts': source}, {experimentalDecorators: true, useDefineForClassFields: false});

const FILES = {
  React: {title: 'IntakePage.tsx', check: (text: string) => typeCheck({'IntakePage.tsx': text})},
  Vue: {title: 'IntakePage.vue', check: (text: string) => checkVue(text, 'IntakePage.vue')},
  Angular: {title: 'intake.component.ts', check: checkAngular},
  Svelte: {title: 'Intake.svelte', check: checkSvelte},
};

beforeAll(ensureSdkBuild, 120_000);

describe("the Frameworks page's files build against the SDK's types", () => {
  for (const [framework, {title, check}] of Object.entries(FILES)) {
    describe(framework, () => {
      const source = snippet(page, title);

      it(`${title} builds as the page shows it`, {timeout: 60_000}, () => {
        expect(source).toContain("from '@intakekit/sdk'");
        expect(source).toContain("flowId: 'new-patient'");
        expect(check(source)).toEqual([]);
      });

      it(`${title} fails with a wrong option name or an unknown env`, {timeout: 60_000}, () => {
        const broken = {
          option: source.replace("flowId: 'new-patient'", "flow: 'new-patient'"),
          env: source.replace("env: 'sandbox'", "env: 'production'"),
        };
        for (const [what, text] of Object.entries(broken)) {
          expect(text, `the broken copy (${what}) differs`).not.toBe(source);
          expect(check(text), `with a wrong ${what}`).not.toEqual([]);
        }
      });
    });
  }

  it('Svelte: markup that does not compile is reported', () => {
    const source = snippet(page, 'Intake.svelte');
    const unclosed = source.replace(
      '<div bind:this={container}></div>',
      '{#if container}<div bind:this={container}></div>',
    );
    expect(unclosed).not.toBe(source);
    expect(checkSvelte(unclosed)).not.toEqual([]);
  });
});

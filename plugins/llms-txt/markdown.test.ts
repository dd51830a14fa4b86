import {describe, expect, it} from 'vitest';
import {mdxToMarkdown} from './markdown';

const options = {
  placeholders: {'%SDK_CDN_URL%': 'https://portal.example/sdk/v1'},
  components: {
    SdkUrl: ({path = ''}: Record<string, string>) => `\`https://portal.example/sdk/v1${path}\``,
    Catalogue: () => '## First flow\n\n- One question',
    Note: () => '',
  },
  linkTo: (href: string) =>
    href === './flows.mdx'
      ? 'https://portal.example/dashboard/flows.md'
      : href.startsWith('/')
        ? `https://portal.example${href}`
        : undefined,
};

const page = `---
title: Quick Start
---

import {Note} from '@site/src/components/note';

# Quick Start

<Note />

<Steps>

Load <SdkUrl path="/intake.js" /> and see [Flows](./flows.mdx) or [the web](https://example.com).

\`\`\`html title="index.html"
<script src="%SDK_CDN_URL%/intake.js"></script>
\`\`\`

| Option | Type |
| ------ | ---- |
| \`flowId\` | string |

</Steps>

<Catalogue />

:::tip[Sandbox recommended]

Build with a **sandbox** key.

:::

<Card title="Quick Start" to="/dashboard/quick-start">
  One script tag.
</Card>

<Tabs groupId="framework" queryString>
<TabItem value="react" label="React">

A component.

</TabItem>
<TabItem value="vue" label="Vue">

A single-file component.

</TabItem>
</Tabs>
`;

describe('mdxToMarkdown', () => {
  const markdown = mdxToMarkdown(page, options);

  it('drops the front matter, imports and components that show nothing, and keeps their children', () => {
    expect(markdown).not.toMatch(/title: Quick Start|import |<Note|<Steps|<\/Steps>/);
    expect(markdown.startsWith('# Quick Start\n')).toBe(true);
  });

  it("puts the components' Markdown in their place, inline and as blocks", () => {
    expect(markdown).toContain('Load `https://portal.example/sdk/v1/intake.js` and see');
    expect(markdown).toContain('## First flow\n\n- One question');
  });

  it('fills the placeholders in code, keeps the fence with its title, and keeps tables', () => {
    expect(markdown).toContain(
      '```html title="index.html"\n<script src="https://portal.example/sdk/v1/intake.js"></script>\n```',
    );
    expect(markdown).toMatch(/\| Option +\| Type +\|/);
    expect(markdown).toMatch(/\| `flowId` +\| string +\|/);
  });

  it("writes an admonition as a quote led by its kind and title, and a card's title before its text", () => {
    expect(markdown).toContain('> **Tip: Sandbox recommended**\n>\n> Build with a **sandbox** key.');
    expect(markdown).toContain('**[Quick Start](https://portal.example/dashboard/quick-start)**\n\nOne script tag.');
  });

  it("keeps every tab's content, led by the tab's label", () => {
    expect(markdown).toContain('**React**\n\nA component.\n\n**Vue**\n\nA single-file component.');
  });

  it("points links to the guide's pages at their Markdown, and leaves other links alone", () => {
    expect(markdown).toContain('[Flows](https://portal.example/dashboard/flows.md)');
    expect(markdown).toContain('[the web](https://example.com)');
  });
});

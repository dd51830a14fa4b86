/** The Markdown copy of a page: its address with `.md` appended, as llmstxt.org proposes. */
export const markdownPathOf = (permalink: string): string => `${permalink.replace(/\/$/, '')}.md`;

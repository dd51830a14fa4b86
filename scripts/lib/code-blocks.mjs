// The guide's code blocks as a reader copies them, for the tests that run or type-check them. No imports, so a test of
// any workspace can read a page's snippet without loading a compiler.

/** The body of the fenced code block whose title is `title` (```lang title="..."). */
export function snippet(source, title) {
  const fence = new RegExp(
    '^```\\w*\\s+title="' + title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '"[^\\n]*\\n([\\s\\S]*?)^```',
    'm',
  );
  const match = fence.exec(source);
  if (!match) throw new Error(`no code block titled ${title}`);
  return match[1];
}

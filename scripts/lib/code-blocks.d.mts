/** The body of the fenced code block whose title is `title` (```lang title="..."). */
export function snippet(source: string, title: string): string;

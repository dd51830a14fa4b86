/** One thing a docs author must change: where, which rule, and what to do, in one sentence. */
export interface Finding {
  file: string;
  line: number;
  rule: string;
  message: string;
}

export const formatFinding = (f: Finding): string => `${f.file}:${f.line} ${f.rule}: ${f.message}`;

export const byPlace = (a: Finding, b: Finding): number => a.file.localeCompare(b.file) || a.line - b.line;

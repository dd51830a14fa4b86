// markdownlint-cli2 re-exports markdownlint's promise API without declarations of its own; the part lint:docs uses.
declare module 'markdownlint-cli2/markdownlint/promise' {
  export interface LintError {
    lineNumber: number;
    ruleNames: string[];
    ruleDescription: string;
    errorDetail: string | null;
  }
  export type Configuration = Record<string, boolean | Record<string, unknown>>;
  export function lint(options: {
    strings: Record<string, string>;
    config: Configuration;
  }): Promise<Record<string, LintError[]>>;
}

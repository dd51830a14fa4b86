export function apiEnvFor(
  mode: 'dev' | 'serve',
  env: Record<string, string | undefined>,
): Record<string, string | undefined>;
export function apiNotices(env: Record<string, string | undefined>): string[];

import type {PortalFields} from '@site/src/lib/site-config';

/** Tokens a docs author may write in any code block; replaced with this build's addresses. */
export const PLACEHOLDERS = {
  '%SDK_CDN_URL%': 'sdkCdnUrl',
  '%API_URL%': 'apiUrl',
} as const satisfies Record<string, keyof PortalFields>;

export function fillPlaceholders(code: string, fields: Pick<PortalFields, 'sdkCdnUrl' | 'apiUrl'>): string {
  return code.replace(/%SDK_CDN_URL%|%API_URL%/g, (token) => fields[PLACEHOLDERS[token as keyof typeof PLACEHOLDERS]]);
}

import type {PortalFields} from '@site/src/lib/site-config';
import {maskApiKey} from '@site/src/lib/mask';
import {SANDBOX_KEY_PLACEHOLDER} from './sandbox-key-placeholder';

/** Tokens a docs author may write in any code block; replaced with this build's addresses. */
export const PLACEHOLDERS = {
  '%SDK_CDN_URL%': 'sdkCdnUrl',
  '%SDK_PACKAGE_URL%': 'sdkPackageUrl',
  '%API_URL%': 'apiUrl',
} as const satisfies Record<string, keyof PortalFields>;

type Placeholder = keyof typeof PLACEHOLDERS;
const PLACEHOLDER_PATTERN = new RegExp(Object.keys(PLACEHOLDERS).join('|'), 'g');

export function fillPlaceholders(code: string, fields: Pick<PortalFields, (typeof PLACEHOLDERS)[Placeholder]>): string {
  return code.replace(PLACEHOLDER_PATTERN, (token) => fields[PLACEHOLDERS[token as Placeholder]]);
}

export {SANDBOX_KEY_PLACEHOLDER};

/**
 * A snippet with the reader's key: masked where it is shown (keys are secrets, and screens are shared), whole
 * in what the Copy button copies, so a copied snippet runs as it is.
 */
export function withSandboxKey(code: string, apiKey: string | null): {shown: string; copied: string} {
  if (!apiKey || !code.includes(SANDBOX_KEY_PLACEHOLDER)) return {shown: code, copied: code};
  return {
    shown: code.replaceAll(SANDBOX_KEY_PLACEHOLDER, maskApiKey(apiKey)),
    copied: code.replaceAll(SANDBOX_KEY_PLACEHOLDER, apiKey),
  };
}

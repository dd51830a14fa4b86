import {readFileSync} from 'node:fs';
import {stackEnv} from '../scripts/lib/stack-env.mjs';

/**
 * The portal's build-time settings, taken from the environment. Read by docusaurus.config.ts and its plugins only;
 * pages read the resulting values through `usePortalFields()` (src/lib/site-config.ts).
 */
export interface SiteEnv {
  portalUrl: string;
  apiUrl: string;
  marketingUrl: string;
  sdkCdnUrl: string;
  /** The SDK's npm package, which sdk/build.mjs packs beside intake.js (`npm pack` names it by the version). */
  sdkPackageUrl: string;
}

function originOf(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name} must be an http(s) URL, got "${value}"`);
  }
  return value.replace(/\/+$/, '');
}

export function readSiteEnv(env: Record<string, string | undefined>): SiteEnv {
  // The same derivation as `npm start` (PORT/SITE_PORT/HOST fill in API_URL/PORTAL_URL when those are unset).
  const stack = stackEnv(env);
  const portalUrl = originOf('PORTAL_URL', stack.portalUrl);
  const apiUrl = originOf('API_URL', stack.apiUrl);
  // Empty means the landing page shipped under static/, so home works offline.
  const marketingUrl = env.MARKETING_URL ? originOf('MARKETING_URL', env.MARKETING_URL) : '';
  // The SDK's public address; by default the copy this portal serves itself.
  const sdkCdnUrl = originOf('SDK_CDN_URL', env.SDK_CDN_URL || `${portalUrl}/sdk/v1`);
  const {version} = JSON.parse(readFileSync(new URL('../sdk/package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  const sdkPackageUrl = `${sdkCdnUrl}/intakekit-sdk-${version}.tgz`;
  return {portalUrl, apiUrl, marketingUrl, sdkCdnUrl, sdkPackageUrl};
}

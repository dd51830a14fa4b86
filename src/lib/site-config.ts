import siteConfig from '@generated/docusaurus.config';
import {DEFAULT_API_URL} from '@intakekit/contract/constants';

/** The build-time settings that docusaurus.config.ts puts in customFields. */
export interface PortalFields {
  apiUrl: string;
  marketingUrl: string;
  sdkCdnUrl: string;
  sdkPackageUrl: string;
}

function pick(fields: Record<string, unknown> | undefined): PortalFields {
  const str = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
  return {
    apiUrl: str(fields?.apiUrl, DEFAULT_API_URL),
    marketingUrl: str(fields?.marketingUrl, ''),
    sdkCdnUrl: str(fields?.sdkCdnUrl, '/sdk/v1'),
    sdkPackageUrl: str(fields?.sdkPackageUrl, ''),
  };
}

/** Outside React (the API client's base address). */
export function getPortalFields(): PortalFields {
  return pick(siteConfig.customFields);
}

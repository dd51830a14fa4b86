import {describe, expect, it} from 'vitest';
import sdkPackage from '../sdk/package.json';
import {readSiteEnv} from './site-env';

describe('readSiteEnv (build-time addresses)', () => {
  it('defaults to the addresses npm start uses', () => {
    expect(readSiteEnv({})).toEqual({
      portalUrl: 'http://localhost:3000',
      apiUrl: 'http://localhost:8787',
      marketingUrl: '',
      sdkCdnUrl: 'http://localhost:3000/sdk/v1',
      sdkPackageUrl: `http://localhost:3000/sdk/v1/intakekit-sdk-${sdkPackage.version}.tgz`,
    });
  });

  it('follows PORT and SITE_PORT when the URLs are not given', () => {
    const env = readSiteEnv({PORT: '3601', SITE_PORT: '3600'});
    expect(env.apiUrl).toBe('http://localhost:3601');
    expect(env.portalUrl).toBe('http://localhost:3600');
  });

  it('takes explicit URLs as given, without a trailing slash', () => {
    const env = readSiteEnv({
      API_URL: 'https://api.example.com/',
      PORTAL_URL: 'https://dev.example.com',
      SDK_CDN_URL: 'https://cdn.example.com/sdk/v1',
    });
    expect(env).toMatchObject({
      apiUrl: 'https://api.example.com',
      portalUrl: 'https://dev.example.com',
      sdkCdnUrl: 'https://cdn.example.com/sdk/v1',
      sdkPackageUrl: `https://cdn.example.com/sdk/v1/intakekit-sdk-${sdkPackage.version}.tgz`,
    });
  });

  it('refuses an address that is not an absolute http(s) URL, naming the variable', () => {
    expect(() => readSiteEnv({API_URL: 'localhost:8787'})).toThrow(/API_URL/);
    expect(() => readSiteEnv({MARKETING_URL: 'ftp://example.com'})).toThrow(/MARKETING_URL/);
  });
});

// What an endpoint's URL may be, checked when it is saved: literal addresses into our own network are refused
// there; names are resolved and checked at send time (send.test.ts).
import {describe, expect, it} from 'vitest';
import {checkEndpointUrl} from '../../src/webhooks/destination.js';
import {blockedRule} from '../../src/webhooks/address-rules.js';
import {ConfigError, loadConfig} from '../../src/config.js';

const strict = {allowPrivateNetworks: false};
const refusal = (url: string, environment: 'sandbox' | 'production' = 'sandbox') =>
  checkEndpointUrl(url, environment, strict);

describe('checkEndpointUrl', () => {
  it('refuses literal addresses into a private network, in every spelling', () => {
    for (const url of [
      'http://127.0.0.1/hook',
      'http://127.1/hook',
      'http://2130706433/hook',
      'http://[::1]/hook',
      'http://10.0.0.1/hook',
      'http://172.16.5.4/hook',
      'http://192.168.1.1/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:127.0.0.1]/hook',
      'http://[::ffff:169.254.169.254]/hook',
      'http://[::127.0.0.1]/hook',
      'http://[64:ff9b::a00:1]/hook',
      'http://0.0.0.0/hook',
      'http://[::]/hook',
      'http://224.0.0.1/hook',
      'http://[ff02::1]/hook',
      'http://[fd00::1]/hook',
      'http://[fe80::1]/hook',
      'http://localhost:8080/hook',
      'http://api.localhost/hook',
    ]) {
      expect(refusal(url), url).toEqual({ok: false, code: 'WEBHOOK_URL_PRIVATE_NETWORK'});
    }
  });

  it('lets public addresses and names through, and any address when private networks are allowed', () => {
    for (const url of ['https://8.8.8.8/hook', 'https://[2606:4700::1111]/hook', 'https://hooks.example.com/in']) {
      expect(checkEndpointUrl(url, 'production', strict), url).toEqual({ok: true});
    }
    const open = {allowPrivateNetworks: true};
    expect(checkEndpointUrl('http://127.0.0.1:4000/hook', 'sandbox', open)).toEqual({ok: true});
    expect(checkEndpointUrl('http://[::ffff:10.0.0.1]/', 'sandbox', open)).toEqual({ok: true});
  });

  it('refuses what is not http(s), http in production, and credentials in the URL', () => {
    for (const url of ['ftp://example.com/x', 'file:///etc/passwd', 'gopher://example.com', 'example.com/hook', '']) {
      expect(refusal(url), url).toEqual({ok: false, code: 'WEBHOOK_URL_INVALID'});
    }
    expect(refusal('http://hooks.example.com/in', 'production')).toEqual({ok: false, code: 'WEBHOOK_HTTPS_REQUIRED'});
    expect(refusal('http://hooks.example.com/in', 'sandbox')).toEqual({ok: true});
    for (const url of ['https://user:pass@hooks.example.com/in', 'https://token@hooks.example.com/in']) {
      expect(refusal(url), url).toEqual({ok: false, code: 'WEBHOOK_URL_CREDENTIALS'});
    }
  });
});

describe('blockedRule', () => {
  it('names the rule an address breaks, and null for a public one', () => {
    const named: [string, string | null][] = [
      ['127.0.0.1', 'loopback'],
      ['::1', 'loopback'],
      ['::ffff:7f00:1', 'loopback'],
      ['10.1.2.3', 'private'],
      ['169.254.169.254', 'link-local'],
      ['fd12::1', 'unique-local'],
      ['239.1.1.1', 'multicast'],
      ['0.0.0.0', 'unspecified'],
      ['93.184.215.14', null],
      ['2a00:1450::1', null],
    ];
    expect(named.map(([address]) => [address, blockedRule(address)])).toEqual(named);
  });
});

describe('WEBHOOK_ALLOW_PRIVATE_NETWORKS', () => {
  it('is off unless set (npm start sets it), and a value that is not a boolean fails at start', () => {
    expect(loadConfig({}).webhookAllowPrivateNetworks).toBe(false);
    expect(loadConfig({WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true'}).webhookAllowPrivateNetworks).toBe(true);
    expect(() => loadConfig({WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'sometimes'})).toThrow(ConfigError);
  });
});

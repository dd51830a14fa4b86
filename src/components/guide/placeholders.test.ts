import {describe, expect, it} from 'vitest';
import {maskApiKey} from '@site/src/lib/mask';
import {fillPlaceholders, withSandboxKey} from './placeholders';

describe('fillPlaceholders', () => {
  const fields = {
    sdkCdnUrl: 'https://cdn.example.com/sdk/v1',
    sdkPackageUrl: 'https://cdn.example.com/sdk/v1/intakekit-sdk-1.2.3.tgz',
    apiUrl: 'https://api.example.com',
  };

  it('replaces every SDK and API placeholder with the build addresses', () => {
    const code =
      '<link href="%SDK_CDN_URL%/intake.css"><script src="%SDK_CDN_URL%/intake.js"></script>\nAPI = "%API_URL%"';
    expect(fillPlaceholders(code, fields)).toBe(
      '<link href="https://cdn.example.com/sdk/v1/intake.css"><script src="https://cdn.example.com/sdk/v1/intake.js"></script>\nAPI = "https://api.example.com"',
    );
  });

  it('replaces the npm package address', () => {
    expect(fillPlaceholders('npm install %SDK_PACKAGE_URL%', fields)).toBe(
      'npm install https://cdn.example.com/sdk/v1/intakekit-sdk-1.2.3.tgz',
    );
  });

  it('leaves other text alone, including Vue mustaches and percent signs', () => {
    const code = '<p>{{ answers }}</p> width: 100%; %SDK_CDN%';
    expect(fillPlaceholders(code, fields)).toBe(code);
  });
});

describe('withSandboxKey', () => {
  const key = 'ik_sandbox_AbCdEfGhIjKlMnOpQrStUvWxYz012345abcd';
  const code = "IntakeKit.init({apiKey: 'YOUR_SANDBOX_KEY'});\n// YOUR_SANDBOX_KEY again";

  it('shows the key masked and copies it whole, everywhere the placeholder stands', () => {
    const {shown, copied} = withSandboxKey(code, key);
    expect(copied).toBe(`IntakeKit.init({apiKey: '${key}'});\n// ${key} again`);
    expect(shown).toBe(`IntakeKit.init({apiKey: '${maskApiKey(key)}'});\n// ${maskApiKey(key)} again`);
    expect(shown).not.toContain(key.slice(8, -8));
  });

  it('leaves the placeholder for a reader without a key, and code without the placeholder alone', () => {
    expect(withSandboxKey(code, null)).toEqual({shown: code, copied: code});
    expect(withSandboxKey('no key here', key)).toEqual({shown: 'no key here', copied: 'no key here'});
  });
});

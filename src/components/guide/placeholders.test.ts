import {describe, expect, it} from 'vitest';
import {fillPlaceholders} from './placeholders';

describe('fillPlaceholders', () => {
  const fields = {sdkCdnUrl: 'https://cdn.example.com/sdk/v1', apiUrl: 'https://api.example.com'};

  it('replaces every SDK and API placeholder with the build addresses', () => {
    const code =
      '<link href="%SDK_CDN_URL%/intake.css"><script src="%SDK_CDN_URL%/intake.js"></script>\nAPI = "%API_URL%"';
    expect(fillPlaceholders(code, fields)).toBe(
      '<link href="https://cdn.example.com/sdk/v1/intake.css"><script src="https://cdn.example.com/sdk/v1/intake.js"></script>\nAPI = "https://api.example.com"',
    );
  });

  it('leaves other text alone, including Vue mustaches and percent signs', () => {
    const code = '<p>{{ answers }}</p> width: 100%; %SDK_CDN%';
    expect(fillPlaceholders(code, fields)).toBe(code);
  });
});

import {describe, expect, it} from 'vitest';
import {readFileSync} from 'node:fs';
import {withApiUrl} from './demo-tab-api';

const page = readFileSync(new URL('../static/demo/index.html', import.meta.url), 'utf8');

describe('the demo tab names the API it checks keys with', () => {
  it("fills in the build's API_URL, escaped as an attribute", () => {
    const built = withApiUrl(page, 'https://api.example.com');
    expect(built).toContain('<meta name="intakekit-api-url" content="https://api.example.com" />');
    expect(withApiUrl(page, 'https://a.example/"><script>')).toContain(
      'content="https://a.example/&quot;>&lt;script>"',
    );
  });

  it('fails the build when the page lost its tag', () => {
    expect(() => withApiUrl('<html></html>', 'https://api.example.com')).toThrow(/lost its/);
  });
});

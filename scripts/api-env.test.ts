import {describe, expect, it} from 'vitest';
import {apiEnvFor, apiNotices} from './lib/api-env.mjs';

describe("the API's environment under npm start and npm run serve", () => {
  it('lets webhooks reach private networks under npm start only, and says so', () => {
    const dev = apiEnvFor('dev', {PORT: '8787'});
    expect(dev).toMatchObject({PORT: '8787', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', LOG_FORMAT: 'pretty'});
    expect(apiNotices(dev).join('\n')).toMatch(/WEBHOOK_ALLOW_PRIVATE_NETWORKS=true/);
    // What the developer set wins.
    const strict = apiEnvFor('dev', {WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'false'});
    expect(strict.WEBHOOK_ALLOW_PRIVATE_NETWORKS).toBe('false');
    expect(apiNotices(strict)).toEqual([]);
    // `serve` runs as production does.
    const serve = apiEnvFor('serve', {PORT: '8787'});
    expect(serve).toEqual({PORT: '8787'});
    expect(apiNotices(serve)).toEqual([]);
  });
});

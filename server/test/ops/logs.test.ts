// Logs: JSON by default (production), pino-pretty's readable lines only when LOG_FORMAT=pretty asks.
import {describe, expect, it} from 'vitest';
import {loadConfig} from '../../src/config.js';
import {loggerOptions} from '../../src/logger.js';

describe('log format', () => {
  it('logs JSON unless LOG_FORMAT=pretty, which prints through pino-pretty', () => {
    expect(loggerOptions(loadConfig({})).transport).toBeUndefined();
    const pretty = loggerOptions(loadConfig({LOG_FORMAT: 'pretty'})).transport;
    expect(pretty?.target).toMatch(/pino-pretty/);
  });

  it('refuses an unknown LOG_FORMAT by name', () => {
    expect(() => loadConfig({LOG_FORMAT: 'xml'})).toThrow(/LOG_FORMAT must be json or pretty/);
  });
});

// Structured logs (pino) that never hold secrets: bodies are never logged, the request line is
// logged without its query values for secret-bearing parameters, and any field that could hold a
// password, token, key or Authorization header is redacted wherever it appears.
// LOG_FORMAT=pretty (what `npm start` sets) prints them for a person through pino-pretty, a development
// dependency: where it is not installed (a production install) the logs stay JSON, with a warning.
import {createRequire} from 'node:module';
import type {FastifyRequest} from 'fastify';
import type {Config} from './config.js';

const SECRET_QUERY_PARAMS = new Set(['token', 'apikey', 'api_key', 'key', 'password']);

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'res.headers["x-new-token"]',
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'apiKey',
  'secretKey',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.tokenHash',
  '*.apiKey',
  '*.secretKey',
  '*.authorization',
];

export function redactQuery(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  for (const key of [...params.keys()]) {
    if (SECRET_QUERY_PARAMS.has(key.toLowerCase())) params.set(key, '[REDACTED]');
  }
  return `${url.slice(0, at)}?${params.toString()}`;
}

/** pino-pretty's path, or undefined where it is not installed. */
function prettyTarget(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve('pino-pretty');
  } catch {
    return undefined;
  }
}

function prettyTransport(config: Config) {
  if (config.logFormat !== 'pretty' || config.logStream) return undefined;
  const target = prettyTarget();
  if (!target) {
    console.warn('LOG_FORMAT=pretty needs the pino-pretty development dependency; logging JSON instead.');
    return undefined;
  }
  return {target, options: {colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname'}};
}

export function loggerOptions(config: Config) {
  const transport = prettyTransport(config);
  return {
    level: config.logLevel,
    ...(config.logStream && {stream: config.logStream}),
    ...(transport && {transport}),
    redact: {paths: REDACT_PATHS, censor: '[REDACTED]'},
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactQuery(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}

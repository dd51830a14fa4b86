// The router answers a path it cannot route (an invalid percent-encoding such as %zz: 400; a segment
// over maxParamLength: 414) by itself, with Fastify's own body and without the headers the app's hooks
// add. No route of this API has such a path, so it is sent on as a path that names nothing:
// it then goes through the not-found handler like any unknown path (404 NOT_FOUND, helmet, CORS, no-store).

/** Longest path segment the router matches; ids are 36 characters. */
export const MAX_PARAM_LENGTH = 100;
export const UNROUTABLE_PATH = '/api/-unroutable-';

export function routablePath(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  try {
    decodeURIComponent(path);
  } catch {
    return UNROUTABLE_PATH;
  }
  return path.split('/').some((segment) => segment.length > MAX_PARAM_LENGTH) ? UNROUTABLE_PATH : url;
}

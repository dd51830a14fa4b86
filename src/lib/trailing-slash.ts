/** A trailing slash on any path but / is removed. Returns the new path, or null when none is needed. */
export function withoutTrailingSlash(pathname: string): string | null {
  if (pathname === '/' || !pathname.endsWith('/')) return null;
  return pathname.replace(/\/+$/, '') || '/';
}

/** Which page the home frame shows, from `?page=` (e.g. `/?page=sign-up`). */

const PAGE_SHAPE = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** The sub-page name from the `page` query parameter; anything unexpected falls back to the index. */
export function marketingPage(param: string | null | undefined): string {
  return param && PAGE_SHAPE.test(param) ? param : 'index';
}

/**
 * The framed address: with no MARKETING_URL, the landing page shipped under static/landing/
 * (`/landing/index.html`, `/landing/sign-up.html`); otherwise `${MARKETING_URL}` or `${MARKETING_URL}/${page}`.
 */
export function marketingFrameUrl(marketingUrl: string, page: string, landingBase = '/landing/'): string {
  if (!marketingUrl) return `${landingBase}${page}.html`;
  const base = marketingUrl.replace(/\/+$/, '');
  return page === 'index' ? base : `${base}/${page}`;
}

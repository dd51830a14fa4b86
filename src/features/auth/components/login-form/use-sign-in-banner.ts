import {useEffect} from 'react';
import {useHistory, useLocation} from '@docusaurus/router';
import {useSearchParams} from '@site/src/hooks/use-search-params';
import {SIGN_IN_BANNER_MS} from '../../lib/timing';

export const BANNERS = {
  verified: 'Email verified successfully!',
  reset: 'Password reset successful!',
} as const;

type BannerKey = keyof typeof BANNERS;

/** Reads ?verified=1 / ?reset=1, shows the banner, then removes the flag from the address after 5 s. */
export function useSignInBanner(): BannerKey | null {
  const params = useSearchParams();
  const history = useHistory();
  const location = useLocation();
  const banner: BannerKey | null =
    params?.get('verified') === '1' ? 'verified' : params?.get('reset') === '1' ? 'reset' : null;

  useEffect(() => {
    if (!banner) return undefined;
    const id = window.setTimeout(() => {
      const next = new URLSearchParams(location.search);
      next.delete('verified');
      next.delete('reset');
      const search = next.toString();
      history.replace({pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash});
    }, SIGN_IN_BANNER_MS);
    return () => window.clearTimeout(id);
  }, [banner, history, location.pathname, location.search, location.hash]);

  return banner;
}

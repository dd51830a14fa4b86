import {useEffect, type ReactNode} from 'react';
import {useHistory, useLocation} from '@docusaurus/router';
import {setApiBaseUrl} from '@site/src/lib/api-client';
import {getPortalFields} from '@site/src/lib/site-config';
import {withoutTrailingSlash} from '@site/src/lib/trailing-slash';
import {useAuthStore} from '@site/src/stores/auth-store';

// One fixed backend base address, baked in at build time (customFields.apiUrl).
setApiBaseUrl(getPortalFields().apiUrl);

/** A trailing slash on any path but / is removed, keeping the query and the hash. */
function TrailingSlashRedirect(): null {
  const location = useLocation();
  const history = useHistory();
  useEffect(() => {
    const pathname = withoutTrailingSlash(location.pathname);
    if (pathname !== null) history.replace({pathname, search: location.search, hash: location.hash});
  }, [location.pathname, location.search, location.hash, history]);
  return null;
}

/** Wraps every page: auth bootstrap (browser only, in an effect) and the trailing-slash redirect. */
export default function Root({children}: {children: ReactNode}): ReactNode {
  useEffect(() => {
    void useAuthStore.getState().init();
  }, []);
  return (
    <>
      <TrailingSlashRedirect />
      {children}
    </>
  );
}

/**
 * A Docusaurus client module: it runs while main.js is evaluated, before the page's chunks load and React
 * hydrates. A stored token's GET /api/auth/me (a CORS request with a preflight) starts here instead of after
 * hydration, so the signed-in content can render as soon as React is ready. The auth store uses the answer
 * when the theme Root calls init().
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {setApiBaseUrl} from '@site/src/lib/api-client';
import {getPortalFields} from '@site/src/lib/site-config';
import {useAuthStore} from '@site/src/stores/auth-store';

if (ExecutionEnvironment.canUseDOM) {
  setApiBaseUrl(getPortalFields().apiUrl);
  useAuthStore.getState().prefetchUser();
}

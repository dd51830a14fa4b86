import type {ReactNode} from 'react';
import {SWRConfig} from 'swr';
import {apiClient, isApiError} from '@site/src/lib/api-client';

/** Don't hammer the API with retries of refusals (4xx); retry passing failures. */
const shouldRetryOnError = (error: unknown) => !(isApiError(error) && error.status >= 400 && error.status < 500);

/**
 * SWR for the signed-in area: the API client is the fetcher and the key is the path.
 * Mounted by ProtectedRoute, so the signed-out pages never download SWR.
 */
export default function SwrProvider({children}: {children: ReactNode}): ReactNode {
  return <SWRConfig value={{fetcher: apiClient.fetcher, shouldRetryOnError}}>{children}</SWRConfig>;
}

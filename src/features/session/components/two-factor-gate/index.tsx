import type {ReactNode} from 'react';
import {Redirect} from '@docusaurus/router';
import {useAuthStore} from '@site/src/stores/auth-store';

/** Where a member whose team requires two-factor is sent to set it up. */
export const TWO_FACTOR_SETUP_PATH = '/settings?two-factor=required#two-factor';

/**
 * Keeps a page from a member whose team requires two-factor and who has not turned it on: they are sent
 * to Settings to set it up. The API refuses them the same data (403 TWO_FACTOR_REQUIRED_BY_TEAM); this spares them
 * a page of errors.
 */
export default function TwoFactorGate({children}: {children: ReactNode}): ReactNode {
  const blocked = useAuthStore((s) => Boolean(s.user?.team?.requireTwoFactor && !s.user.twoFactorEnabled));
  return blocked ? <Redirect to={TWO_FACTOR_SETUP_PATH} /> : children;
}

import type {ReactNode} from 'react';
import SignedInLayout, {type SignedInLayoutProps} from '../signed-in-layout';
import TwoFactorGate from '../two-factor-gate';

/**
 * The frame of a signed-in page that shows the team's data (/api-keys, /team, /activity): the signed-in layout, its
 * content behind the two-factor gate, as the API refuses that data to a member the team's policy holds back.
 */
export default function GatedLayout({children, ...layout}: SignedInLayoutProps): ReactNode {
  return (
    <SignedInLayout {...layout}>
      <TwoFactorGate>{children}</TwoFactorGate>
    </SignedInLayout>
  );
}

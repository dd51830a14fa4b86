import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import AuthLayout from '@site/src/components/auth-layout';
import AcceptInvitation from '@site/src/features/invitations/components';

export default function AcceptInvitationPage(): ReactNode {
  return (
    <AuthLayout pageTitle="Team invitation" description="Accept or decline an invitation to join a team on IntakeKit.">
      {/* Each address is one person's invitation link: nothing for search engines. */}
      <Head>
        <meta name="robots" content="noindex, nofollow" />
      </Head>
      <AcceptInvitation />
    </AuthLayout>
  );
}

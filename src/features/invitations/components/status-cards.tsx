import type {ReactNode, Ref} from 'react';
import Link from '@docusaurus/Link';
import Notice from '@site/src/components/notice';
import Spinner from '@site/src/components/spinner';
import {AuthCard, type AuthIcon} from '@site/src/components/auth-layout';
import form from '@site/src/components/auth-layout/form.module.css';

interface CardProps {
  icon: AuthIcon;
  tone?: 'brand' | 'success' | 'danger' | 'warning';
  title: string;
  /** Focus moves to the heading when the view changes, so the new card is read. */
  titleRef: Ref<HTMLHeadingElement>;
}

/** A card that only waits: checking the link, or opening the team just joined. */
export function WaitingCard({
  label,
  subtitle,
  showLabel,
  testId,
  ...card
}: CardProps & {label: string; subtitle?: string; showLabel?: boolean; testId?: string}): ReactNode {
  return (
    <AuthCard {...card} subtitle={subtitle}>
      <div className={form.spinnerBox} data-testid={testId}>
        <Spinner size="lg" showLabel={showLabel} label={label} />
      </div>
    </AuthCard>
  );
}

interface NoticeCardProps extends CardProps {
  notice: ReactNode;
  noticeVariant: 'error' | 'success';
  testId?: string;
  /** Below the notice: a line of help or the button that tries again. */
  children?: ReactNode;
  /** Links under the card's content (the way back). */
  footer?: ReactNode;
}

/** A card that says how things stand (a link that cannot be used, a failure, a declined invitation). */
export function NoticeCard({notice, noticeVariant, testId, children, footer, ...card}: NoticeCardProps): ReactNode {
  const message = (
    <Notice variant={noticeVariant} data-testid={testId}>
      {notice}
    </Notice>
  );
  return (
    <AuthCard {...card}>
      {children ? (
        <div className={form.stack}>
          {message}
          {children}
        </div>
      ) : (
        message
      )}
      {footer ? <div className={form.linkRow}>{footer}</div> : null}
    </AuthCard>
  );
}

/** The way back from a card with nothing left to do: the dashboard when signed in, else the sign-in page. */
export function BackLink({signedIn}: {signedIn: boolean}): ReactNode {
  return <Link to={signedIn ? '/dashboard' : '/login'}>{signedIn ? 'Go to the dashboard' : 'Back to sign in'}</Link>;
}

/** The button of a card that can try again (the lookup, or the session check). */
export function RetryButton({children, onClick}: {children: string; onClick: () => void}): ReactNode {
  return (
    <button type="button" className="button button--primary button--block" onClick={onClick}>
      {children}
    </button>
  );
}

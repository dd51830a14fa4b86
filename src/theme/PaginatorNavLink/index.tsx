/** theme-classic's previous/next link, fetching the page on intent rather than on sight (see IntentLink). */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import type {Props} from '@theme/PaginatorNavLink';
import IntentLink from '@site/src/components/intent-link';

export default function PaginatorNavLink({permalink, title, subLabel, isNext}: Props): ReactNode {
  return (
    <IntentLink
      className={clsx('pagination-nav__link', isNext ? 'pagination-nav__link--next' : 'pagination-nav__link--prev')}
      to={permalink}
    >
      {subLabel && <div className="pagination-nav__sublabel">{subLabel}</div>}
      <div className="pagination-nav__label">{title}</div>
    </IntentLink>
  );
}

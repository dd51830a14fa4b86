/** theme-classic's sidebar link, fetching an internal page on intent rather than on sight (see IntentLink). */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import {ThemeClassNames} from '@docusaurus/theme-common';
import {isActiveSidebarItem} from '@docusaurus/plugin-content-docs/client';
import Link from '@docusaurus/Link';
import isInternalUrl from '@docusaurus/isInternalUrl';
import IconExternalLink from '@theme/Icon/ExternalLink';
import type {Props} from '@theme/DocSidebarItem/Link';
import IntentLink from '@site/src/components/intent-link';
import styles from './styles.module.css';

export default function DocSidebarItemLink({
  item,
  onItemClick,
  activePath,
  level,
  // Not an attribute of the link.
  index: _index,
  ...props
}: Props): ReactNode {
  const {href, label, className, autoAddBaseUrl} = item;
  const isActive = isActiveSidebarItem(item, activePath);
  const internal = isInternalUrl(href);
  const linkClass = clsx('menu__link', !internal && styles.menuExternalLink, {'menu__link--active': isActive});
  const labelNode = <span className={styles.linkLabel}>{label}</span>;
  return (
    <li
      className={clsx(
        ThemeClassNames.docs.docSidebarItemLink,
        ThemeClassNames.docs.docSidebarItemLinkLevel(level),
        'menu__list-item',
        className,
      )}
      key={label}
    >
      {internal ? (
        <IntentLink
          className={linkClass}
          aria-current={isActive ? 'page' : undefined}
          to={href}
          onClick={onItemClick ? () => onItemClick(item) : undefined}
          {...props}
        >
          {labelNode}
        </IntentLink>
      ) : (
        <Link className={linkClass} autoAddBaseUrl={autoAddBaseUrl} to={href} {...props}>
          {labelNode}
          <IconExternalLink />
        </Link>
      )}
    </li>
  );
}

import type {ReactNode} from 'react';
import LineIcon from '@site/src/components/line-icon';

/** The slide-over's three icons, each on the portal's one icon frame. */
const ICONS = {
  menu: <path d="M4 6h16M4 12h16M4 18h16" />,
  close: <path d="M6 6l12 12M18 6L6 18" />,
  logout: <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />,
};

export default function ShellIcon({name, size = 20}: {name: keyof typeof ICONS; size?: number}): ReactNode {
  return (
    <LineIcon width={size} height={size}>
      {ICONS[name]}
    </LineIcon>
  );
}

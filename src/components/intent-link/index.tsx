import type {ComponentProps, ReactNode} from 'react';
import {Link as RouterLink} from 'react-router-dom';

type Props = Omit<ComponentProps<typeof RouterLink>, 'to'> & {to: string};

/**
 * An internal link that fetches its page's code when the reader shows intent (pointer over it, focus, touch) rather
 * than as soon as it is on screen, as @docusaurus/Link does. For the links every page shows (the sidebar's
 * twenty-odd, the previous/next pair): prefetched on sight, they downloaded 40-90 kB of other pages' code on every
 * first visit (bench: page weight), mostly for pages the reader never opens. Intent comes 100-300 ms before the
 * click, so the next page is still quick.
 */
export default function IntentLink({to, onMouseEnter, onFocus, onTouchStart, ...props}: Props): ReactNode {
  const preload = () => void window.docusaurus.preload(to);
  return (
    <RouterLink
      to={to}
      onMouseEnter={(event) => {
        preload();
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        preload();
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        preload();
        onTouchStart?.(event);
      }}
      {...props}
    />
  );
}

import type {ReactNode, SVGProps} from 'react';

/**
 * A decorative 24×24 line icon (stroke in the text's colour, round caps and joins): the frame every icon of the
 * portal shares, so only its paths differ. Hidden from screen readers: the button or heading beside it names it.
 */
export default function LineIcon({children, ...props}: SVGProps<SVGSVGElement>): ReactNode {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      {children}
    </svg>
  );
}

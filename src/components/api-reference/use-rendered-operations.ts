import {startTransition, useEffect, useLayoutEffect, useState} from 'react';
import {useLocation} from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {holdInView} from './hold-in-view';
import type {TagGroup} from './openapi';

/** Operations rendered with the page; the rest follow in batches of this size. */
const FIRST_OPERATIONS = 6;
const OPERATIONS_PER_BATCH = 6;

/** Where an anchor of the page sits in the order operations render: an operation's, or its group's first. */
function positionOf(groups: TagGroup[], anchor: string): number {
  let position = 0;
  for (const group of groups) {
    if (group.anchor === anchor) return position;
    for (const entry of group.operations) {
      if (entry.anchor === anchor) return position;
      position += 1;
    }
  }
  return -1;
}

/**
 * How many operations to render, in the page's order. Mounted at once, the reference's ninety operations (about
 * 11,000 elements) were one commit of several hundred ms on a phone; here the first few render with the page and
 * each next batch in a transition of its own, after the last one was committed and painted, so no task holds the
 * main thread for long and the top of the page answers at once. An address naming an operation (a search result,
 * the endpoint index, a shared link) renders up to it at once and holds it in view while the page settles.
 */
export function useRenderedOperations(groups: TagGroup[]): {count: number; total: number} {
  const total = groups.reduce((sum, group) => sum + group.operations.length, 0);
  const [batched, setBatched] = useState(FIRST_OPERATIONS);
  // The static HTML has no address fragment: read it once hydrated, or the first render differs from the HTML.
  const hash = useLocation().hash;
  const target = useIsBrowser() ? decodeURIComponent(hash.slice(1)) : '';
  const needed = target ? positionOf(groups, target) + 1 : 0;
  const count = Math.min(total, Math.max(batched, needed));

  useEffect(() => {
    if (count >= total) return undefined;
    const timer = setTimeout(() => {
      startTransition(() => setBatched(Math.min(total, count + OPERATIONS_PER_BATCH)));
    }, 0);
    return () => clearTimeout(timer);
  }, [count, total]);

  // After the commit that rendered the target, before the browser paints the page at the wrong place.
  useLayoutEffect(() => (needed > 0 ? holdInView(target) : undefined), [needed, target]);

  return {count, total};
}

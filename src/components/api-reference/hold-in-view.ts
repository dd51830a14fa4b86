const USER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
/** Frames in a row with the target where it was put, after which the layout around it has settled. */
const STEADY_FRAMES = 3;
const MAX_FRAMES = 60;

/**
 * Scrolls to the element with this id and keeps it at the top while the browser lays out what is around it. The
 * operations off screen hold an estimated height until they near the screen (content-visibility), so a jump to one
 * lands on an estimate: the operations it passes are laid out at their real height a frame later and push it away.
 * It lets go once the element stays put for a few frames, after a second at most, or as soon as the reader scrolls,
 * types or taps. Returns a function that lets go at once.
 */
export function holdInView(id: string): () => void {
  let frame = 0;
  let frames = 0;
  let steady = 0;
  const stop = (): void => {
    cancelAnimationFrame(frame);
    for (const type of USER_INPUT) window.removeEventListener(type, stop, true);
  };
  const place = (): void => {
    const element = document.getElementById(id);
    if (!element) return stop();
    const before = element.getBoundingClientRect().top;
    element.scrollIntoView();
    steady = Math.abs(element.getBoundingClientRect().top - before) < 1 ? steady + 1 : 0;
    frames += 1;
    if (steady >= STEADY_FRAMES || frames >= MAX_FRAMES) return stop();
    frame = requestAnimationFrame(place);
  };
  for (const type of USER_INPUT) window.addEventListener(type, stop, {capture: true, passive: true});
  place();
  return stop;
}

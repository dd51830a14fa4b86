import type {Page} from '@playwright/test';

/**
 * Records, from the page's first paint, every layout shift the reader did not cause whose moved element sits inside
 * `within` (a selector), as the browser reports them. Call before the page loads; read with the returned function.
 */
export async function recordLayoutShifts(page: Page, within: string): Promise<() => Promise<string[]>> {
  await page.addInitScript((scope) => {
    const shifts: string[] = [];
    Object.assign(window, {recordedShifts: shifts});
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{
        value: number;
        hadRecentInput: boolean;
        sources: Array<{node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly}>;
      }>) {
        if (entry.hadRecentInput) continue;
        const box = (r: DOMRectReadOnly) => `${r.x},${r.y} ${r.width}x${r.height}`;
        for (const {node, previousRect, currentRect} of entry.sources) {
          const element = node instanceof Element ? node : node?.parentElement;
          if (element?.closest(scope)) {
            shifts.push(
              `${element.tagName} ${element.className}: ${entry.value} (${box(previousRect)} → ${box(currentRect)})`,
            );
          }
        }
      }
    }).observe({type: 'layout-shift', buffered: true});
  }, within);
  return () => page.evaluate(() => (window as unknown as {recordedShifts: string[]}).recordedShifts);
}

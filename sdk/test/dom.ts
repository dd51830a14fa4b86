/** Finding and driving the widget in happy-dom, as its tests share it. */
export const $ = <T extends Element = HTMLElement>(selector: string): T => {
  const el = document.querySelector<T>(selector);
  if (!el) throw new Error(`nothing matches ${selector}`);
  return el;
};
export const $$ = <T extends Element = HTMLInputElement>(selector: string): T[] => [
  ...document.querySelectorAll<T>(selector),
];
export const next = (): void => $<HTMLButtonElement>('.ik-nav button[type="submit"]').click();
export const back = (): void => $<HTMLButtonElement>('.ik-nav button[type="button"]').click();
export const title = (): string => $('.ik-title').textContent ?? '';

import {describe, expect, it} from 'vitest';
import {themes} from 'prism-react-renderer';
import {MIN_CONTRAST, readableColor, readableTheme} from './readable-prism-theme';

const hex = (c: string) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)) as [number, number, number];
const lum = (rgb: [number, number, number]) =>
  rgb
    .map((v) => v / 255)
    .map((s) => (s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4))
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0);
const ratio = (a: string, b: string) => {
  const [x, y] = [lum(hex(a)), lum(hex(b))].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
};

describe('readable Prism themes', () => {
  it('keeps colours that already pass and darkens or lightens the rest just enough', () => {
    expect(readableColor('#000000', '#ffffff')).toBe('#000000');
    const darker = readableColor('#00a4db', '#f6f8fa');
    expect(ratio(darker, '#f6f8fa')).toBeGreaterThanOrEqual(MIN_CONTRAST);
    const lighter = readableColor('#6272a4', '#282a36');
    expect(ratio(lighter, '#282a36')).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(readableColor('hsl(1, 2%, 3%)', '#ffffff')).toBe('hsl(1, 2%, 3%)');
  });

  it('brings every token of the configured themes (github, dracula) to WCAG AA', () => {
    for (const theme of [themes.github, themes.dracula]) {
      const readable = readableTheme(theme);
      const background = readable.plain.backgroundColor!;
      for (const {style} of readable.styles) {
        if (style.color?.startsWith('#') && style.color.length === 7) {
          expect(ratio(style.color, background)).toBeGreaterThanOrEqual(MIN_CONTRAST);
        }
      }
    }
  });
});

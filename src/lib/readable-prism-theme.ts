import type {PrismTheme} from 'prism-react-renderer';

/** WCAG AA for normal text. */
export const MIN_CONTRAST = 4.5;

type Rgb = [number, number, number];

function parse(color: string | undefined): Rgb | null {
  if (!color) return null;
  const value = color.trim();
  const hex = /^#([0-9a-f]{3,8})$/i.exec(value)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex;
    return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
  }
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/i.exec(value);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  return null;
}

function luminance([r, g, b]: Rgb): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const toHex = (rgb: Rgb) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** The colour moved towards black (light backgrounds) or white (dark ones) just enough to be readable. */
export function readableColor(color: string, background: string, min = MIN_CONTRAST): string {
  const fg = parse(color);
  const bg = parse(background);
  if (!fg || !bg || contrast(fg, bg) >= min) return color;
  const target: Rgb = luminance(bg) > 0.5 ? [0, 0, 0] : [255, 255, 255];
  for (let step = 1; step <= 20; step += 1) {
    const t = step / 20;
    const mixed = fg.map((v, i) => v + (target[i]! - v) * t) as Rgb;
    if (contrast(mixed, bg) >= min) return toHex(mixed);
  }
  return toHex(target);
}

const cache = new WeakMap<PrismTheme, PrismTheme>();

/** The theme with every token colour raised to WCAG AA contrast against the theme's background. */
export function readableTheme(theme: PrismTheme): PrismTheme {
  const cached = cache.get(theme);
  if (cached) return cached;
  const background = theme.plain.backgroundColor;
  const result: PrismTheme = !background
    ? theme
    : {
        plain: {...theme.plain, color: theme.plain.color && readableColor(theme.plain.color, background)},
        styles: theme.styles.map((entry) => ({
          ...entry,
          style: {
            ...entry.style,
            color: entry.style.color && readableColor(entry.style.color, background),
          },
        })),
      };
  cache.set(theme, result);
  return result;
}

// The emails' button wears the portal's colour, not a default theme's.
import {readFile} from 'node:fs/promises';
import {describe, expect, it} from 'vitest';
import {renderMail} from '../../src/mail/templates.js';

describe('the email button', () => {
  it("is the portal's primary colour, with white text that reads on it", async () => {
    const css = await readFile(new URL('../../../src/css/custom.css', import.meta.url), 'utf8');
    const portalPrimary = /:root\s*{[^}]*--ifm-color-primary:\s*(#[0-9a-f]{6});/i.exec(css)?.[1];
    expect(portalPrimary).toBeDefined();
    const {html} = renderMail({kind: 'verify-email', link: 'https://portal.example/verify?token=t', name: 'Ada'});
    const button = /<a href="https:\/\/portal\.example\/verify\?token=t" style="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(button).toContain(`background:${portalPrimary}`);
    expect(button).toContain('color:#fff');
    expect(contrast(portalPrimary!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

import {describe, expect, it} from 'vitest';
import {marketingFrameUrl, marketingPage} from './marketing';

describe('home frame', () => {
  it.each([
    [null, 'index'],
    ['', 'index'],
    ['sign-up', 'sign-up'],
    ['../etc/passwd', 'index'],
    ['https://evil.example', 'index'],
    ['Sign-Up', 'index'],
  ])('page=%j -> %j', (param, page) => expect(marketingPage(param)).toBe(page));

  it('frames the shipped landing page when MARKETING_URL is empty', () => {
    expect(marketingFrameUrl('', 'index')).toBe('/landing/index.html');
    expect(marketingFrameUrl('', 'sign-up')).toBe('/landing/sign-up.html');
  });

  it('frames the external site otherwise', () => {
    expect(marketingFrameUrl('https://intakekit.example/', 'index')).toBe('https://intakekit.example');
    expect(marketingFrameUrl('https://intakekit.example', 'sign-up')).toBe('https://intakekit.example/sign-up');
  });
});

import {existsSync} from 'node:fs';

/** Debian's Chromium, or CHROMIUM_PATH. */
export function chromiumPath() {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

export function hasChromium() {
  return existsSync(chromiumPath());
}

/** The flags every headless Chromium of the e2e tests and the bench starts with: no sandbox, GPU or background traffic. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

import {existsSync} from 'node:fs';

/** Debian's Chromium, or CHROMIUM_PATH. */
export function chromiumPath() {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

export function hasChromium() {
  return existsSync(chromiumPath());
}

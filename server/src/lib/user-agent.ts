// The browser and OS of a User-Agent, as the sessions list names them ('Chrome 131', 'macOS'), with bowser (MIT,
// no dependencies, kept up to date with new browsers).
import Bowser from 'bowser';

/** User-Agents longer than this are cut before they are stored: no browser sends one near it. */
export const USER_AGENT_MAX = 512;

const major = (version: string | undefined) => version?.split('.')[0];

/** The browser and OS without versions ('Chrome|macOS'): an update is the same browser. */
export function browserFamily(userAgent: string | null): string {
  if (!userAgent) return '|';
  const {browser, os} = Bowser.parse(userAgent);
  return `${browser.name ?? ''}|${os.name ?? ''}`;
}

export function describeUserAgent(userAgent: string | null): {browser: string | null; os: string | null} {
  if (!userAgent) return {browser: null, os: null};
  const {browser, os} = Bowser.parse(userAgent);
  const browserVersion = major(browser.version);
  // Phones' versions are real and worth showing; macOS's is frozen at 10.15.7 in every User-Agent, and Windows
  // names 10 and 11 alike ('10').
  const osVersion = os.name === 'iOS' || os.name === 'Android' ? major(os.version) : undefined;
  return {
    browser: browser.name ? [browser.name, browserVersion].filter(Boolean).join(' ') : null,
    os: os.name ? [os.name, osVersion].filter(Boolean).join(' ') : null,
  };
}

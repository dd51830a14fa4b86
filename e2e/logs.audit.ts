/**
 * Logs: a full end-to-end run's logs must contain none of the passwords, tokens or keys it used.
 *
 * Runs in the 'logs' project, after every other test (playwright.config.ts), against what that run left:
 * the secrets recorded by the fixtures, the mail sink and the stack (e2e/support/secrets.ts), and everything the
 * API (across all its restarts) and the static site server printed. `npx playwright test` and
 * `npx playwright test e2e/logs.audit.ts` run the whole suite and then this; a run of other files skips it.
 */
import {randomUUID} from 'node:crypto';
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {test, expect, stack} from './fixtures';
import {API_URL} from './support/ports';
import {ROOT} from './support/processes';
import {LOG_DIR, SECRET_KINDS, SITE_LOG, readSightings, type SecretKind, type SecretSighting} from './support/secrets';

/**
 * Fewest distinct secrets of each kind a full run uses, about half of what it does use (a run on 2026-11-23:
 * 13 passwords, 59 session tokens, 11 API keys, 50 link tokens, 1 server secret; the figures are printed), so the
 * audit cannot pass by having looked for nothing, and a test removed here or there does not fail it.
 */
const MINIMUM: Record<SecretKind, number> = {
  password: 6,
  'session-token': 30,
  'api-key': 5,
  'link-token': 25,
  'server-secret': 1,
  // e2e/two-factor.spec.ts: an authenticator secret, ten recovery codes, challenges.
  'two-factor': 6,
};

/** Routes whose requests carry secrets: their request lines must be in the log we scan, or we scanned the wrong log. */
const SECRET_BEARING_ROUTES = [
  '/api/auth/register',
  '/api/auth/login',
  '/api/auth/verify?token=',
  '/api/auth/reset-password',
  '/api/auth/change-password',
  '/api/auth/me',
  '/api/keys',
  '/api/sdk/sessions',
  '/api/auth/login/two-factor',
];

/** The forms a value takes when it is logged inside a URL, a form body or a JSON string. */
function encodings(value: string): string[] {
  return [
    ...new Set([
      value,
      encodeURIComponent(value),
      new URLSearchParams({v: value}).toString().slice(2),
      JSON.stringify(value).slice(1, -1),
    ]),
  ];
}

const masked = (value: string) => `${value.slice(0, 4)}…(${value.length} chars)`;

interface Finding {
  kind: SecretKind;
  secret: string;
  seenAt: string;
  log: string;
  line: number;
  excerpt: string;
}

function findLeaks(logName: string, text: string, secrets: Map<string, SecretSighting>): Finding[] {
  const findings: Finding[] = [];
  for (const sighting of secrets.values()) {
    for (const form of encodings(sighting.value)) {
      const at = text.indexOf(form);
      if (at === -1) continue;
      const lineStart = text.lastIndexOf('\n', at) + 1;
      const lineEnd = text.indexOf('\n', at);
      findings.push({
        kind: sighting.kind,
        secret: masked(sighting.value),
        seenAt: sighting.source,
        log: logName,
        line: text.slice(0, at).split('\n').length,
        excerpt: text
          .slice(lineStart, lineEnd === -1 ? undefined : lineEnd)
          .split(form)
          .join('«SECRET»')
          .slice(0, 400),
      });
    }
  }
  return findings;
}

test('a full run leaves none of the passwords, tokens or keys it used in the API or site logs', async () => {
  // Everything the API printed before this request is in the log once this request's own line is.
  const marker = randomUUID();
  expect((await fetch(`${API_URL}/api/health?audit=${marker}`)).ok).toBe(true);
  let apiLog = '';
  await expect
    .poll(async () => (apiLog = await stack.logs()).includes(marker), {message: 'the audit request in the API log'})
    .toBe(true);
  const siteLog = readFileSync(SITE_LOG, 'utf8');

  const secrets = new Map<string, SecretSighting>();
  for (const sighting of readSightings()) if (!secrets.has(sighting.value)) secrets.set(sighting.value, sighting);
  const perKind = Object.fromEntries(
    SECRET_KINDS.map((kind) => [kind, [...secrets.values()].filter((s) => s.kind === kind).length]),
  ) as Record<SecretKind, number>;
  const channels: Record<string, number> = {};
  for (const {source} of secrets.values()) {
    const channel = source.split(' ')[0] ?? source;
    channels[channel] = (channels[channel] ?? 0) + 1;
  }

  const started = performance.now();
  const findings = [...findLeaks('api.log', apiLog, secrets), ...findLeaks('site.log', siteLog, secrets)];
  const figures = {
    apiLog: {
      bytes: Buffer.byteLength(apiLog),
      lines: apiLog.split('\n').filter(Boolean).length,
      apiStarts: apiLog.split('"Server listening at').length - 1,
    },
    siteLog: {bytes: Buffer.byteLength(siteLog), lines: siteLog.split('\n').filter(Boolean).length},
    distinctSecrets: secrets.size,
    perKind,
    firstSeenBy: channels,
    formsChecked: ['raw', 'encodeURIComponent', 'form-urlencoded', 'JSON string'],
    scanMs: Math.round(performance.now() - started),
    leaks: findings.length,
  };
  // The figures SECURITY.md quotes; also kept beside the logs they describe.
  console.log(`logs audit: ${JSON.stringify(figures, null, 2)}`);
  writeFileSync(path.join(LOG_DIR, 'audit.json'), `${JSON.stringify({figures, findings}, null, 2)}\n`);
  await test.info().attach('figures', {body: JSON.stringify(figures, null, 2), contentType: 'application/json'});

  const hint = `(a full run: npx playwright test; record in ${path.relative(ROOT, LOG_DIR)})`;
  for (const kind of SECRET_KINDS) {
    expect(perKind[kind], `distinct ${kind} values the run used ${hint}`).toBeGreaterThanOrEqual(MINIMUM[kind]);
  }
  for (const route of SECRET_BEARING_ROUTES) {
    expect(apiLog.includes(`"url":"${route}`), `a request line for ${route} in the API log`).toBe(true);
  }
  expect(findings, 'secrets found in the logs').toEqual([]);
});

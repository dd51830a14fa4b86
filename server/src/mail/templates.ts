// Every email the API sends, as plain text and HTML built from the same words.
import {BRAND_COLOR} from '@intakekit/contract/constants';
import {nameProblem} from '@intakekit/contract/names';
import {productionAccessParts, type ProductionAccessMail} from './production-access-templates.js';
import {webhookParts, type WebhookMail} from './webhook-templates.js';

export type MailTemplate =
  | {kind: 'verify-email'; link: string; name: string | null}
  | {kind: 'reset-password'; link: string; name: string | null}
  | {
      kind: 'password-changed';
      name: string | null;
      portalUrl: string;
      /** The passkeys a reset by link removed, by name (someone else may have added them). */
      removedPasskeys?: string[];
    }
  | {
      kind: 'account-recovery-started';
      name: string | null;
      /** When the wait ends, in UTC, as people read it. */
      endsAt: string;
      cancelLink: string;
    }
  | {kind: 'account-recovery-completed'; name: string | null; removedPasskeys: string[]; portalUrl: string}
  | {kind: 'two-factor-disabled'; name: string | null; portalUrl: string}
  | {
      kind: 'new-sign-in';
      name: string | null;
      /** 'Chrome 131 on macOS'. */
      browser: string;
      ipAddress: string | null;
      /** When, in UTC, as people read it. */
      at: string;
      portalUrl: string;
    }
  | {
      kind: 'key-expiring';
      name: string | null;
      /** The key as people name it: 'Clinic web (ending 9f3KQ2a1)'. */
      keyLabel: string;
      keyType: 'sandbox' | 'production';
      daysLeft: number;
      expiresAt: string;
      link: string;
    }
  | {
      kind: 'team-invitation';
      link: string;
      /** Team and inviter names are plain text: escaped in the HTML part, never made into links. */
      teamName: string;
      inviterName: string | null;
      role: 'admin' | 'member';
    }
  | ProductionAccessMail
  | WebhookMail;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** The action link, logged in development mode so no mail client is needed. */
  link: string | undefined;
}

export interface Parts {
  subject: string;
  /** Unless given, "Hi <name>," to the account's own name. */
  greeting?: string;
  paragraphs: string[];
  action?: {label: string; link: string};
  footer: string;
}

/** Passkey names are chosen by whoever added them: each quoted, so none reads as our words. */
function removedPasskeysParagraph(what: string, names: string[] | undefined): string[] {
  if (!names?.length) return [];
  // A name that breaks the name rule (an address, hidden characters) is counted, not shown.
  const shown = names.filter((n) => !nameProblem(n)).map((n) => `“${n}”`);
  const hidden = names.length - shown.length;
  if (hidden > 0)
    shown.push(hidden === 1 ? 'a passkey whose name is not shown' : `${hidden} passkeys whose names are not shown`);
  const list = shown.join(', ');
  return [`${what} also removed these passkeys, which can no longer sign in: ${list}.`];
}

/** A name as an email may show it: null when it breaks the name rule (a row written before the rule existed). */
function shownName(name: string | null): string | null {
  return name && !nameProblem(name) ? name : null;
}

const hello = (name: string | null) => (shownName(name) ? `Hi ${name},` : 'Hi,');

/** The notices' footer: sent whoever made the change, so it says nothing needs doing if that was the reader. */
const SECURITY_FOOTER = 'You receive this notice for your security; no action is needed if it was you.';
/** What a notice tells someone who did not make the change: take the account back first. */
const resetNow = (portalUrl: string) => `If this wasn't you, reset your password now at ${portalUrl}/forgot-password`;

/** A message that is there for its link: one paragraph, the button, and how long the link works. */
function linkMessage(subject: string, label: string, link: string, text: {intro: string; footer: string}): Parts {
  return {subject, paragraphs: [text.intro], action: {label, link}, footer: text.footer};
}

/** A notice of a change that can remove passkeys (a reset, a recovery): what happened, the passkeys `what` removed, what now. */
function passkeysRemovedBy(
  what: string,
  removed: string[] | undefined,
  text: {subject: string; happened: string; next: string; footer: string},
): Parts {
  return {
    subject: text.subject,
    paragraphs: [text.happened, ...removedPasskeysParagraph(what, removed), text.next],
    footer: text.footer,
  };
}

function parts(template: MailTemplate): Parts {
  switch (template.kind) {
    case 'production-access-requested':
    case 'production-access-granted':
    case 'production-access-withdrawn':
      return productionAccessParts(template);
    case 'webhook-endpoint-disabled':
      return webhookParts(template);
    case 'password-changed':
      return passkeysRemovedBy('The reset', template.removedPasskeys, {
        subject: 'Your IntakeKit password was changed',
        happened: 'The password of your IntakeKit account was just changed and your other sessions were signed out.',
        next: `${resetNow(template.portalUrl)}.`,
        footer: SECURITY_FOOTER,
      });
    case 'account-recovery-started':
      return {
        subject: 'Your IntakeKit account recovery has started',
        paragraphs: [
          'Someone with access to this mailbox started recovering your IntakeKit account without its authenticator app. Every session was signed out, and nobody can sign in to the account until the recovery ends.',
          `On ${template.endsAt} (UTC), two-factor authentication and every passkey will be removed and the new password chosen when the recovery started will take effect. We will email you then.`,
          "If this wasn't you, cancel the recovery now: your password, authenticator app and passkeys then work as before.",
        ],
        action: {label: 'Cancel the recovery', link: template.cancelLink},
        footer: 'You receive this notice for your security. If it was you, there is nothing to do but wait.',
      };
    case 'account-recovery-completed':
      return passkeysRemovedBy('The recovery', template.removedPasskeys, {
        subject: 'Your IntakeKit account recovery is complete',
        happened:
          'The recovery of your IntakeKit account is complete: two-factor authentication is off, every session was signed out, and the new password chosen when the recovery started is now in force.',
        next: `Sign in at ${template.portalUrl}/login, then turn two-factor authentication on again in Settings.`,
        footer: 'You receive this notice for your security.',
      });
    case 'two-factor-disabled':
      return {
        subject: 'Two-factor authentication was turned off for your IntakeKit account',
        paragraphs: [
          'Two-factor authentication was just turned off for your IntakeKit account: signing in now needs only your password.',
          `${resetNow(template.portalUrl)}, then turn two-factor authentication on again in Settings.`,
        ],
        footer: SECURITY_FOOTER,
      };
    case 'new-sign-in':
      return {
        subject: 'New sign-in to your IntakeKit account',
        paragraphs: [
          `Your IntakeKit account was just signed in to from a browser it had not been used from before: ${template.browser}` +
            `${template.ipAddress ? `, at the address ${template.ipAddress}` : ''}, on ${template.at} (UTC).`,
          `${resetNow(template.portalUrl)}, then sign the session out under Settings, Sessions.`,
        ],
        footer: SECURITY_FOOTER,
      };
    case 'key-expiring': {
      const when = template.daysLeft <= 1 ? 'within a day' : `in ${template.daysLeft} days`;
      return {
        subject: `Your IntakeKit ${template.keyType} key ${template.keyLabel} expires ${when}`,
        paragraphs: [
          `The ${template.keyType} API key ${template.keyLabel} expires on ${template.expiresAt} (UTC) and was used in the last 30 days. ` +
            'Once it expires, pages that use it can no longer start intake sessions.',
          'Rotate it (with a grace period, so both keys work while your pages switch) or give it a later expiry on the API Keys page.',
        ],
        action: {label: 'Open API Keys', link: template.link},
        footer:
          'You receive this as an owner or admin of the key. It is sent 7 days and 1 day before a key in use expires.',
      };
    }
    case 'team-invitation': {
      // One text whatever the address: the email never tells whether it has an account. Names are quoted, the
      // subject starts with our words and leaves the inviter out, and a name stored before the name rule is left out.
      const inviterName = shownName(template.inviterName);
      const inviter = inviterName ? `“${inviterName}”` : 'A teammate';
      const teamName = shownName(template.teamName);
      const team = teamName ? `the team “${teamName}”` : 'a team';
      return {
        subject: `A teammate invited you to join ${team} on IntakeKit`,
        greeting: 'Hi,',
        paragraphs: [
          `${inviter} invited you to join ${team} on IntakeKit as ${template.role === 'admin' ? 'an admin' : 'a member'}. ` +
            'Members of a team share its API keys.',
          'Open the invitation to join or decline. You will be asked to sign in, or to create an account, with this email address.',
        ],
        action: {label: 'View invitation', link: template.link},
        footer: "This link expires in 7 days. If you weren't expecting this invitation, you can ignore this email.",
      };
    }
    case 'verify-email':
      return linkMessage('Verify your IntakeKit email address', 'Verify email', template.link, {
        intro: 'Confirm your email address to finish setting up your IntakeKit account.',
        footer: "This link expires in 60 minutes. If you didn't sign up, you can ignore this email.",
      });
    case 'reset-password':
      return linkMessage('Reset your IntakeKit password', 'Reset password', template.link, {
        intro: 'We received a request to reset the password of your IntakeKit account.',
        footer: "This link expires in 15 minutes and works once. If you didn't ask for it, ignore this email.",
      });
  }
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'})[c]!);

export function renderMail(template: MailTemplate): RenderedMail {
  const p = parts(template);
  const greeting = p.greeting ?? hello('name' in template ? template.name : null);
  const text = [
    greeting,
    '',
    ...p.paragraphs.flatMap((x) => [x, '']),
    ...(p.action ? [`${p.action.label}: ${p.action.link}`, ''] : []),
    p.footer,
    '',
    '-- IntakeKit',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1c1e21;max-width:560px;margin:0 auto;padding:24px">
<p>${escapeHtml(greeting)}</p>
${p.paragraphs.map((x) => `<p>${escapeHtml(x)}</p>`).join('\n')}
${
  p.action
    ? `<p><a href="${escapeHtml(p.action.link)}" style="display:inline-block;background:${BRAND_COLOR};color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(p.action.label)}</a></p>
<p style="font-size:13px;color:#606770">Or paste this link into your browser: ${escapeHtml(p.action.link)}</p>`
    : ''
}
<p style="font-size:13px;color:#606770">${escapeHtml(p.footer)}</p>
<p style="font-size:13px;color:#606770">IntakeKit</p>
</body></html>`;
  return {subject: p.subject, text, html, link: p.action?.link};
}

// Chooses how mail leaves the server: SMTP when SMTP_URL is set, otherwise .eml files under
// $DATA_DIR/mail (development mode, with the link printed to the log).
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  /** Returns where the message went (a file path in development mode). */
  send(mail: OutgoingMail): Promise<string | undefined>;
  close(): void;
  readonly devMode: boolean;
}

function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  if (bare === 'localhost') return true;
  if (net.isIPv4(bare)) return bare.startsWith('127.');
  return bare === '::1';
}

export function smtpTransport(smtpUrl: string): MailTransport {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const transporter = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(url.username && {auth: {user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password)}}),
    // A loopback sink (tests, local relays) has no certificate: don't attempt STARTTLS there.
    ignoreTLS: isLoopback(url.hostname),
    // Bounded, well inside MAIL_LEASE_SECONDS: a hung mail server must not hold an outbox claim past its lease
    // (nodemailer's defaults are 2 min to connect and 10 min of socket silence).
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    devMode: false,
    async send(mail) {
      await transporter.sendMail(mail);
      return undefined;
    },
    close: () => transporter.close(),
  };
}

export function fileTransport(dataDir: string): MailTransport {
  const dir = path.join(dataDir, 'mail');
  const transporter = nodemailer.createTransport({streamTransport: true, buffer: true, newline: 'unix'});
  let counter = 0;
  return {
    devMode: true,
    async send(mail) {
      const info = await transporter.sendMail(mail);
      await fs.mkdir(dir, {recursive: true});
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${process.pid}-${++counter}.eml`);
      // Written under another name and renamed: a reader watching the folder never sees half a message.
      await fs.writeFile(`${file}.part`, info.message as Buffer);
      await fs.rename(`${file}.part`, file);
      return file;
    },
    close: () => transporter.close(),
  };
}

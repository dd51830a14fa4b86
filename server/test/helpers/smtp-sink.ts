// A real SMTP server on 127.0.0.1 for tests of mail over SMTP: it accepts every message and keeps its raw bytes.
// Closed when the test finishes.
import {once} from 'node:events';
import {acceptingSmtpServer} from './smtp-server.js';
import {onTestFinished} from 'vitest';

export interface SmtpSink {
  port: number;
  /** Every message accepted so far, as sent (parse with parse-mail.ts). */
  received: Buffer[];
}

/** Listens on `port` (0: a free one). */
export async function smtpSink(port = 0): Promise<SmtpSink> {
  const received: Buffer[] = [];
  const smtp = acceptingSmtpServer((raw) => {
    received.push(raw);
  });
  smtp.listen(port, '127.0.0.1');
  await once(smtp.server, 'listening');
  onTestFinished(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
  return {port: (smtp.server.address() as {port: number}).port, received};
}

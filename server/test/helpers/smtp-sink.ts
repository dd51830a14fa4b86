// A real SMTP server on 127.0.0.1 for tests of mail over SMTP: it accepts every message and keeps its raw bytes.
// Closed when the test finishes.
import {once} from 'node:events';
import {SMTPServer} from 'smtp-server';
import {onTestFinished} from 'vitest';

export interface SmtpSink {
  port: number;
  /** Every message accepted so far, as sent (parse with parse-mail.ts). */
  received: Buffer[];
}

/** Listens on `port` (0: a free one). */
export async function smtpSink(port = 0): Promise<SmtpSink> {
  const received: Buffer[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks));
        callback();
      });
    },
  });
  smtp.listen(port, '127.0.0.1');
  await once(smtp.server, 'listening');
  onTestFinished(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
  return {port: (smtp.server.address() as {port: number}).port, received};
}

// An SMTP sink on 127.0.0.1 for the mail tests: first a port nothing listens on (connections are
// refused, as from a mail server that is down), then a server on that same port that keeps every
// message it accepts.
import net from 'node:net';
import {once} from 'node:events';
import PostalMime from 'postal-mime';
import type {SMTPServer} from 'smtp-server';
import {acceptingSmtpServer} from '../../test/helpers/smtp-server.js';

export interface SunkMail {
  to: string;
  subject: string;
  text: string;
}

export interface SmtpSink {
  port: number;
  /** Every message accepted since start(), in arrival order. */
  readonly received: SunkMail[];
  /** The mail server comes back: listen on the port. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function refusingSmtpSink(): Promise<SmtpSink> {
  const probe = net.createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const {port} = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));

  const received: SunkMail[] = [];
  let server: SMTPServer | undefined;
  return {
    port,
    received,
    async start() {
      server = acceptingSmtpServer(async (raw) => {
        const mail = await PostalMime.parse(raw);
        received.push({
          to: mail.to?.map((a) => ('address' in a ? a.address : '')).join(',') ?? '',
          subject: mail.subject ?? '',
          text: mail.text ?? '',
        });
      });
      server.listen(port, '127.0.0.1');
      await once(server.server, 'listening');
    },
    async stop() {
      const running = server;
      server = undefined;
      if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
    },
  };
}

import {SMTPServer} from 'smtp-server';
import PostalMime from 'postal-mime';

export interface ReceivedMail {
  id: number;
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link in the message, in order, taken from the plain-text part and the HTML hrefs. */
  links: string[];
  receivedAt: string;
}

/**
 * A real SMTP server on loopback that keeps every message it accepts, parsed, so end-to-end tests
 * read their verification and reset links from the email exactly as a person would.
 */
export class MailSink {
  readonly messages: ReceivedMail[] = [];
  private server: SMTPServer;
  private nextId = 1;

  /** `onMessage` sees every message as it is stored (the Stack records the link tokens it carries). */
  constructor(private readonly onMessage?: (message: ReceivedMail) => void) {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      size: 5 * 1024 * 1024,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const recipients = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          this.store(Buffer.concat(chunks), recipients).then(
            () => callback(),
            (error: Error) => callback(error),
          );
        });
      },
    });
  }

  listen(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  clear(): void {
    this.messages.length = 0;
  }

  private async store(raw: Buffer, recipients: string[]): Promise<void> {
    const parsed = await PostalMime.parse(raw);
    const text = parsed.text ?? '';
    const html = parsed.html ?? '';
    const links = [
      ...Array.from(text.matchAll(/https?:\/\/[^\s<>"')]+/g), (m) => m[0]),
      ...Array.from(html.matchAll(/href="(https?:\/\/[^"]+)"/g), (m) => decodeEntities(m[1] ?? '')),
    ];
    const message: ReceivedMail = {
      id: this.nextId++,
      to: recipients,
      from: parsed.from?.address ?? '',
      subject: parsed.subject ?? '',
      text,
      html,
      links: [...new Set(links)],
      receivedAt: new Date().toISOString(),
    };
    this.messages.push(message);
    this.onMessage?.(message);
  }
}

function decodeEntities(value: string): string {
  return value
    .replace(/&amp;/g, '&')
    .replace(/&#x2F;/gi, '/')
    .replace(/&#x3D;/gi, '=')
    .replace(/&quot;/g, '"');
}

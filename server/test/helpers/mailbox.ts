// Reads what the real development-mode mailer wrote under $DATA_DIR/mail.
import fs from 'node:fs/promises';
import path from 'node:path';
import PostalMime from 'postal-mime';
import type {FastifyInstance} from 'fastify';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export class Mailbox {
  constructor(
    private readonly app: FastifyInstance,
    private readonly dataDir: string,
  ) {}

  async all(): Promise<ReceivedMail[]> {
    await this.app.mailer.flush();
    const dir = path.join(this.dataDir, 'mail');
    let files: string[];
    try {
      files = (await fs.readdir(dir)).filter((f) => f.endsWith('.eml'));
    } catch {
      return [];
    }
    // Names end in a per-process counter: sort on it so order is sending order.
    const order = (f: string) => Number(/-(\d+)\.eml$/.exec(f)?.[1] ?? 0);
    files.sort((a, b) => order(a) - order(b));
    const mails: ReceivedMail[] = [];
    for (const file of files) {
      const parsed = await PostalMime.parse(await fs.readFile(path.join(dir, file)));
      mails.push({
        to: parsed.to?.map((a) => ('address' in a ? a.address : '')).join(',') ?? '',
        subject: parsed.subject ?? '',
        text: parsed.text ?? '',
        html: parsed.html ?? '',
      });
    }
    return mails;
  }

  async to(address: string): Promise<ReceivedMail[]> {
    return (await this.all()).filter((m) => m.to === address);
  }

  /** The token of the newest link to `page` (verify, reset-password or accept-invitation) sent to the address. */
  async lastToken(address: string, page: 'verify' | 'reset-password' | 'accept-invitation'): Promise<string> {
    const mails = await this.to(address);
    for (const mail of mails.reverse()) {
      const match = new RegExp(`/${page}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
      if (match) return match[1]!;
    }
    throw new Error(`No ${page} link was sent to ${address}`);
  }
}

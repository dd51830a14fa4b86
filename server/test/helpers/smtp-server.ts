// The SMTP server every mail test listens with (the API tests' sink and the resilience tests' refusing one): it
// accepts any message without authentication or TLS and hands its raw bytes to `onMessage`; the message is
// acknowledged once that resolves, and refused if it throws.
import {SMTPServer} from 'smtp-server';

export function acceptingSmtpServer(onMessage: (raw: Buffer) => Promise<void> | void): SMTPServer {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        Promise.resolve()
          .then(() => onMessage(Buffer.concat(chunks)))
          .then(
            () => callback(),
            (error: Error) => callback(error),
          );
      });
    },
  });
}

// `npm run admin -- <command>`: the operator's commands, run against the configured database (the same
// environment as the API). On the embedded database the API must be stopped first: one process at a time
// (db/data-dir-lock.ts). Email is written to the outbox like the API's and sent from here at once; what cannot be
// sent now stays in the outbox, and the API's worker retries it.
import {loadConfig, ConfigError} from '../config.js';
import {openDatabase} from '../db/connect.js';
import {DatabaseInUseError} from '../db/data-dir-lock.js';
import {migrate} from '../db/migrate.js';
import {resolveSecretKey} from '../lib/secret-key.js';
import {secretBox} from '../lib/secret-box.js';
import {fileTransport, smtpTransport} from '../mail/transport.js';
import {enqueueMail, sendDueMail} from '../services/mail-outbox.js';
import {TeamNotFoundError} from '../services/production-access.js';
import {listRequests, setAccess} from './production-access-commands.js';

const USAGE = `Usage: npm run admin -- <command>

  production-requests                           list the production access requests waiting for an answer
  production-ready <team id | owner email>      grant a team production access (its owner is emailed)
  production-not-ready <team id | owner email>  withdraw it: no new production keys (its owner is emailed)`;

class UsageError extends Error {}

async function run(args: string[]): Promise<void> {
  const [command, reference, ...extra] = args;
  const needsTeam = command === 'production-ready' || command === 'production-not-ready';
  if (!(command === 'production-requests' || needsTeam) || (needsTeam && !reference) || extra.length > 0) {
    throw new UsageError(command && command !== 'help' && command !== '--help' ? `Unknown use: ${args.join(' ')}` : '');
  }
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    await migrate(db);
    const box = secretBox(await resolveSecretKey(config.secretKey, config.dataDir), 'mail-outbox');
    const print = (line: string) => console.log(line);
    if (command === 'production-requests') return await listRequests(db, print);
    const mailer = {
      enqueue: (trx: typeof db, to: string, template: Parameters<typeof enqueueMail>[4]) =>
        enqueueMail(trx, box, config.now(), to, template),
      wake: () => {},
    };
    await setAccess({db, mailer, config}, reference!, command === 'production-ready', print);
    await sendDueMail({
      db,
      box,
      transport: config.smtpUrl ? smtpTransport(config.smtpUrl) : fileTransport(config.dataDir),
      from: config.mailFrom,
      maxAttempts: config.mailMaxAttempts,
      retryBaseMs: config.mailRetryBaseMs,
      retryMaxMs: config.mailRetryMaxMs,
      leaseMs: config.mailLeaseMs,
      log: {
        info: () => {},
        warn: (_d, message) => console.error(message),
        error: (_d, message) => console.error(message),
      },
    });
  } finally {
    await db.destroy();
  }
}

run(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof UsageError) {
      if (error.message) console.error(error.message);
      console.error(USAGE);
      process.exit(2);
    }
    if (error instanceof ConfigError || error instanceof DatabaseInUseError || error instanceof TeamNotFoundError) {
      console.error(error.message);
      process.exit(1);
    }
    console.error('The command failed:', error);
    process.exit(1);
  },
);

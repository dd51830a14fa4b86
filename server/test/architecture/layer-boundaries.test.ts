// The server's layer boundaries (eslint.config.mjs) fail on a deliberate violation of each, and let
// through what the layers may do: routes call services, services own transactions, repositories own SQL.
import {fileURLToPath} from 'node:url';
import {ESLint} from 'eslint';
import {describe, expect, it} from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({cwd: repoRoot});
const BOUNDARY_RULES = new Set(['@typescript-eslint/no-restricted-imports', 'no-restricted-syntax']);

/** The boundary messages ESLint gives for `code` as if it lived at `file` (relative to the repository). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, {filePath: file});
  if (!result) throw new Error(`ESLint returned nothing for ${file}`);
  const fatal = result.messages.filter((m) => m.fatal);
  if (fatal.length > 0) throw new Error(`ESLint could not parse the sample: ${fatal[0]!.message}`);
  return result.messages.filter((m) => m.ruleId && BOUNDARY_RULES.has(m.ruleId)).map((m) => m.message);
}

/** The boundaries refuse `code` at `file` with exactly one error, the rule's message (of which `message` is part). */
async function expectRefused(file: string, code: string, message: string): Promise<void> {
  expect(await boundaryErrors(file, code)).toEqual([expect.stringContaining(message)]);
}

/** The boundaries let `code` through at `file`. */
async function expectAllowed(file: string, code: string): Promise<void> {
  expect(await boundaryErrors(file, code)).toEqual([]);
}

const route = 'server/src/routes/example/index.ts';
const service = 'server/src/services/example.ts';
const repository = 'server/src/repositories/example-repository.ts';

describe('server layer boundaries', () => {
  it('refuse a route that imports a repository, the database or Kysely', async () => {
    await expectRefused(
      route,
      "import {findUser} from '../../repositories/users-repository.js';\nvoid findUser;\n",
      'Routes speak HTTP and call services',
    );
    await expectRefused(
      route,
      "import {openDatabase} from '../../db/connect.js';\nvoid openDatabase;\n",
      'Routes speak HTTP and call services',
    );
    await expectRefused(
      route,
      "import {sql} from 'kysely';\nvoid sql;\n",
      'Only repositories/** and db/** use Kysely at run time',
    );
  });

  it('refuse a route that opens a transaction or runs a query', async () => {
    await expectRefused(
      route,
      'export async function f(app: any) {\n  await app.db.transaction().execute(async () => {});\n}\n',
      'Services own transactions',
    );
    await expectRefused(
      route,
      "export async function f(app: any) {\n  await app.db.selectFrom('users').execute();\n}\n",
      'run queries',
    );
  });

  it('let a route import types from the lower layers and call services', async () => {
    await expectAllowed(
      route,
      "import type {UserWithTeam} from '../../repositories/users-repository.js';\n" +
        "import type {Db} from '../../db/connect.js';\n" +
        "import {findAccount} from '../../services/accounts.js';\n" +
        'export const f = (db: Db, id: string): Promise<UserWithTeam> => findAccount(db, id);\n',
    );
  });

  it('refuse a service that imports Fastify at run time, writes SQL or runs a query', async () => {
    await expectRefused(service, "import fastify from 'fastify';\nvoid fastify;\n", 'Services know nothing of HTTP');
    await expectRefused(service, "import {sql} from 'kysely';\nvoid sql;\n", 'use Kysely at run time');
    await expectRefused(
      service,
      "export const f = (db: any) => db.updateTable('teams').set({name: 'x'}).execute();\n",
      'run queries',
    );
  });

  it('let a service use Fastify types and own a transaction', async () => {
    await expectAllowed(
      service,
      "import type {FastifyInstance} from 'fastify';\n" +
        'export const f = (app: FastifyInstance) => app.db.transaction().execute(async () => undefined);\n',
    );
  });

  it('refuse a service that imports a plugin, even a type; let it take a port', async () => {
    await expectRefused(
      service,
      "import type {Mailer} from '../plugins/mailer.js';\nexport type M = Mailer;\n",
      'Services take ports',
    );
    await expectRefused(service, "import {authOf} from '../plugins/auth.js';\nvoid authOf;\n", 'Services take ports');
    await expectAllowed(
      service,
      "import type {MailSender} from './ports/mail-sender.js';\nexport type M = MailSender;\n",
    );
  });

  it('refuse SQL anywhere else (plugins, lib), but not in repositories, db/ or the db plugin', async () => {
    const query = "import {sql} from 'kysely';\nexport const f = (db: any) => sql`SELECT 1`.execute(db);\n";
    await expectRefused('server/src/plugins/example.ts', query, 'use Kysely at run time');
    await expectRefused(
      'server/src/lib/example.ts',
      "export const f = (db: any) => db.deleteFrom('users');\n",
      'run queries',
    );
    await expectAllowed(repository, query);
    await expectAllowed('server/src/db/example.ts', query);
    await expectAllowed('server/src/plugins/db.ts', query);
  });
});

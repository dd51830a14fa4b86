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

const route = 'server/src/routes/example/index.ts';
const service = 'server/src/services/example.ts';
const repository = 'server/src/repositories/example-repository.ts';

describe('server layer boundaries', () => {
  it('refuse a route that imports a repository, the database or Kysely', async () => {
    expect(
      await boundaryErrors(route, "import {findUser} from '../../repositories/users-repository.js';\nvoid findUser;\n"),
    ).toEqual([expect.stringContaining('Routes speak HTTP and call services')]);
    expect(
      await boundaryErrors(route, "import {openDatabase} from '../../db/connect.js';\nvoid openDatabase;\n"),
    ).toEqual([expect.stringContaining('Routes speak HTTP and call services')]);
    expect(await boundaryErrors(route, "import {sql} from 'kysely';\nvoid sql;\n")).toEqual([
      expect.stringContaining('Only repositories/** and db/** use Kysely at run time'),
    ]);
  });

  it('refuse a route that opens a transaction or runs a query', async () => {
    expect(
      await boundaryErrors(
        route,
        'export async function f(app: any) {\n  await app.db.transaction().execute(async () => {});\n}\n',
      ),
    ).toEqual([expect.stringContaining('Services own transactions')]);
    expect(
      await boundaryErrors(
        route,
        "export async function f(app: any) {\n  await app.db.selectFrom('users').execute();\n}\n",
      ),
    ).toEqual([expect.stringContaining('run queries')]);
  });

  it('let a route import types from the lower layers and call services', async () => {
    expect(
      await boundaryErrors(
        route,
        "import type {UserWithTeam} from '../../repositories/users-repository.js';\n" +
          "import type {Db} from '../../db/connect.js';\n" +
          "import {findAccount} from '../../services/accounts.js';\n" +
          'export const f = (db: Db, id: string): Promise<UserWithTeam> => findAccount(db, id);\n',
      ),
    ).toEqual([]);
  });

  it('refuse a service that imports Fastify at run time, writes SQL or runs a query', async () => {
    expect(await boundaryErrors(service, "import fastify from 'fastify';\nvoid fastify;\n")).toEqual([
      expect.stringContaining('Services know nothing of HTTP'),
    ]);
    expect(await boundaryErrors(service, "import {sql} from 'kysely';\nvoid sql;\n")).toEqual([
      expect.stringContaining('use Kysely at run time'),
    ]);
    expect(
      await boundaryErrors(
        service,
        "export const f = (db: any) => db.updateTable('teams').set({name: 'x'}).execute();\n",
      ),
    ).toEqual([expect.stringContaining('run queries')]);
  });

  it('let a service use Fastify types and own a transaction', async () => {
    expect(
      await boundaryErrors(
        service,
        "import type {FastifyInstance} from 'fastify';\n" +
          'export const f = (app: FastifyInstance) => app.db.transaction().execute(async () => undefined);\n',
      ),
    ).toEqual([]);
  });

  it('refuse a service that imports a plugin, even a type; let it take a port', async () => {
    expect(
      await boundaryErrors(service, "import type {Mailer} from '../plugins/mailer.js';\nexport type M = Mailer;\n"),
    ).toEqual([expect.stringContaining('Services take ports')]);
    expect(await boundaryErrors(service, "import {authOf} from '../plugins/auth.js';\nvoid authOf;\n")).toEqual([
      expect.stringContaining('Services take ports'),
    ]);
    expect(
      await boundaryErrors(
        service,
        "import type {MailSender} from './ports/mail-sender.js';\nexport type M = MailSender;\n",
      ),
    ).toEqual([]);
  });

  it('refuse SQL anywhere else (plugins, lib), but not in repositories, db/ or the db plugin', async () => {
    const query = "import {sql} from 'kysely';\nexport const f = (db: any) => sql`SELECT 1`.execute(db);\n";
    expect(await boundaryErrors('server/src/plugins/example.ts', query)).toEqual([
      expect.stringContaining('use Kysely at run time'),
    ]);
    expect(
      await boundaryErrors('server/src/lib/example.ts', "export const f = (db: any) => db.deleteFrom('users');\n"),
    ).toEqual([expect.stringContaining('run queries')]);
    expect(await boundaryErrors(repository, query)).toEqual([]);
    expect(await boundaryErrors('server/src/db/example.ts', query)).toEqual([]);
    expect(await boundaryErrors('server/src/plugins/db.ts', query)).toEqual([]);
  });
});

#!/usr/bin/env node
// Writes the API's OpenAPI document to src/generated/openapi.json for the API reference page
// (docs/api-reference.mdx). The document comes from the server's own route schemas: the app is built
// in-process exactly as the server builds it, on a database stand-in that answers every query with no
// rows (Kysely's DummyDriver), so no database is opened, nothing listens and nothing is written
// outside src/generated/. Run by a local plugin in docusaurus.config.ts before every build and dev start.
import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {tsImport} from 'tsx/esm/api';
import {DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler} from 'kysely';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const OUTPUT = path.join(root, 'src', 'generated', 'openapi.json');

/** The OpenAPI document of the API, as GET /api/openapi.json serves it. */
export async function openapiDocument() {
  const load = (file) => tsImport(pathToFileURL(path.join(root, 'server', 'src', file)).href, import.meta.url);
  const [{buildApp}, {loadConfig}] = await Promise.all([load('app.ts'), load('config.ts')]);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    // Given, so the app neither reads nor generates a secret under DATA_DIR.
    SECRET_KEY: 'openapi-generation-only-not-a-real-secret-0000',
    DATA_DIR: path.join(root, '.data'),
  });
  const db = new Kysely({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  const app = await buildApp(config, {db});
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
    await db.destroy();
  }
}

export async function writeOpenapi(output = OUTPUT) {
  const document = await openapiDocument();
  await mkdir(path.dirname(output), {recursive: true});
  await writeFile(output, `${JSON.stringify(document, null, 2)}\n`);
  return {
    output,
    operations: Object.values(document.paths ?? {}).reduce((n, methods) => n + Object.keys(methods).length, 0),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const {output, operations} = await writeOpenapi();
  console.log(
    `OpenAPI document: ${operations} operations -> ${path.relative(root, output)} (${Date.now() - started} ms)`,
  );
}

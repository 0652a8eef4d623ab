// Prints the API document (OpenAPI 3) the running server serves at /swagger-ui/json, without a server:
// the app is built on an empty, migrated in-memory database (routes do not need rows to be described).
// `npx tsx packages/server/scripts/openapi.ts > openapi.json`; CI lints it with @redocly/cli.
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { migrateDatabase, openDatabase } from '../src/db/client.ts';

const database = await openDatabase({ kind: 'pglite' });
await migrateDatabase(database);
const app = await buildApp({ ...loadConfig({ LOG_LEVEL: 'silent' }), webDist: undefined }, database, {});
await app.ready();
process.stdout.write(`${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
await database.close();

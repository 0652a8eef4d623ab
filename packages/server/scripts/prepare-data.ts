// Fills an installation's data directory (DATA_DIR: the embedded database and the files) — migrated and
// seeded as `npm start` would on first boot — and exits, serving nothing. The browser-test runner prepares
// one and copies it for each of its servers, instead of seeding each of them at once on the same cores.
import { loadConfig } from '../src/config.ts';
import { migrateDatabase } from '../src/db/client.ts';
import { runSeeds } from '../src/db/seed/index.ts';
import { storageFromConfig } from '../src/lib/storage.ts';
import { openConfiguredDatabase } from '../src/server.ts';

const config = loadConfig();
if (config.databaseUrl) {
  console.error('prepare-data fills the embedded database of DATA_DIR; unset DATABASE_URL');
  process.exit(2);
}
const database = await openConfiguredDatabase(config);
await migrateDatabase(database);
const { applied } = await runSeeds(database.db, {
  demo: config.seedDemo,
  storage: storageFromConfig(config),
});
await database.close();
console.log(`prepare-data: ${applied.length} seed steps applied in ${config.dataDir}`);

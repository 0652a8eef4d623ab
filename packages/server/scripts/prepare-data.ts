// Fills an installation's data directory (DATA_DIR: the embedded database and the files) — migrated and
// seeded as `npm start` would on first boot — and exits, serving nothing. The browser-test runner prepares
// one and copies it for each of its servers, instead of seeding each of them at once on the same cores.
import { loadConfig } from '../src/config.ts';
import { prepareDatabase } from '../src/server.ts';

const config = loadConfig();
if (config.databaseUrl) {
  console.error('prepare-data fills the embedded database of DATA_DIR; unset DATABASE_URL');
  process.exit(2);
}
const { database, seeded } = await prepareDatabase(config);
await database.close();
console.log(`prepare-data: ${seeded.applied.length} seed steps applied in ${config.dataDir}`);

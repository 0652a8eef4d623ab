// Seed steps run once each, in order, recorded in sys_seed_step — like migrations, for data.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { seedSteps, users } from '../db/schema.ts';
import type { Storage } from '../lib/storage.ts';
import { seedBoxesDemo, seedBoxReference } from './boxes.ts';
import { seedCodegen } from './codegen.ts';
import { seedCustoms, seedCustomsCodeTables } from './customs.ts';
import { seedCustomsDemo } from './customs-demo.ts';
import { seedDemo } from './demo.ts';
import { seedEntrustDemo, seedEntrustReference } from './entrust.ts';
import { seedFinanceDemo, seedFinanceReference } from './finance.ts';
import { seedJobs, seedMailTool, seedStorageTool } from './jobs.ts';
import { seedLadingDemo, seedLadingReference } from './lading.ts';
import { seedLogisticsReference } from './logistics.ts';
import { seedLogisticsDemo } from './logistics-demo.ts';
import { seedMonitors } from './monitors.ts';
import { seedPaperReference, seedPapersDemo } from './papers.ts';
import { seedPermissionCatalogue } from './permissions.ts';
import { seedProjectReference } from './project.ts';
import { seedProjectDemo } from './project-demo.ts';
import { seedReference } from './reference.ts';
import { seedServices } from './services.ts';
import { seedTools } from './tools.ts';
import {
  seedApiTokenReference,
  seedLanePage,
  seedOtifPage,
  seedTowerPages,
  seedTowerReference,
  seedWebhookReference,
} from './tower.ts';
import { seedLaneDemo, seedTowerDemo } from './tower-demo.ts';
import { seedVoucherReference, seedVouchersDemo } from './vouchers.ts';

export interface SeedStep {
  version: number;
  name: string;
  run: (db: Db) => Promise<void>;
}

/** Reference data every installation needs. Later domains append steps here. */
export const referenceSteps: SeedStep[] = [
  { version: 1, name: 'admin menus, template roles, dictionaries', run: seedReference },
  { version: 2, name: 'project, batch, contract, partner, material and HS menus', run: seedProjectReference },
  { version: 3, name: 'tools: 3D loading', run: seedTools },
  { version: 4, name: 'packing: boxes menu, permissions, package types', run: seedBoxReference },
  { version: 5, name: 'customs: declaration workbench, exchange rates, dictionaries', run: seedCustoms },
  {
    version: 6,
    name: 'papers: documents and statements of charges, menus, dictionaries',
    run: seedPaperReference,
  },
  {
    version: 7,
    name: 'logistics: tracking menu, vehicles, containers, receipt, abnormal records',
    run: seedLogisticsReference,
  },
  { version: 8, name: 'scheduled jobs: page, housekeeping, trial reminders, retries', run: seedJobs },
  { version: 9, name: 'server and database monitors', run: seedMonitors },
  { version: 10, name: 'mail tool', run: seedMailTool },
  { version: 11, name: 'storage tool', run: seedStorageTool },
  {
    version: 27,
    name: 'shipping instructions, vessel register and ship inquiry: menus, dictionaries',
    run: seedEntrustReference,
  },
  {
    version: 12,
    name: 'customs code tables: offices, trade modes, transport modes, package types; their page',
    run: seedCustomsCodeTables,
  },
  { version: 21, name: 'payment tool, weather and translation pages', run: seedServices },
  { version: 19, name: 'papers: payment vouchers, buttons, dictionary', run: seedVoucherReference },
  {
    version: 40,
    name: 'supply-chain finance and trade policy: menus, finance role, reminder job',
    run: seedFinanceReference,
  },
  {
    version: 16,
    name: 'papers: bills of lading and the tally sheet, menus, dictionaries',
    run: seedLadingReference,
  },
  { version: 33, name: 'code generator', run: seedCodegen },
  { version: 41, name: 'permission catalogue: the feedback delete button', run: seedPermissionCatalogue },
  { version: 45, name: 'control tower: plan buttons, re-projection job', run: seedTowerReference },
  // An installation seeded with the demo before the tower gets its plans; a fresh one gets them below.
  { version: 46, name: 'control tower demo: plans, baselines, exceptions', run: (db) => seedTowerDemo(db) },
  { version: 47, name: 'control tower: the webhooks button for each company', run: seedWebhookReference },
  { version: 48, name: 'control tower pages: exception inbox, webhooks', run: seedTowerPages },
  { version: 49, name: 'control tower: the API tokens page for each company', run: seedApiTokenReference },
  { version: 50, name: 'control tower: the on-time-in-full page', run: seedOtifPage },
  { version: 51, name: 'control tower: the lane defaults page', run: seedLanePage },
  { version: 52, name: 'control tower demo: lane defaults', run: seedLaneDemo },
];

/**
 * Runs the steps not run yet; with `demo`, fills an empty installation with demo data. `storage` takes
 * the demo's uploaded files (a photo); without it the demo has none.
 */
export async function runSeeds(
  db: Db,
  opts: { demo: boolean; storage?: Storage },
): Promise<{ applied: string[] }> {
  const applied: string[] = [];
  const done = new Set((await db.select({ v: seedSteps.version }).from(seedSteps)).map((r) => r.v));
  for (const step of referenceSteps) {
    if (done.has(step.version)) continue;
    await db.transaction(async (tx) => {
      await step.run(tx as unknown as Db);
      await tx.insert(seedSteps).values({ version: step.version, name: step.name });
    });
    applied.push(step.name);
  }
  if (opts.demo) {
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
    if (Number(n) === 0) {
      await db.transaction(async (tx) => {
        await seedDemo(tx as unknown as Db);
        await seedProjectDemo(tx as unknown as Db);
        await seedBoxesDemo(tx as unknown as Db);
        await seedCustomsDemo(tx as unknown as Db);
        await seedPapersDemo(tx as unknown as Db);
        await seedFinanceDemo(tx as unknown as Db);
        await seedVouchersDemo(tx as unknown as Db, opts.storage);
        await seedLogisticsDemo(tx as unknown as Db, opts.storage);
        await seedLadingDemo(tx as unknown as Db);
        await seedEntrustDemo(tx as unknown as Db);
        await seedTowerDemo(tx as unknown as Db);
        await seedLaneDemo(tx as unknown as Db);
      });
      applied.push('demo data');
    }
  }
  return { applied };
}

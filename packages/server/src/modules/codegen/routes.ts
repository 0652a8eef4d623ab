// The code generator (EL-ADMIN's /api/generator): pick a table of the running database, keep
// per column how the family shows it, preview the generated files and download them as a zip. Platform
// administrators only: it reads the database's own catalogue.

import { type CodegenConfig, type GeneratedFile, queryTypesFor, zSqlIdentifier } from '@tradelane/contract';
import { codegenOps } from '@tradelane/contract/api/codegen';
import { familyLabels } from '@tradelane/contract/labels';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { strToU8, zipSync } from 'fflate';
import { genConfigs } from '../../db/schema-codegen.ts';
import { caller } from '../../http/auth.ts';
import { AppError, forbidden } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { declaredResources } from '../../resources/engine.ts';
import { sendAttachment } from '../../resources/sheet-import.ts';
import {
  checkConfig,
  defaultConfig,
  formTypesFor,
  isSupported,
  kebab,
  mergeConfig,
  mustSend,
  SERVER_OWNED,
} from './defaults.ts';
import { formatFiles } from './format.ts';
import { columnKind, type DbTable, familiesByTable, listTables, readTable } from './introspect.ts';
import { renderFamily } from './render.ts';

function adminOnly(request: FastifyRequest) {
  if (!caller(request).isPlatformAdmin) throw forbidden();
}

/** The table, which must exist, be a business table and have a whole-number id (what the engine needs). */
async function tableOf(app: FastifyInstance, name: string): Promise<DbTable> {
  const table = await readTable(app.db, name);
  if (!table) throw new AppError(404, 'codegen.table_unknown', { table: name });
  const id = table.columns.find((c) => c.name === 'id');
  if (!id || !['smallint', 'integer', 'bigint'].includes(id.dataType))
    throw new AppError(400, 'codegen.no_id', { table: name });
  // Column names become property names and SQL names in the generated code: plain snake case only.
  if (table.columns.some((c) => !zSqlIdentifier.safeParse(c.name).success))
    throw new AppError(400, 'codegen.bad_identifier');
  return table;
}

/** A declared family's column titles: its own override, else the contract's field labels. */
function declaredLabels(family: string) {
  const own = declaredResources().find((r) => r.name === family)?.labels;
  return own ?? { zh: familyLabels(family, 'zh'), en: familyLabels(family, 'en') };
}

async function keptConfig(app: FastifyInstance, table: DbTable) {
  const [kept] = await app.db.select().from(genConfigs).where(eq(genConfigs.tableName, table.name));
  const declared = familiesByTable().get(table.name);
  const config: CodegenConfig = kept
    ? mergeConfig(table, {
        tableName: kept.tableName,
        family: kept.family,
        titleZh: kept.titleZh,
        titleEn: kept.titleEn,
        columns: kept.columns,
      })
    : defaultConfig(table, declared, declared ? declaredLabels(declared) : undefined);
  return { config, kept: kept ?? null };
}

/** The table's columns with what each may be set to: the page offers only these. */
function describe(table: DbTable) {
  return {
    name: table.name,
    comment: table.comment,
    tenantScoped: table.columns.some((c) => c.name === 'tenant_id'),
    family: familiesByTable().get(table.name) ?? null,
    columns: table.columns.map((c) => ({
      name: c.name,
      dataType: c.dataType,
      nullable: c.nullable,
      hasDefault: c.hasDefault,
      maxLength: c.maxLength,
      comment: c.comment,
      supported: isSupported(c),
      mustSend: mustSend(c),
      serverOwned: SERVER_OWNED.has(c.name),
      formTypes: formTypesFor(c),
      queryTypes: queryTypesFor(columnKind(c)),
    })),
  };
}

async function generate(app: FastifyInstance, tableName: string) {
  const table = await tableOf(app, tableName);
  const { config } = await keptConfig(app, table);
  return { config, files: await formatFiles(renderFamily(table, config)) };
}

export async function codegenRoutes(app: FastifyInstance) {
  mount(app, codegenOps.tables, async (request) => {
    adminOnly(request);
    const q = request.query;
    const all = await listTables(app.db, q.name || undefined);
    const kept = await app.db
      .select({
        tableName: genConfigs.tableName,
        family: genConfigs.family,
        updateTime: genConfigs.updateTime,
      })
      .from(genConfigs);
    const byTable = new Map(kept.map((k) => [k.tableName, k]));
    const families = familiesByTable();
    const content = all.slice(q.page * q.size, (q.page + 1) * q.size).map((t) => ({
      ...t,
      family: families.get(t.tableName) ?? null,
      configured: byTable.has(t.tableName),
      configFamily: byTable.get(t.tableName)?.family ?? null,
      configTime: byTable.get(t.tableName)?.updateTime ?? null,
    }));
    return { content, totalElements: all.length };
  });

  mount(app, codegenOps.config, async (request) => {
    adminOnly(request);
    const { tableName } = request.query;
    const table = await tableOf(app, tableName);
    const { config, kept } = await keptConfig(app, table);
    return { table: describe(table), config, saved: Boolean(kept), updateTime: kept?.updateTime ?? null };
  });

  mount(
    app,
    codegenOps.saveConfig,
    async (request) => {
      adminOnly(request);
      const table = await tableOf(app, request.body.tableName);
      const config = checkConfig(table, request.body);
      // One family name, one table: the generated files of two tables would overwrite each other.
      const declaredOn = [...familiesByTable()].find(([, f]) => f === config.family)?.[0];
      const [other] = await app.db.select().from(genConfigs).where(eq(genConfigs.family, config.family));
      if ((declaredOn && declaredOn !== table.name) || (other && other.tableName !== table.name))
        throw new AppError(400, 'codegen.family_taken', { family: config.family });
      const by = caller(request).username;
      const values = { ...config, updateBy: by, updateTime: new Date() };
      await app.db
        .insert(genConfigs)
        .values({ ...values, createBy: by })
        .onConflictDoUpdate({ target: genConfigs.tableName, set: values });
      const kept = await keptConfig(app, table);
      return {
        table: describe(table),
        config: kept.config,
        saved: true,
        updateTime: kept.kept?.updateTime ?? null,
      };
    },
    { config: { describe: 'code generator settings' } },
  );

  mount(app, codegenOps.preview, async (request) => {
    adminOnly(request);
    const { tableName } = request.query;
    const { config, files } = await generate(app, tableName);
    return { family: config.family, files };
  });

  mount(app, codegenOps.download, async (request, reply) => {
    adminOnly(request);
    const { tableName } = request.query;
    const { config, files } = await generate(app, tableName);
    const zip = zipSync(Object.fromEntries(files.map((f: GeneratedFile) => [f.path, strToU8(f.content)])), {
      level: 6,
      mtime: new Date(),
    });
    return sendAttachment(reply, 'application/zip', `${kebab(config.family)}.zip`, Buffer.from(zip));
  });
}

// Planned dates of a project's batches from Excel (a planner keeps them in a sheet): the template lists
// the shipper's batches of the project with what their plans hold, the import saves every row's plan in
// one transaction — each row through the same save as the plan panel (order checked, re-projected) — or,
// with any error, nothing, every error named by row and column.

import {
  type Lang,
  type MessageCode,
  type MilestoneCode,
  milestones,
  planImportColumns,
  planImportFields,
} from '@tradelane/contract';
import { towerOps } from '@tradelane/contract/api/tower';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { batchMilestones, batchPlans } from '../../db/schema-tower.ts';
import { AppError } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { type Ctx, ctxOf } from '../../resources/engine.ts';
import {
  declareImportLeases,
  runImport,
  saveRowByRow,
  sendAttachment,
  sheetModule,
  templateWorkbook,
  XLSX_TYPE,
} from '../../resources/sheet-import.ts';
import { ownedProject } from '../project/access.ts';
import { batchesOfProject } from '../project/batches.ts';
import { asAnswer } from '../project/wire.ts';
import { savePlan } from './plan.ts';
import { MAX_ROWS, type PlanLine, rowError } from './plan-sheet.ts';

function saveLines(ctx: Ctx, projectId: number, lines: PlanLine[], lang: Lang) {
  return saveRowByRow(ctx, async (tctx, errors) => {
    const db = tctx.db;
    const byNumber = new Map((await batchesOfProject(db, projectId)).map((b) => [b.batchNumber, b]));
    const seen = new Set<string>();
    let saved = 0;
    for (const line of lines) {
      const batch = byNumber.get(line.batchNumber);
      if (!batch) {
        errors.push(
          rowError(line.row, 'batchNumber', lang, 'plan.import_unknown_batch', { batch: line.batchNumber }),
        );
        continue;
      }
      if (seen.has(line.batchNumber)) {
        errors.push(rowError(line.row, 'batchNumber', lang, 'plan.import_duplicate'));
        continue;
      }
      seen.add(line.batchNumber);
      try {
        await savePlan(db, tctx, batch, {
          batchId: batch.id,
          ...(line.requiredOnSite ? { requiredOnSite: line.requiredOnSite } : {}),
          ...(line.marginDays !== undefined ? { marginDays: line.marginDays } : {}),
          milestones: Object.entries(line.planned).map(([code, planned]) => ({
            code: code as MilestoneCode,
            planned,
          })),
        });
        saved++;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const field = (err.params.field as MilestoneCode | undefined) ?? 'batchNumber';
        errors.push(rowError(line.row, field, lang, err.code as MessageCode, err.params));
      }
    }
    return { imported: saved, answer: { batches: saved } };
  });
}

/** The template: the project's batches with their plans as they stand, to fill in and upload back. */
async function template(db: Db, projectId: number) {
  const batches = await batchesOfProject(db, projectId);
  const ids = batches.map((b) => b.id);
  const plans = ids.length ? await db.select().from(batchPlans).where(inArray(batchPlans.batchId, ids)) : [];
  const rows = ids.length
    ? await db.select().from(batchMilestones).where(inArray(batchMilestones.batchId, ids))
    : [];
  return templateWorkbook({
    sheet: '批次计划 Batch plans',
    columns: planImportColumns,
    samples: batches.map((b) => {
      const plan = plans.find((p) => p.batchId === b.id);
      return [
        b.batchNumber,
        plan?.requiredOnSite ?? '',
        plan?.marginDays ?? '',
        ...milestones.map((m) => rows.find((r) => r.batchId === b.id && r.code === m.code)?.planned ?? ''),
      ];
    }),
    notes: [
      '每行一个批次；批次号须是本项目中的批次。One row per batch; the batch number must be one of this project.',
      '日期写作 2026-07-31（或日期单元格）；留空的单元格不改变计划中已有的日期。Dates as 2026-07-31 (or date cells); a blank cell keeps what the plan holds.',
      '计划日期须按里程碑顺序：后一里程碑不能早于前一里程碑。Planned dates follow the milestones in order: none before the one before it.',
      '风险预警天数：距要求到场日期少于该天数即为有风险（0–180）。At-risk margin: fewer days to spare than this is at risk (0–180).',
      '任何一行有错误时都不会导入，错误按行列列出。If any row is wrong nothing is imported; errors are listed by row and column.',
    ],
  });
}

export async function planImportRoutes(app: FastifyInstance) {
  declareImportLeases(app);
  mount(
    app,
    towerOps.planTemplate,
    async (request, reply) => {
      const ctx = ctxOf(app, request);
      const { projectId } = request.query;
      await ownedProject(ctx, projectId);
      return sendAttachment(reply, XLSX_TYPE, '批次计划导入模板.xlsx', await template(app.db, projectId));
    },
    { config: { describe: 'download the plan import template' } },
  );
  mount(
    app,
    towerOps.planImport,
    async (request, reply) => {
      const answer = asAnswer(
        towerOps.planImport,
        await runImport(app, request, reply, {
          kind: 'plan',
          fields: planImportFields,
          maxRows: MAX_ROWS,
          sheet: sheetModule<PlanLine>(new URL('./plan-sheet.ts', import.meta.url)),
          codes: {
            badFile: 'plan.import_bad_file',
            noHeader: 'plan.import_no_header',
            empty: 'plan.import_empty',
            tooMany: 'plan.import_too_many',
            invalid: 'plan.import_invalid',
          },
          prepare: async (ctx, fields) => (await ownedProject(ctx, fields.projectId)).id,
          save: (ctx, _taskId, projectId, lines, _fields, lang) => saveLines(ctx, projectId, lines, lang),
        }),
      );
      // The projections' consequences (exceptions, notices, webhook events) leave now.
      await app.outbox.flush();
      return answer;
    },
    { config: { describe: 'import batch plans' } },
  );
}

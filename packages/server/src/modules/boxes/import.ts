// Packing-list import from Excel (suppliers already keep them), on the shared sheet-import mechanism:
// one line per content row — box number, the box's package and size on its first line, the material by
// line number or material code of the caller's confirmed list, and the quantity packed. Every error is
// reported by row and column; any error and nothing is saved.
import { boxCreate, type Lang, packingImportColumns, packingImportFields } from '@tradelane/contract';
import { boxesOps } from '@tradelane/contract/api/boxes';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { boxPieces } from '../../db/schema-boxes.ts';
import { AppError } from '../../http/errors.ts';
import { type AnswerOf, mount } from '../../http/mount.ts';
import type { Ctx, RowOf } from '../../resources/engine.ts';
import {
  declareImportLeases,
  runImport,
  saveRowByRow,
  sendAttachment,
  sheetModule,
  templateWorkbook,
  XLSX_TYPE,
} from '../../resources/sheet-import.ts';
import { rowsOfList } from '../supplies/for-packing.ts';
import { confirmedListOf } from './access.ts';
import { assertBoxEditable, packInto } from './packing.ts';
import { insertBox } from './resources.ts';
import { MAX_ROWS, type PackingLine, rowError } from './sheet.ts';

/** Saves the whole sheet in one transaction; any row error rolls everything back and is reported. */
function saveLines(ctx: Ctx, batchId: number, lines: PackingLine[], lang: Lang) {
  return saveRowByRow(ctx, async (tctx, errors) => {
    const tx = tctx.db;
    const { list } = await confirmedListOf(tctx, batchId, true);
    const rows = await rowsOfList(tx, list.id);
    const boxes = new Map<string, RowOf<typeof boxPieces>>();
    let packed = 0;
    for (const line of lines) {
      let box = boxes.get(line.boxNumber);
      if (!box) {
        const [existing] = await tx
          .select()
          .from(boxPieces)
          .where(
            and(
              eq(boxPieces.batchId, batchId),
              eq(boxPieces.boxNumber, line.boxNumber),
              eq(boxPieces.supplierTenantId, ctx.auth.tenantId),
            ),
          )
          .for('update');
        if (existing) {
          try {
            assertBoxEditable(existing);
            box = existing;
          } catch (err) {
            errors.push(rowError(line.row, 'boxNumber', lang, (err as AppError).code));
            continue;
          }
        } else {
          const { packageType, length, width, height, grossWeight } = line;
          if (!packageType || !length || !width || !height || !grossWeight) {
            errors.push(rowError(line.row, 'boxNumber', lang, 'boxes.import_box_fields'));
            continue;
          }
          try {
            box = await insertBox(
              tctx,
              boxCreate.parse({
                batchId,
                boxNumber: line.boxNumber,
                packageType,
                length,
                width,
                height,
                grossWeight,
                netWeight: line.netWeight ?? 0,
              }),
            );
          } catch (err) {
            const code = err instanceof AppError ? err.code : 'validation.invalid_value';
            errors.push(rowError(line.row, 'boxNumber', lang, code, (err as AppError).params ?? {}));
            continue;
          }
        }
        boxes.set(line.boxNumber, box);
      }
      const material = rows.find((r) =>
        line.lineNo !== null ? r.lineNo === line.lineNo : r.materialCode === line.materialCode,
      );
      if (!material) {
        errors.push(
          rowError(
            line.row,
            line.lineNo !== null ? 'lineNo' : 'materialCode',
            lang,
            'boxes.import_unknown_material',
          ),
        );
        continue;
      }
      try {
        await packInto(tctx, box, material.id, line.quantity);
        packed++;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        errors.push(rowError(line.row, 'quantity', lang, err.code, err.params ?? {}));
      }
    }
    return { imported: packed, answer: { boxes: boxes.size } };
  });
}

/** The import template: two sample lines of one box, and notes. */
const template = () =>
  templateWorkbook({
    sheet: '装箱单 Packing list',
    columns: packingImportColumns,
    samples: [
      ['BOX-001', '木箱', 2400, 2000, 2300, 10400, 9000, 3, '', 6],
      ['BOX-001', '', '', '', '', '', '', 4, '', 2],
    ],
    notes: [
      '每行一条装箱内容；同一箱号的第一行填写包装类型、长宽高(mm)和毛重(kg)。One line per content row; the first line of a box number gives package type, size (mm) and gross weight (kg).',
      '物料用物料清单中的序号或物料编码指明，只能是已确认清单中本公司的物料。Name the material by its line number or material code in your confirmed list.',
      '包装类型：木箱、纸箱、框架箱、托盘、捆、桶、裸装。Package type: wooden case, carton, crate, pallet, bundle, drum, bare.',
      '任何一行有错误时整张装箱单都不会导入，错误按行列列出。If any row is wrong nothing is imported; errors are listed by row and column.',
    ],
  });

export async function boxImportRoutes(app: FastifyInstance) {
  declareImportLeases(app);
  mount(app, boxesOps.importTemplate, async (_request, reply) =>
    sendAttachment(reply, XLSX_TYPE, '装箱单导入模板.xlsx', await template()),
  );
  mount(
    app,
    boxesOps.import,
    async (request, reply) =>
      runImport(app, request, reply, {
        kind: 'boxPiece',
        fields: packingImportFields,
        maxRows: MAX_ROWS,
        sheet: sheetModule<PackingLine>(new URL('./sheet.ts', import.meta.url)),
        codes: {
          badFile: 'supplies.import_bad_file',
          noHeader: 'boxes.import_no_header',
          empty: 'boxes.import_empty',
          tooMany: 'supplies.import_too_many',
          invalid: 'boxes.import_invalid',
        },
        prepare: async (ctx, fields) => {
          await confirmedListOf(ctx, fields.batchId);
          return fields.batchId;
        },
        save: (ctx, _taskId, batchId, lines, _fields, lang) => saveLines(ctx, batchId, lines, lang),
      }) as Promise<AnswerOf<typeof boxesOps.import>>,
    { config: { describe: 'import packing list' } },
  );
}

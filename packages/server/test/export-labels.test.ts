// Export headers are the family's field labels (contract/src/labels) in the caller's language; a column
// without a label keeps its key.
import { familyLabels } from '@tradelane/contract/labels';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();
let tok: Record<string, string>;

beforeAll(async () => {
  tok = await loginAll(t.app, ['admin', 'shipper']);
});

async function headerRow(family: string, token: string, lang?: 'zh' | 'en'): Promise<string[]> {
  const res = await call(t.app, 'GET', `/api/${family}/download`, { token, lang });
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.raw.rawPayload as unknown as ArrayBuffer);
  return (wb.worksheets[0].getRow(1).values as unknown[]).filter(Boolean).map(String);
}

describe('export headers', () => {
  it('name the columns of users in zh by default and in en when asked', async () => {
    const zh = await headerRow('users', tok.admin);
    expect(zh).toEqual(
      expect.arrayContaining(['用户名', '昵称', '手机号码', '邮箱', '账号类型', '创建时间']),
    );
    expect(zh).not.toContain('username');
    // No label: the key stays.
    expect(zh).toContain('id');
    const en = await headerRow('users', tok.admin, 'en');
    expect(en).toEqual(expect.arrayContaining(['User name', 'Nickname', 'Mobile', 'Email', 'Created']));
    expect(en).not.toContain('用户名');
    expect(en).toHaveLength(zh.length);
  });

  it('name the columns of projects and statements with the labels the web shows', async () => {
    for (const [family, zhLabel, enLabel] of [
      ['project', '项目编号', 'Project code'],
      ['reconciliation', '对账单号', 'Statement no.'],
    ] as const) {
      const zh = await headerRow(family, tok.shipper, 'zh');
      const en = await headerRow(family, tok.shipper, 'en');
      expect(zh).toContain(zhLabel);
      expect(en).toContain(enLabel);
      // Column by column, the two rows are the same family labels, or the same bare key.
      const zl = familyLabels(family, 'zh');
      const el = familyLabels(family, 'en');
      const keyOf = (h: string, labels: Record<string, string>) =>
        Object.entries(labels).find(([, v]) => v === h)?.[0] ?? h;
      expect(zh.map((h) => keyOf(h, zl))).toEqual(en.map((h) => keyOf(h, el)));
    }
  });
});

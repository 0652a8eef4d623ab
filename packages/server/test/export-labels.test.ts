// Export headers are the family's field labels (contract/src/labels) in the caller's language, else the
// catalogue's common word for the field (labels/common.ts); no header is a raw key; times name their zone.
import { familyLabels } from '@tradelane/contract/labels';
import { commonLabels } from '@tradelane/contract/labels/common';
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
      expect.arrayContaining(['用户名', '昵称', '手机号码', '邮箱', '账号类型', '创建时间（UTC+08:00）']),
    );
    expect(zh).not.toContain('username');
    // Every column has a title in the reader's language, the id too; times name their zone.
    expect(zh).toContain('ID');
    expect(zh).toContain('创建时间（UTC+08:00）');
    const en = await headerRow('users', tok.admin, 'en');
    expect(en).toEqual(
      expect.arrayContaining(['User name', 'Nickname', 'Mobile', 'Email', 'Created (UTC+08:00)']),
    );
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
      // Column by column, the two rows are the same fields.
      const keyOf = (h: string, lang: 'zh' | 'en') =>
        Object.keys(titlesOf(family, lang)).find((k) => titlesOf(family, lang)[k] === plain(h));
      expect(zh.map((h) => keyOf(h, 'zh'))).toEqual(en.map((h) => keyOf(h, 'en')));
    }
  });
});

/** A title without the zone its times are on. */
const plain = (h: string) => h.replace(/[（(]UTC[^）)]*[）)]$/, '').trim();

/** The family's labels and the catalogue's common words, by field, in one language. */
function titlesOf(family: string, lang: 'zh' | 'en'): Record<string, string> {
  const i = lang === 'en' ? 1 : 0;
  return {
    ...Object.fromEntries(Object.entries(commonLabels).map(([k, v]) => [k, v[i]])),
    ...familyLabels(family, lang),
  };
}

// HS 2022 search by code prefix and words, zh/en sections and chapters, names of codes, and China's
// 10-digit tariff lines imported from a file (platform admins only).
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();
let tok: Record<string, string>;

beforeAll(async () => {
  tok = await loginAll(t.app, ['admin', 'supplier', 'shipper']);
});

describe('HS search', () => {
  it('by code prefix, with dots, keeping leading zeros', async () => {
    const res = await call(t.app, 'GET', '/api/hs/thirdParty/queryByCodeNew', {
      token: tok.supplier,
      query: { code: '8504.2' },
    });
    expect(res.status).toBe(200);
    // The chapter and heading above the prefix come first, as context.
    expect(res.body.content.map((e: { code: string }) => e.code)).toEqual([
      '85',
      '8504',
      '850421',
      '850422',
      '850423',
    ]);
    expect(res.body.content[4]).toMatchObject({
      formatted: '8504.23',
      level: 6,
      chapter: { code: '85', zh: expect.stringContaining('电机、电气设备') },
      section: { code: 'XVI' },
    });
    const zero = await call(t.app, 'GET', '/api/hs/thirdParty/queryByCodeNew', {
      token: tok.supplier,
      query: { code: '0101', size: 5 },
    });
    expect(zero.body.content.map((e: { code: string }) => e.code).slice(0, 3)).toEqual([
      '01',
      '0101',
      '010121',
    ]);
  });

  it('by English words, subheadings first; by Chinese chapter names', async () => {
    const res = await call(t.app, 'GET', '/api/hs/thirdParty/searcByName', {
      token: tok.supplier,
      query: { name: 'insulated conductors voltage exceeding 1000', size: 5 },
    });
    expect(res.body.content.map((e: { code: string }) => e.code)).toContain('854460');
    const zh = await call(t.app, 'GET', '/api/hs/thirdParty/searcByName', {
      token: tok.supplier,
      query: { name: '钢铁' },
    });
    expect(zh.body.content.map((e: { code: string }) => e.code)).toEqual(
      expect.arrayContaining(['72', '73']),
    );
    // Common goods words in Chinese reach subheadings through the glossary.
    const transformer = await call(t.app, 'GET', '/api/hs/thirdParty/searcByName', {
      token: tok.supplier,
      query: { name: '变压器', size: 50 },
    });
    expect(transformer.body.content.map((e: { code: string }) => e.code)).toContain('850423');
    const valves = await call(t.app, 'GET', '/api/hs/thirdParty/searcByName', {
      token: tok.supplier,
      query: { name: '阀门', size: 50 },
    });
    expect(valves.body.content.every((e: { code: string }) => e.code.startsWith('8481'))).toBe(true);
    const empty = await call(t.app, 'GET', '/api/hs/thirdParty/searcByName', {
      token: tok.supplier,
      lang: 'en',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Give a code or some words');
  });

  it('names of several codes at once; sections and chapters in zh and en', async () => {
    const res = await call(t.app, 'POST', '/api/hs/selectListHsName', {
      token: tok.supplier,
      body: ['8544.49', '853710', '9999.11'],
    });
    expect(res.body.map((r: { exists: boolean }) => r.exists)).toEqual([true, true, false]);
    expect(res.body[0].description).toMatch(/not exceeding 1000 volts/);
    const sections = await call(t.app, 'GET', '/api/hs/sections', { token: tok.supplier });
    expect(sections.body).toHaveLength(21);
    expect(sections.body[15]).toMatchObject({ code: 'XVI', zh: expect.stringContaining('机器') });
    const chapters = await call(t.app, 'GET', '/api/hs/chapters', { token: tok.supplier });
    expect(chapters.body).toHaveLength(97);
    expect(chapters.body.every((c: { zh: string }) => c.zh.length > 0)).toBe(true);
  });
});

describe('China tariff lines (customsCode)', () => {
  async function tariffFile(rows: (string | null)[][]) {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('税则');
    ws.addRow(['商品编码', '商品名称', '第一法定单位', '第二法定单位', '申报要素']);
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }
  async function upload(token: string, data: Buffer) {
    const boundary = '----tariff';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="tariff.xlsx"\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customsCode/import',
      headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    return { status: res.statusCode, body: res.json() };
  }

  it('only platform admins import; bad codes refuse the whole file; lines then extend the search', async () => {
    const file = await tariffFile([
      [
        '8504230090',
        '其他额定容量超过10000千伏安的液体介质变压器',
        '台',
        '千伏安',
        '1:品名;2:用途;3:额定容量',
      ],
      ['8544601200', '额定电压超过35千伏的电缆', '千克', '米', '1:品名;2:电压;3:绝缘材料'],
    ]);
    expect((await upload(tok.supplier, file)).status).toBe(403);
    const bad = await upload(tok.admin, await tariffFile([['1234560000', '不存在', '千克', null, null]]));
    expect(bad.status).toBe(400);
    const ok = await upload(tok.admin, file);
    expect(ok.body).toEqual({ imported: 2 });
    const byCode = await call(t.app, 'GET', '/api/hs/thirdParty/queryByCodeNew', {
      token: tok.shipper,
      query: { code: '850423' },
    });
    expect(byCode.body.national).toEqual([
      expect.objectContaining({ code: '8504230090', unit1: '台', unit2: '千伏安' }),
    ]);
    const byWords = await call(t.app, 'GET', '/api/hs/thirdParty/searcByName', {
      token: tok.shipper,
      query: { name: '变压器' },
    });
    // Beside the demo's own tariff line for its station-service transformers.
    expect(byWords.body.national.map((n: { code: string }) => n.code)).toEqual(['8504220000', '8504230090']);
    const names = await call(t.app, 'POST', '/api/hs/selectListHsName', {
      token: tok.shipper,
      body: { codes: ['8544601200'] },
    });
    expect(names.body[0]).toMatchObject({ exists: true, national: { name: '额定电压超过35千伏的电缆' } });
    const list = await call(t.app, 'GET', '/api/customsCode', {
      token: tok.supplier,
      query: { code: '8544' },
    });
    expect(list.body.totalElements).toBe(1);
  });
});

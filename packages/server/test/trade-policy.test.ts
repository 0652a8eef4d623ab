// Trade policy: per destination country and HS code, the duty rate of the longest matching
// prefix, policy notes where per type the longest prefix wins and expired ones are hidden unless asked
// for; notes kept by administrators only, with a source and a consistent validity; badges for many codes
// of a batch at once (the project's country); tariff files imported all or nothing.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectBatches } from '../src/db/schema-project.ts';
import { tariffRates, tradePolicyNotes } from '../src/db/schema-trade-policy.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();
let tok: Record<string, string>;
const note = {
  country: 'ID',
  hsPrefix: '850423',
  noteType: 'licence',
  title: 'Large transformers: special import approval',
  sourceUrl: 'https://example.org/notice/1',
  validFrom: '2026-01-01',
};

beforeAll(async () => {
  tok = await loginAll(t.app, ['admin', 'shipper', 'supplier']);
});

const search = (q: Record<string, string | boolean>, lang: 'zh' | 'en' = 'en') =>
  call(t.app, 'GET', '/api/tradePolicy/search', { token: tok.supplier, query: q, lang });

describe('search by country and HS code', () => {
  it('the longest rate prefix wins; notes of every prefix of the code, expired ones hidden', async () => {
    const res = await search({ country: 'ID', hsCode: '8504.23.00' });
    expect(res.status).toBe(200);
    expect(res.body.rate).toMatchObject({ hsPrefix: '850423', mfnRate: '5.0000' });
    expect(res.body.hs.map((h: { code: string }) => h.code)).toEqual(['85', '8504', '850423']);
    expect(
      res.body.notes.map((n: { hsPrefix: string; noteType: string }) => `${n.hsPrefix}:${n.noteType}`),
    ).toEqual(['8504:licence', '85:certification']);
    expect(res.body.countryName).toBe('Indonesia');
    const cable = await search({ country: 'ID', hsCode: '854449' });
    expect(cable.body.notes.map((n: { noteType: string }) => n.noteType)).toEqual(['certification']);
    const all = await search({ country: 'ID', hsCode: '854449', includeExpired: true });
    expect(all.body.notes.find((n: { noteType: string }) => n.noteType === 'anti_dumping')).toMatchObject({
      expired: true,
    });
    expect((await search({ country: 'VN', hsCode: '850423' })).body).toMatchObject({ rate: null, notes: [] });
  });

  it('refuses a bad country or code with the catalogue’s words', async () => {
    const bad = await search({ country: 'XX', hsCode: '8504' }, 'zh');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('国家代码');
    expect((await search({ country: 'ID', hsCode: '85a' })).status).toBe(400);
  });
});

describe('policy notes kept by administrators', () => {
  let id: number;

  it('a tenant neither lists nor writes them', async () => {
    expect((await call(t.app, 'GET', '/api/tradePolicyNote', { token: tok.shipper })).status).toBe(403);
    const made = await call(t.app, 'POST', '/api/tradePolicyNote', { token: tok.shipper, body: note });
    expect(made.status).toBe(403);
    expect(await t.db.select().from(tradePolicyNotes).where(eq(tradePolicyNotes.hsPrefix, '850423'))).toEqual(
      [],
    );
  });

  it('needs a source and a validity that ends after it starts', async () => {
    const { sourceUrl: _, ...noSource } = note;
    const a = await call(t.app, 'POST', '/api/tradePolicyNote', {
      token: tok.admin,
      body: noSource,
      lang: 'en',
    });
    expect([a.status, a.body.message]).toEqual([400, expect.stringContaining('source')]);
    const b = await call(t.app, 'POST', '/api/tradePolicyNote', {
      token: tok.admin,
      body: { ...note, validTo: '2025-12-31' },
    });
    expect(b.status).toBe(400);
    const c = await call(t.app, 'POST', '/api/tradePolicyNote', {
      token: tok.admin,
      body: { ...note, hsPrefix: '850' },
    });
    expect(c.status).toBe(400);
  });

  it('a heading note of a type replaces the chapter’s of the same type; an update keeps it consistent', async () => {
    const made = await call(t.app, 'POST', '/api/tradePolicyNote', { token: tok.admin, body: note });
    expect(made.status).toBe(201);
    id = made.body.id;
    const res = await search({ country: 'ID', hsCode: '85042300' });
    expect(
      res.body.notes.map((n: { hsPrefix: string; noteType: string }) => `${n.hsPrefix}:${n.noteType}`),
    ).toEqual(['850423:licence', '85:certification']);
    expect(res.body.overridden.map((n: { hsPrefix: string }) => n.hsPrefix)).toEqual(['8504']);
    // 850422 is not under 850423: the heading's licence note still applies there.
    const other = await search({ country: 'ID', hsCode: '850422' });
    expect(other.body.notes.map((n: { hsPrefix: string }) => n.hsPrefix)).toContain('8504');
    const bad = await call(t.app, 'PUT', '/api/tradePolicyNote', {
      token: tok.admin,
      body: { id, validTo: '2020-01-01' },
    });
    expect(bad.status).toBe(400);
    const [row] = await t.db.select().from(tradePolicyNotes).where(eq(tradePolicyNotes.id, id));
    expect(row.validTo).toBeNull();
  });

  it('badges for the codes of a batch, by its project’s country', async () => {
    const [batch] = await t.db
      .select()
      .from(projectBatches)
      .where(eq(projectBatches.batchNumber, 'JKT2-B001'));
    const res = await call(t.app, 'POST', '/api/tradePolicy/applicable', {
      token: tok.supplier,
      body: { batchId: batch.id, codes: ['850423', '853720', '999999', 'abc'] },
    });
    expect(res.status).toBe(200);
    expect(res.body.country).toBe('ID');
    expect(Object.keys(res.body.codes).sort()).toEqual(['850423', '853720']);
    expect(res.body.codes['853720'].notes.map((n: { noteType: string }) => n.noteType)).toEqual([
      'inspection',
      'certification',
    ]);
    // A batch the caller does not see answers nothing about it.
    const stranger = await call(t.app, 'POST', '/api/tradePolicy/applicable', {
      token: tok.admin,
      body: { batchId: 999999, codes: ['850423'] },
    });
    expect(stranger.status).toBe(404);
  });
});

describe('tariff files', () => {
  const upload = (token: string, name: string, text: string) => {
    const boundary = '----tradelane-tariff';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(text),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/tariffRate/import',
      headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  };

  it('imports all rows or none (a bad row is named); a known prefix takes the file’s figures', async () => {
    const bad = await upload(
      tok.admin,
      'vn.csv',
      '国家,HS编码,最惠国税率,协定税率\nVN,8504,3,0\nVN,85x,3,0\n',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('tradePolicy.import_invalid');
    expect(await t.db.select().from(tariffRates).where(eq(tariffRates.country, 'VN'))).toEqual([]);
    expect((await upload(tok.shipper, 'vn.csv', 'country,hsCode,mfnRate\nVN,8504,3\n')).statusCode).toBe(403);
    const ok = await upload(
      tok.admin,
      'rates.csv',
      'country,hsCode,mfnRate,preferentialRate,agreement\nVN,8504,3,0,ACFTA\nID,850423,7.5%,0,ACFTA\n',
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ imported: 2 });
    const res = await search({ country: 'ID', hsCode: '850423' });
    expect(res.body.rate).toMatchObject({ mfnRate: '7.5000', agreement: 'ACFTA' });
  });
});

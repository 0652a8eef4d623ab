// Translation: GET /api/auxiliary/translate answers from the product's own words first — the
// caller's bilingual materials, HS 2022 chapters, imported tariff lines, the curated glossary — then a
// LibreTranslate-compatible service on loopback (its key kept encrypted, never answered); with no
// service, or the service down, it says why in the caller's language (never a 5xx) and lists the
// glossary terms it found. Only administrators change the service settings.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { customsCodes, materialCodes } from '../src/db/schema-project.ts';
import { serviceSettings } from '../src/db/schema-services.ts';
import { forgetTariffGlossary } from '../src/modules/services/translate.ts';
import { call, createTestApp, login } from './helpers.ts';
import { startTranslator } from './stand-ins.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let translator: Awaited<ReturnType<typeof startTranslator>>;
let admin: string;
let shipper: string;
let supplier: string;

beforeAll(async () => {
  // The stand-in translator is on loopback: the outbound guard lets that address through.
  t = await createTestApp({ CONFIG_KEY: 'test-config-key-translate-01', OUTBOUND_ALLOW: '127.0.0.1' });
  translator = await startTranslator({
    apiKey: 'lt-key-123',
    phrases: { 请在周五前发货: 'Please ship before Friday', 'Keep dry': '保持干燥' },
  });
  [admin, shipper, supplier] = await Promise.all(
    ['admin', 'shipper', 'supplier'].map((u) => login(t.app, u)),
  );
});
afterAll(async () => {
  await translator?.close();
  await t?.close();
});

const tr = (token: string, q: string, extra: Record<string, string> = {}, lang: 'zh' | 'en' = 'zh') =>
  call(t.app, 'GET', '/api/auxiliary/translate', { token, lang, query: { q, ...extra } });

describe('translation', () => {
  it('answers from the glossary, HS chapters and tariff lines both ways, with no service set up', async () => {
    expect((await tr(shipper, '变压器')).body).toMatchObject({
      text: 'transformer',
      from: 'zh',
      to: 'en',
      source: 'glossary',
    });
    expect((await tr(shipper, ' Circuit Breaker ')).body).toMatchObject({
      text: '断路器',
      from: 'en',
      to: 'zh',
    });
    const chapter = await tr(
      shipper,
      '电机、电气设备及其零件；录音机及放声机、电视图像、声音的录制和重放设备及其零件、附件',
    );
    expect(chapter.body).toMatchObject({ source: 'hs' });
    expect(chapter.body.text).toMatch(/^Electrical machinery and equipment/);
    // An imported Chinese tariff line answers with its HS 2022 subheading.
    await t.db
      .insert(customsCodes)
      .values({ code: '8504239011', hs6: '850423', name: '额定容量超过一万千伏安的油浸式电力变压器（测试）' })
      .onConflictDoNothing();
    forgetTariffGlossary();
    const line = await tr(shipper, '额定容量超过一万千伏安的油浸式电力变压器（测试）');
    expect(line.body).toMatchObject({
      source: 'hs',
      text: 'Electrical transformers; liquid dielectric, having a power handling capacity exceeding 10,000kVA',
    });
    // And back: the subheading's English text gives the line's Chinese name.
    const back = await tr(
      shipper,
      'Electrical transformers; liquid dielectric, having a power handling capacity exceeding 10,000kVA',
    );
    expect(back.body).toMatchObject({ source: 'hs', to: 'zh' });
    expect(back.body.text).toMatch(/变压器/);
  });

  it("uses the caller's own bilingual material names, and nobody else's", async () => {
    const [s] = await t.db.select().from(users).where(eq(users.username, 'supplier'));
    await t.db.insert(materialCodes).values({
      tenantId: s.tenantId,
      code: 'TL-RMU-01',
      name: '环网柜（十二千伏）',
      enName: 'Ring main unit, 12 kV',
    });
    expect((await tr(supplier, '环网柜（十二千伏）')).body).toMatchObject({
      text: 'Ring main unit, 12 kV',
      source: 'material',
    });
    expect((await tr(supplier, 'ring main unit, 12 kv')).body).toMatchObject({ text: '环网柜（十二千伏）' });
    const other = await tr(shipper, '环网柜（十二千伏）', {}, 'en');
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ text: null, source: null });
  });

  it('offline: says why in the caller language and lists the glossary terms found', async () => {
    const zh = await tr(shipper, '请把变压器和控制电缆放在一个木箱里');
    expect(zh.status).toBe(200);
    expect(zh.body.text).toBeNull();
    expect(zh.body.reason).toBe('无法翻译：词库中没有该词条，且翻译服务未配置');
    expect(zh.body.terms).toEqual(
      expect.arrayContaining([
        { term: '变压器', translation: 'transformer' },
        { term: '控制电缆', translation: 'control cable' },
        { term: '木箱', translation: 'wooden case' },
      ]),
    );
    expect(zh.body.terms.map((x: { term: string }) => x.term)).not.toContain('电缆');
    const en = await tr(shipper, 'Put the gate valve on a pallet', {}, 'en');
    expect(en.body.reason).toBe(
      'Cannot translate: the glossary has no entry for it and the translation service is not set up',
    );
    expect(en.body.terms).toEqual(
      expect.arrayContaining([
        { term: 'gate valve', translation: '闸阀' },
        { term: 'pallet', translation: '托盘' },
      ]),
    );
    // Bad input is a 400, never a 5xx.
    expect((await tr(shipper, '')).status).toBe(400);
    expect((await tr(shipper, 'x', { from: 'fr' })).status).toBe(400);
    expect((await call(t.app, 'GET', '/api/auxiliary/translate', { query: { q: 'x' } })).status).toBe(401);
  });

  it('goes to the configured service after the glossary, with the kept key; reports it down', async () => {
    const saved = await call(t.app, 'PUT', '/api/services/settings', {
      token: admin,
      body: { translateUrl: `${translator.url}/`, translateKey: 'lt-key-123' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.saved).toMatchObject({ translateUrl: `${translator.url}/`, hasTranslateKey: true });
    expect(JSON.stringify(saved.body)).not.toContain('lt-key-123');
    const [row] = await t.db.select().from(serviceSettings);
    expect(row.translateKeyEnc).not.toContain('lt-key-123');

    const res = await tr(shipper, '请在周五前发货');
    expect(res.body).toMatchObject({
      text: 'Please ship before Friday',
      source: 'service',
      from: 'zh',
      to: 'en',
    });
    expect(translator.requests.at(-1)).toEqual({
      q: '请在周五前发货',
      source: 'zh',
      target: 'en',
      format: 'text',
      api_key: 'lt-key-123',
    });
    expect((await tr(shipper, 'Keep dry')).body).toMatchObject({ text: '保持干燥', source: 'service' });
    // The glossary still comes first: the service is not asked.
    const asked = translator.requests.length;
    expect((await tr(shipper, '变压器')).body.source).toBe('glossary');
    expect(translator.requests.length).toBe(asked);
    // The service refuses a text: the answer says it is unavailable, not the service's words (those go
    // to the server log).
    const refused = await tr(shipper, '未知的句子', {}, 'en');
    expect(refused.status).toBe(200);
    expect(refused.body.reason).toBe(
      'Cannot translate: the glossary has no entry for it and the translation service is unavailable (the service could not be reached; the server log has the details)',
    );
    // Down.
    await translator.close();
    const down = await tr(shipper, '请在周五前发货');
    expect(down.status).toBe(200);
    expect(down.body.text).toBeNull();
    expect(down.body.reason).toBe(
      '无法翻译：词库中没有该词条，且翻译服务暂不可用（服务无法访问，详情见服务器日志）',
    );
  });

  it('refuses the settings to everyone but an administrator', async () => {
    for (const who of ['shipper', 'supplier', 'logistics']) {
      const tok = await login(t.app, who);
      expect((await call(t.app, 'GET', '/api/services/settings', { token: tok })).status).toBe(403);
      const put = await call(t.app, 'PUT', '/api/services/settings', {
        token: tok,
        body: { translateUrl: 'http://127.0.0.1:9/' },
      });
      expect(put.status).toBe(403);
    }
    const [row] = await t.db.select().from(serviceSettings);
    expect(row.translateUrl).toBe(`${translator.url}/`);
  });
});

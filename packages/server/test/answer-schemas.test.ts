// The web's row types are `z.infer` of the contract's answer schemas: this test parses
// real answers of the seeded demo with those strict schemas, so an answer the server changes (a key
// added, dropped, renamed or of another type) fails here before it reaches a screen.
import {
  abnormalAnswer,
  announcementAnswer,
  appConfigAnswer,
  applicableCodesAnswer,
  batchAnswer,
  batchCountsAnswer,
  batchWorkbenchAnswer,
  billLadingAnswer,
  boxAnswer,
  clearanceAnswer,
  containerAnswer,
  containerTypeAnswer,
  contractAnswer,
  countryAnswer,
  creditInfoAnswer,
  currencyAnswer,
  customerAnswer,
  declareAnswer,
  declareLineAnswer,
  declPriceAnswer,
  deptAnswer,
  dictMapAnswer,
  documentAnswer,
  entrustAnswer,
  entrustPrefillAnswer,
  examineAnswer,
  financingAnswer,
  functionGroupAnswer,
  homePageDataAnswer,
  hsChapterAnswer,
  hsPageAnswer,
  hsSectionAnswer,
  importProgressAnswer,
  inquiryVesselAnswer,
  listOf,
  loginAnswer,
  loginRecordAnswer,
  materialListAnswer,
  menuAnswer,
  menuLazyAnswer,
  menuRouteAnswer,
  messageAnswer,
  onlineAnswer,
  packingProgressAnswer,
  pageOf,
  partnershipAnswer,
  personnelAnswer,
  policySearchAnswer,
  portAnswer,
  projectAnswer,
  projectStatisticsAnswer,
  projectWorkbenchAnswer,
  proposalAnswer,
  roleAnswer,
  roleDetailAnswer,
  sessionInfoAnswer,
  shipmentCheckAnswer,
  statementAnswer,
  storedPlanAnswer,
  suppliesAnswer,
  suppliesImportAnswer,
  tallyAnswer,
  tenantAnswer,
  ticketAnswer,
  timelineEventAnswer,
  toolsStatisticsAnswer,
  transitEventAnswer,
  translateAnswer,
  uploadAnswer,
  userAnswer,
  userInfoAnswer,
  usersStatisticsAnswer,
  vehicleAnswer,
  vesselAnswer,
  voucherAnswer,
  weatherAnswer,
} from '@tradelane/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { dicts } from '../src/db/schema.ts';
import { customsCodes, projectBatches, projectContracts } from '../src/db/schema-project.ts';
import { call, loginAll, useTestApp } from './helpers.ts';
import { startOpenMeteo } from './stand-ins.ts';

// Forecasts come from an Open-Meteo stand-in on loopback (started before the app, which reads its URL).
const env: Record<string, string> = {};
let meteo: Awaited<ReturnType<typeof startOpenMeteo>> | undefined;
beforeAll(async () => {
  meteo = await startOpenMeteo({ storm: (lat) => lat < 0 });
  env.WEATHER_URL = meteo.url;
});
afterAll(async () => meteo?.close());
const t = useTestApp(env);
let tok: Record<string, string>;
const batch: Record<string, number> = {};

beforeAll(async () => {
  tok = await loginAll(t.app, ['admin', 'shipper', 'supplier', 'logistics', 'site']);
  for (const b of await t.db.select().from(projectBatches)) batch[b.batchNumber] = b.id;
});

type Query = Record<string, string | number | boolean>;
/** GET as a user; the answer must be a 200 the schema parses, and (for lists) hold at least one row. */
async function answer<T extends z.ZodType>(schema: T, who: string, url: string, query: Query = {}) {
  const res = await call(t.app, 'GET', url, { token: tok[who], query });
  expect(res.status, `${url} ${JSON.stringify(res.body)}`).toBe(200);
  return conform(schema, res.body, url);
}
/** A small PDF uploaded as the given user: POST /api/file answers the uploaded file. */
async function upload(who: string, kind: string) {
  const boundary = '----answer-schemas';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    Buffer.from('%PDF-1.7\n%%EOF\n'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/file',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: tok[who] },
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return conform(uploadAnswer, res.json(), 'POST /api/file');
}

function conform<T extends z.ZodType>(schema: T, body: unknown, what: string): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new Error(`${what} does not match its schema:\n${JSON.stringify(parsed.error.issues, null, 1)}`);
  const rows = (body as { content?: unknown[] }).content ?? (Array.isArray(body) ? body : undefined);
  if (rows) expect(rows.length, `${what} has rows to check`).toBeGreaterThan(0);
  return parsed.data;
}

describe('the schemas are strict', () => {
  it('an extra key, a missing key or a wrong type fails', async () => {
    const page = await answer(pageOf(boxAnswer), 'shipper', '/api/boxPiece', { size: 1 });
    const box = page.content[0] as Record<string, unknown>;
    expect(boxAnswer.safeParse({ ...box, extra: 1 }).success).toBe(false);
    const { token: _, ...missing } = box;
    expect(boxAnswer.safeParse(missing).success).toBe(false);
    expect(boxAnswer.safeParse({ ...box, grossWeight: '1' }).success).toBe(false);
    expect(
      boxAnswer.safeParse({ ...box, contents: [{ ...(box.contents as object[])[0], x: 1 }] }).success,
    ).toBe(false);
    expect(boxAnswer.safeParse({ ...box, logisticsActions: ['fly'] }).success).toBe(false);
  });
});

describe('boxes', () => {
  it('lists, queries, progress, counts, shipment check and timeline', async () => {
    const B001 = batch['JKT2-B001'];
    const page = await answer(pageOf(boxAnswer), 'supplier', '/api/boxPiece', { batchId: B001, size: 100 });
    const box = page.content[0];
    await answer(boxAnswer, 'shipper', '/api/boxPiece/queryById', { id: box.id });
    await answer(boxAnswer, 'shipper', '/api/boxPiece/queryByBoxId', { boxId: box.token });
    await answer(boxAnswer.array(), 'supplier', '/api/boxPiece/queryByBatchId', { batchId: B001 });
    await answer(packingProgressAnswer, 'supplier', '/api/boxPiece/packingProgress', { batchId: B001 });
    // Boxes on vehicles and in containers fill the logistics fields.
    const loaded = await answer(pageOf(boxAnswer), 'logistics', '/api/boxPiece', { status: 1, size: 500 });
    expect(loaded.content.some((b) => b.plateNumber !== null)).toBe(true);
    expect(loaded.content.some((b) => b.containerNumber !== null)).toBe(true);
    expect(loaded.content.some((b) => b.logisticsActions.length > 0)).toBe(true);
    await answer(batchCountsAnswer.array(), 'logistics', '/api/boxPiece/logisticsCounts', {
      batchId: batch['JKT2-B005'],
    });
    const check = await answer(shipmentCheckAnswer, 'logistics', '/api/boxPiece/checkShipment', {
      batchId: batch['CTG4-B006'],
    });
    expect(check.blocking.length).toBeGreaterThan(0);
    await answer(listOf(timelineEventAnswer), 'shipper', '/api/changeRecord/timeline', {
      entity: 'boxPiece',
      entityId: box.id,
    });
  });
});

describe('logistics', () => {
  it('vehicles, containers, container types, abnormal records and transit timelines', async () => {
    await answer(pageOf(vehicleAnswer), 'logistics', '/api/accessoryInfo', { size: 500 });
    const cs = await answer(pageOf(containerAnswer), 'logistics', '/api/container', { size: 500 });
    expect(cs.content.some((c) => c.planned)).toBe(true);
    await answer(containerTypeAnswer.array(), 'logistics', '/api/loadPlan/containerTypes');
    const ab = await answer(pageOf(abnormalAnswer), 'logistics', '/api/abnormalRecord', { size: 500 });
    expect(ab.content.some((a) => a.photos.length > 0)).toBe(true);
    const signed = batch['CTG4-B001'];
    const events = await answer(transitEventAnswer.array(), 'logistics', '/api/batchIntransitLive', {
      batchId: signed,
    });
    expect(events.every((e) => e.count !== undefined)).toBe(true);
    await answer(transitEventAnswer.array(), 'logistics', '/api/boxPieceIntransitLive', {
      boxPieceId: events.find((e) => e.entity === 'boxPiece')?.entityId ?? 0,
    });
  });
});

describe('project', () => {
  it('projects, batches, workbenches, partners, contracts, personnel, lists, rows and references', async () => {
    const projects = await answer(pageOf(projectAnswer), 'shipper', '/api/project', { size: 100 });
    const wb = await answer(projectWorkbenchAnswer, 'shipper', '/api/project/workbench', {
      id: projects.content[0].id,
    });
    expect(wb.batches.some((b) => b.materialLists.length && b.partners.length && b.waiting.length)).toBe(
      true,
    );
    await answer(pageOf(batchAnswer), 'shipper', '/api/projectBatch', { size: 100 });
    const bw = await answer(batchWorkbenchAnswer, 'shipper', '/api/projectBatch/workbench', {
      id: batch['JKT2-B001'],
    });
    expect(bw.timeline.length && bw.materialLists.length && bw.partners.length).toBeTruthy();
    await answer(pageOf(partnershipAnswer), 'shipper', '/api/partner', { size: 100 });
    await answer(listOf(customerAnswer), 'shipper', '/api/enterpriseInfo/getCustomer', {
      keyword: '有限公司',
    });
    // A contract with a file: the demo has none, so one is attached as a shipper would.
    const [contract] = await t.db.select().from(projectContracts).limit(1);
    const file = await upload('shipper', 'document');
    const attached = await call(t.app, 'POST', '/api/projectContractFile/createBatch', {
      token: tok.shipper,
      body: { contractId: contract.id, fileIds: [file.id] },
    });
    expect(attached.status, JSON.stringify(attached.body)).toBeLessThan(300);
    const contracts = await answer(pageOf(contractAnswer), 'shipper', '/api/viewProjectContract', {
      size: 100,
    });
    expect(contracts.content.some((c) => c.files.length > 0)).toBe(true);
    await answer(pageOf(personnelAnswer), 'shipper', '/api/viewProjectPersonnel', { size: 100 });
    await answer(pageOf(materialListAnswer), 'supplier', '/api/materialList', { size: 100 });
    await answer(pageOf(suppliesAnswer), 'supplier', '/api/supplies', {
      batchId: batch['JKT2-B001'],
      size: 100,
    });
    await answer(listOf(currencyAnswer), 'shipper', '/api/reference/currencies');
    await answer(listOf(countryAnswer), 'shipper', '/api/reference/countries');
    await answer(listOf(portAnswer), 'shipper', '/api/reference/ports', { q: 'jakarta', size: 20 });
    const [national] = await t.db.select().from(customsCodes).limit(1);
    const byCode = await answer(hsPageAnswer, 'shipper', '/api/hs/thirdParty/queryByCodeNew', {
      code: national.code.slice(0, 6),
      size: 10,
    });
    expect(byCode.national.length).toBeGreaterThan(0);
    await answer(hsPageAnswer, 'shipper', '/api/hs/thirdParty/searcByName', { name: 'pump', size: 10 });
    await answer(hsSectionAnswer.array(), 'shipper', '/api/hs/sections');
    await answer(hsChapterAnswer.array(), 'shipper', '/api/hs/chapters', { section: 'XVI' });
  });
});

describe('papers', () => {
  it('documents, statements, vouchers, instructions, vessels, inquiry, bills of lading and tally sheets', async () => {
    // A document with a file: the demo's has none, so logistics adds one as the papers screen does.
    const file = await upload('logistics', 'paper');
    const added = await call(t.app, 'POST', '/api/document/batchAdd', {
      token: tok.logistics,
      body: [{ batchId: batch['JKT2-B001'], docType: 'bill_of_lading', name: 'B/L', fileIds: [file.id] }],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    conform(documentAnswer.array(), added.body, 'POST /api/document/batchAdd');
    const docs = await answer(pageOf(documentAnswer), 'logistics', '/api/document', { size: 100 });
    expect(docs.content.some((d) => d.files.length > 0)).toBe(true);
    const statements = await answer(pageOf(statementAnswer), 'shipper', '/api/reconciliation', { size: 100 });
    await answer(statementAnswer, 'shipper', '/api/reconciliation/queryById', {
      id: statements.content[0].id,
    });
    const vouchers = await answer(pageOf(voucherAnswer), 'shipper', '/api/voucherProcess', { size: 100 });
    expect(vouchers.content.some((v) => v.files.length > 0)).toBe(true);
    const entrusts = await answer(pageOf(entrustAnswer), 'shipper', '/api/deliveryEntrust', { size: 100 });
    await answer(entrustPrefillAnswer, 'shipper', '/api/deliveryEntrust/last', {
      batchId: batch['JKT2-B001'],
    });
    await answer(pageOf(vesselAnswer), 'shipper', '/api/deliveryEntrust/queryshipname', {
      shiName: 'a',
      size: 20,
    });
    const sent = entrusts.content.find((e) => e.status > 0 && e.vesselName);
    const inquiry = await answer(listOf(inquiryVesselAnswer), 'shipper', '/api/shipInquiry', {
      q: sent?.vesselName ?? '',
      size: 10,
    });
    expect(inquiry.content.some((v) => v.schedule.length > 0 && v.batches.length > 0)).toBe(true);
    const bills = await answer(pageOf(billLadingAnswer), 'logistics', '/api/billLading', { size: 100 });
    await answer(billLadingAnswer, 'logistics', '/api/billLading/queryById', { id: bills.content[0].id });
    await answer(pageOf(tallyAnswer), 'logistics', '/api/viewTallySheet', { size: 100 });
  });
});

describe('customs', () => {
  it('declarations, lines, prices, tickets, reviews and clearance', async () => {
    const declares = await answer(pageOf(declareAnswer), 'logistics', '/api/projectDeclare', { size: 100 });
    await answer(pageOf(declareAnswer), 'shipper', '/api/projectDeclare', { size: 100 });
    const lines = await answer(pageOf(declareLineAnswer), 'logistics', '/api/declareLine', { size: 100 });
    expect(lines.content.some((l) => Object.keys(l.elementValues).length > 0)).toBe(true);
    await answer(pageOf(ticketAnswer), 'logistics', '/api/assort', { size: 100 });
    await answer(pageOf(examineAnswer), 'shipper', '/api/examine', { size: 100 });
    // A declared price and a clearance step: the demo has neither. The shipper sends the submitted
    // declaration back, the broker prices one of its lines and lodges the batch at destination.
    const submitted = declares.content.find((d) => d.status === 1);
    const back = await call(t.app, 'POST', '/api/examine/back', {
      token: tok.shipper,
      body: { id: submitted?.id, reason: 'price the lines' },
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const line = lines.content.find((l) => l.declareId === submitted?.id);
    const price = await call(t.app, 'POST', '/api/declPrice', {
      token: tok.logistics,
      body: { lineId: line?.id, premiumRate: '1.05', declaredCurrency: 'USD' },
    });
    expect(price.status, JSON.stringify(price.body)).toBe(201);
    conform(declPriceAnswer, price.body, 'POST /api/declPrice');
    await answer(pageOf(declPriceAnswer), 'logistics', '/api/declPrice', { size: 100 });
    const priced = await answer(declareLineAnswer, 'logistics', '/api/declareLine/queryById', {
      id: line?.id ?? 0,
    });
    expect(priced.declaredPrice).not.toBeNull();
    const lodged = await call(t.app, 'POST', '/api/customsClearanceLive/declare', {
      token: tok.logistics,
      body: { batchId: batch['JKT2-B001'], event: 'lodge', date: '2026-06-01', place: 'IDJKT' },
    });
    expect(lodged.status, JSON.stringify(lodged.body)).toBe(200);
    conform(clearanceAnswer, lodged.body, 'POST /api/customsClearanceLive/declare');
    const clearances = await answer(pageOf(clearanceAnswer), 'shipper', '/api/customsClearanceLive', {
      size: 100,
    });
    expect(clearances.content[0].timeline.length).toBeGreaterThan(0);
  });
});

describe('finance', () => {
  it('credit information and a financing application', async () => {
    await answer(pageOf(creditInfoAnswer), 'logistics', '/api/creditCarddInformation', {
      page: 0,
      size: 100000,
    });
    // The demo has no application: logistics applies against its own confirmed statement.
    const confirmed = await answer(pageOf(statementAnswer), 'logistics', '/api/reconciliation', {
      status: 2,
    });
    const statement = confirmed.content.find((s) => s.mine);
    const applied = await call(t.app, 'POST', '/api/financing/apply', {
      token: tok.logistics,
      body: {
        basisType: 'reconciliation',
        basisId: statement?.id,
        currency: statement?.totals[0].currency,
        amount: '100',
        termDays: 30,
      },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    conform(financingAnswer, applied.body, 'POST /api/financing/apply');
    await answer(pageOf(financingAnswer), 'logistics', '/api/financing', { size: 100 });
  });
});

describe('system', () => {
  it('users, roles, menus, departments, functions, companies, sessions, dictionaries and statistics', async () => {
    await answer(pageOf(userAnswer), 'admin', '/api/users', { size: 100 });
    await answer(pageOf(userAnswer), 'shipper', '/api/users', { size: 100 });
    const roles = await answer(roleAnswer.array(), 'admin', '/api/roles/all');
    await answer(roleDetailAnswer, 'admin', `/api/roles/${roles[0].id}`);
    await answer(pageOf(menuAnswer), 'admin', '/api/menus', { size: 5000 });
    const top = await answer(menuLazyAnswer.array(), 'admin', '/api/menus/lazy');
    await answer(menuLazyAnswer.array(), 'admin', '/api/menus/lazy', {
      pid: top.find((m) => m.hasChildren)?.id ?? 0,
    });
    await answer(pageOf(deptAnswer), 'admin', '/api/dept', { size: 1000 });
    await answer(functionGroupAnswer.array(), 'admin', '/api/functionPermission/viewFunctionPermissionMenu');
    await answer(pageOf(tenantAnswer), 'admin', '/api/tenantUser', { size: 100 });
    await answer(pageOf(onlineAnswer), 'admin', '/api/online', { page: 0, size: 100 });
    const names = (await t.db.select().from(dicts)).map((d) => d.name);
    const map = await answer(dictMapAnswer, 'admin', '/api/dictDetail/map', { dictName: names.join(',') });
    expect(Object.values(map).some((entries) => entries.length > 0)).toBe(true);
    const feedback = await call(t.app, 'POST', '/api/feedback', {
      token: tok.supplier,
      body: { commentsOrFeedback: '好用', phone: '13800000002' },
    });
    expect(feedback.status, JSON.stringify(feedback.body)).toBeLessThan(300);
    await answer(usersStatisticsAnswer, 'admin', '/api/usersstatistics');
    await answer(projectStatisticsAnswer, 'admin', '/api/projectstatistics');
    const tools = await answer(toolsStatisticsAnswer, 'admin', '/api/toolsstatistics');
    expect(tools.feedbackByStatus.length).toBeGreaterThan(0);
  });
});

describe('session and shell', () => {
  it('login, session, menu tree, config, messages, home page, account and login history', async () => {
    const login = await call(t.app, 'POST', '/auth/login', {
      body: { username: 'supplier', password: 'Supplier@2026' },
    });
    conform(loginAnswer, login.body, 'POST /auth/login');
    const info = await answer(sessionInfoAnswer, 'supplier', '/auth/info');
    expect(info.partner).not.toBeNull();
    await answer(sessionInfoAnswer, 'shipper', '/auth/info');
    const tree = await answer(menuRouteAnswer.array(), 'shipper', '/api/menus/build');
    expect(tree.some((m) => m.children?.length)).toBe(true);
    await answer(appConfigAnswer, 'shipper', '/api/auxiliary/config');
    await answer(listOf(messageAnswer), 'shipper', '/api/messageCenter/getMessageByCurrent', { size: 100 });
    await answer(listOf(announcementAnswer), 'shipper', '/api/messageCenter/announcements', { size: 100 });
    await answer(homePageDataAnswer, 'shipper', '/api/auxiliary/getHomePageData');
    await answer(userInfoAnswer, 'shipper', '/api/users/getCurrent');
    await answer(listOf(loginRecordAnswer), 'shipper', '/api/users/loginHistory', { size: 100 });
  });
});

describe('trade policy', () => {
  it('the search of a code and the notes of many codes', async () => {
    const found = await answer(policySearchAnswer, 'shipper', '/api/tradePolicy/search', {
      country: 'ID',
      hsCode: '85042300',
      includeExpired: true,
    });
    // `overridden` holds the same notes as `notes` (one schema): notes and a rate are enough here.
    expect(found.rate !== null && found.notes.length > 0).toBe(true);
    const [national] = await t.db.select().from(customsCodes).limit(1);
    // China's national lines come with a CN search.
    const withNational = await answer(policySearchAnswer, 'shipper', '/api/tradePolicy/search', {
      country: 'CN',
      hsCode: national.code,
    });
    expect(withNational.national.length).toBeGreaterThan(0);
    const res = await call(t.app, 'POST', '/api/tradePolicy/applicable', {
      token: tok.shipper,
      body: { country: 'ID', codes: ['85042300', '8544', '0101'] },
    });
    expect(res.status).toBe(200);
    const applicable = conform(applicableCodesAnswer, res.body, 'POST /api/tradePolicy/applicable');
    expect(Object.keys(applicable.codes).length).toBeGreaterThan(0);
  });
});

describe('load plan', () => {
  it("a container's stored plan and a proposal for a batch in domestic transit", async () => {
    const cs = await answer(pageOf(containerAnswer), 'logistics', '/api/container', { size: 500 });
    for (const c of cs.content.filter((x) => x.boxCount > 0))
      await answer(storedPlanAnswer, 'logistics', '/api/container/plan', { id: c.id });
    const res = await call(t.app, 'POST', '/api/container/plan', {
      token: tok.logistics,
      body: { batchId: batch['JKT2-B006'], typeCodes: ['20GP', '40HQ', '40RF'], timeLimitMs: 200 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const proposal = conform(proposalAnswer, res.body, 'POST /api/container/plan');
    expect(proposal.containers.length).toBeGreaterThan(0);
  });
});

describe('command and write answers', () => {
  it('a logistics command answers the boxes it moved, a list command the list, a create or update its row', async () => {
    const shipped = await answer(pageOf(boxAnswer), 'logistics', '/api/boxPiece', {
      batchId: batch['JKT2-B005'],
      status: 1,
      size: 500,
    });
    const ids = shipped.content.filter((b) => b.logisticsActions.includes('transit')).map((b) => b.id);
    const moved = await call(t.app, 'POST', '/api/boxPiece/transit', {
      token: tok.logistics,
      body: { ids, place: 'Shanghai' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    conform(listOf(boxAnswer), moved.body, 'POST /api/boxPiece/transit');
    const lists = await answer(pageOf(materialListAnswer), 'shipper', '/api/materialList', { size: 100 });
    const submitted = lists.content.find((l) => l.actions.includes('confirm'));
    const confirmed = await call(t.app, 'POST', '/api/supplies/confirm', {
      token: tok.shipper,
      body: { listId: submitted?.id },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    conform(materialListAnswer, confirmed.body, 'POST /api/supplies/confirm');
    // A declared family's create answers its row as the list shows it.
    const vehicle = await call(t.app, 'POST', '/api/accessoryInfo', {
      token: tok.logistics,
      body: { batchId: batch['JKT2-B004'], plateNumber: '沪A·12345', driverName: '王师傅' },
    });
    expect(vehicle.status, JSON.stringify(vehicle.body)).toBe(201);
    conform(vehicleAnswer, vehicle.body, 'POST /api/accessoryInfo');
    const edited = await call(t.app, 'PUT', '/api/accessoryInfo', {
      token: tok.logistics,
      body: { id: vehicle.body.id, driverPhone: '13800000009' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    conform(vehicleAnswer, edited.body, 'PUT /api/accessoryInfo');
  });
});

describe('services', () => {
  it('a translation and forecasts of a batch and of ports', async () => {
    const word = await answer(translateAnswer, 'shipper', '/api/auxiliary/translate', { q: '变压器' });
    expect(word.source).toBe('glossary');
    const none = await answer(translateAnswer, 'shipper', '/api/auxiliary/translate', { q: '今天天气很好' });
    expect(none.text).toBeNull();
    const forecast = await answer(weatherAnswer, 'shipper', `/api/weather/batch/${batch['JKT2-B001']}`);
    expect(forecast.places.some((p) => p.days.length > 0) && forecast.warnings.length > 0).toBe(true);
    await answer(weatherAnswer, 'shipper', '/api/weather/ports', { codes: 'CNSHA,IDJKT' });
  });
});

describe('material list import', () => {
  it("an import's progress, with its refused rows", async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('物料清单');
    ws.addRow(['序号', '物料编码', '*物料名称', '英文名称', '规格型号', '品牌', 'HS编码', '*数量', '*单位']);
    ws.addRow([1, 'X-1', '法兰', 'Flange', null, null, null, 'abc', '件']);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const boundary = '----answer-import';
    const field = (k: string, v: string | number) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/supplies/suppliesListImport',
      headers: { authorization: tok.supplier, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        field('batchId', batch['JKT2-B003']),
        field('taskId', 'answer-schemas-0001'),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="list.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(res.statusCode, res.body).toBe(400);
    const progress = await answer(importProgressAnswer, 'supplier', '/api/supplies/getImportProgress', {
      taskId: 'answer-schemas-0001',
    });
    expect(progress.errors.length).toBeGreaterThan(0);
    // The fixed file imports: the answer names the list it filled.
    ws.getRow(2).getCell(8).value = 5;
    const fixed = Buffer.from(await wb.xlsx.writeBuffer());
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/supplies/suppliesListImport',
      headers: { authorization: tok.supplier, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        field('batchId', batch['JKT2-B003']),
        field('taskId', 'answer-schemas-0002'),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="list.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        fixed,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(done.statusCode, done.body).toBe(201);
    conform(suppliesImportAnswer, done.json(), 'POST /api/supplies/suppliesListImport');
    await answer(importProgressAnswer, 'supplier', '/api/supplies/getImportProgress', {
      taskId: 'answer-schemas-0002',
    });
  });
});

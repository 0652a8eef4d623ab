// Every call of spec §7 ("The calls the product makes"), probed from a table: as a party that may make
// it, with a realistic request, it answers 2xx; as a party that may not (a tenant registered a minute
// ago, or a demo party without the grant), it is refused (401/403/404) or, for a list, answers none of
// the owner's rows. The summary line at the end counts the probes and names every failing call.

import { gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supplies } from '../src/db/schema-project.ts';
import { call, login, useTestApp } from './helpers.ts';
import { type PartyName, seedEmptyFamilies, tokensOf } from './security/fixtures.ts';

const t = useTestApp({ AUTH_RATE_LIMIT: '10000000', TEST_HOOKS: '1' });

type Party = PartyName | 'site' | 'anon' | 'invitee';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Req {
  query?: Record<string, string | number | boolean | (string | number)[]>;
  body?: unknown;
  /** A multipart upload of one small picture instead of a JSON body. */
  upload?:
    | boolean
    | { fields?: Record<string, string | number>; file?: Buffer<ArrayBufferLike>; name?: string };
  /** The concrete URL of a path with a parameter. */
  path?: string;
}
interface Probe {
  method: Method;
  path: string;
  /** The party that may make the call. */
  right: Party;
  /** Parties that may not (the fresh stranger unless stated). */
  wrong?: Party[];
  req?: (c: Ctx) => Req | Promise<Req>;
  /** A request for the wrong party, when it differs from the right party's. */
  wrongReq?: (c: Ctx) => Req | Promise<Req>;
  /** A linked page (§7): the server's part is to send the browser on to where it is shown. */
  redirectOk?: boolean;
}
interface Outcome {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read loosely
  body: any;
  text?: string;
  location?: string;
}

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

class Ctx {
  tok = {} as Record<Party, string | undefined>;
  me = {} as Record<string, { id: number; tenantId: number }>;
  batch: Record<string, number> = {};
  projectId = 0;
  // biome-ignore lint/suspicious/noExplicitAny: rows of the demo data, read loosely
  rows: Record<string, any> = {};

  async as(who: Party, method: Method, url: string, r: Req = {}): Promise<Outcome> {
    if (r.upload) {
      const u = r.upload === true ? {} : r.upload;
      return this.upload(who, url, u.name, u.fields, u.file);
    }
    const res = await call(t.app, method, url, { token: this.tok[who], query: r.query, body: r.body });
    const location = res.raw.headers.location;
    return {
      status: res.status,
      body: res.body,
      text: res.raw.body,
      location: typeof location === 'string' ? location : undefined,
    };
  }

  /** An answer's status must be 2xx, else the setup step throws with what was answered. */
  async ok(who: Party, method: Method, url: string, r: Req = {}) {
    const res = await this.as(who, method, url, r);
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  async upload(
    who: Party,
    url: string,
    name = 'scan.png',
    fields: Record<string, string | number> = { kind: 'paper' },
    file: Buffer<ArrayBufferLike> = png,
  ): Promise<Outcome> {
    const boundary = '----spec-calls-boundary';
    const payload = Buffer.concat([
      ...Object.entries(fields).map(([k, v]) =>
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const token = this.tok[who];
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        ...(token ? { authorization: token } : {}),
      },
      payload,
    });
    let body: unknown;
    try {
      body = res.json();
    } catch {
      body = res.body;
    }
    return { status: res.statusCode, body, text: res.body };
  }

  async fileId(who: Party) {
    const res = await this.upload(who, '/api/file/upload');
    if (res.status >= 300) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id as number;
  }

  /** The boxes of a demo batch, optionally only those at one logistics status. */
  async boxes(batchNumber: string, logisticsStatus?: number) {
    const page = await this.ok('shipper', 'GET', '/api/boxPiece', {
      query: { batchId: this.batch[batchNumber], size: 200 },
    });
    return (
      page.content as { id: number; logisticsStatus: number; status: number; supplierTenantId: number }[]
    )
      .filter((b) => logisticsStatus === undefined || b.logisticsStatus === logisticsStatus)
      .sort((a, b) => a.id - b.id);
  }

  /** A company registered just now at a supplier's end: its tenant, token and phone. */
  async newSupplier() {
    const n = next();
    const phone = `1371234${String(1000 + n)}`;
    const reg = await call(t.app, 'POST', '/auth/regAndLogin', {
      body: {
        username: `sup${n}`,
        phone,
        email: `sup${n}@example.org`,
        password: 'Probe@20266',
        corporateName: `探针供应商${n}`,
        roleType: 1,
      },
    });
    if (reg.status >= 300) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
    const me = await call(t.app, 'GET', '/api/users/getCurrent', { token: reg.body.token });
    return { tenantId: me.body.tenantId as number, token: reg.body.token as string, phone };
  }

  /** A new row of supplier2's draft material list. */
  async draftRow() {
    return (
      await this.ok('supplier2', 'POST', '/api/supplies', {
        body: {
          batchId: this.rows.s2Batch,
          name: '光缆接头盒',
          quantity: 5,
          unit: '个',
          unitPrice: 35,
          currency: 'USD',
        },
      })
    ).id as number;
  }

  /** The link row (vehicle or container) that holds a box. */
  async linkOf(who: Party, url: string, box: number) {
    const links = await this.ok(who, 'GET', url, { query: { size: 200 } });
    const link = (links.content as { id: number; boxPieceId?: number; boxId?: number }[]).find(
      (l) => (l.boxPieceId ?? l.boxId) === box,
    );
    if (!link) throw new Error(`no link of box ${box} in ${url}: ${JSON.stringify(links.content[0])}`);
    return link.id;
  }

  async newMenu() {
    return (
      await this.ok('admin', 'POST', '/api/menus', {
        body: {
          type: 1,
          title: `探针菜单${next()}`,
          menuSort: 999,
          path: `probe${next()}`,
          component: 'probe/index',
        },
      })
    ).id as number;
  }

  async newDictDetail(value: string) {
    return (
      await this.ok('admin', 'POST', '/api/dictDetail', {
        body: { dictId: this.rows.dictId, value, label: value, dictSort: 98 },
      })
    ).id as number;
  }

  async elementId() {
    const page = await this.ok('logistics', 'GET', '/api/declareElements', {
      query: { declareId: this.rows.declare.id },
    });
    return page.content[0].id as number;
  }

  /** A new empty box of the supplier's open batch. */
  async emptyBox() {
    return (
      await this.ok('supplier', 'POST', '/api/boxPiece', {
        body: { ...this.rows.carton, batchId: this.rows.sBatch },
      })
    ).id as number;
  }

  /** A new packed box of the supplier's open batch. */
  async packedBox() {
    const box = await this.ok('supplier', 'POST', '/api/boxPieceDetail/createDetail', {
      body: {
        box: { ...this.rows.carton, batchId: this.rows.sBatch },
        items: [{ suppliesId: this.rows.sRow, quantity: 1 }],
      },
    });
    return box.id as number;
  }

  async transitContainer() {
    if (!this.rows.transitContainer)
      this.rows.transitContainer = (
        await this.ok('logistics', 'POST', '/api/container', {
          body: { batchId: this.batch['JKT2-B006'], containerNumber: 'CSQU3054383', typeCode: '40HQ' },
        })
      ).id;
    return this.rows.transitContainer as number;
  }

  async vehicle() {
    if (!this.rows.vehicle)
      this.rows.vehicle = (
        await this.ok('supplier', 'POST', '/api/accessoryInfo', {
          body: { batchId: this.batch['JKT2-B001'], plateNumber: '沪C·11111', driverName: '李师傅' },
        })
      ).id;
    return this.rows.vehicle as number;
  }

  async statement() {
    return (
      await this.ok('logistics', 'POST', '/api/reconciliation', {
        body: { batchId: this.batch['JKT2-B004'], statementNo: `ST-P${next()}`, lines: this.rows.lines },
      })
    ).id as number;
  }

  async voucherBody() {
    const id = await this.statement();
    await this.ok('logistics', 'POST', '/api/reconciliation/submit', { body: { id } });
    await this.ok('shipper', 'POST', '/api/reconciliation/confirm', { body: { id } });
    return {
      reconciliationId: id,
      amount: '100.00',
      currency: 'USD',
      paymentDate: iso(-1),
      bankReference: `BOC-P${next()}`,
      fileIds: [await this.fileId('shipper')],
    };
  }

  async document() {
    return (
      await this.ok('supplier', 'POST', '/api/document', {
        body: {
          batchId: this.batch['JKT2-B001'],
          docType: 'commercial_invoice',
          docNo: `CI-P${next()}`,
          name: '商业发票',
          fileIds: [await this.fileId('supplier')],
        },
      })
    ).id as number;
  }

  /** A tenant that submitted its certification (registered for the purpose). */
  async certified() {
    const n = next();
    const reg = await this.ok('anon', 'POST', '/auth/regAndLogin', {
      body: {
        username: `cert${n}`,
        phone: `1391234${String(1000 + n)}`,
        email: `cert${n}@example.org`,
        password: 'Probe@20266',
        corporateName: `探针认证公司${n}`,
        roleType: 1,
      },
    });
    const token = reg.token as string;
    const up = await call(t.app, 'GET', '/api/users/getCurrent', { token });
    const licence = await this.uploadAs(token);
    const sub = await call(t.app, 'POST', '/api/enterpriseInfo/certification', {
      token,
      body: {
        corporateName: `探针认证公司${n}`,
        corporateCode: '91330000MA2XXXXXX1',
        corporateCodeimg: licence,
        authorizationLetter: licence,
      },
    });
    if (sub.status >= 300) throw new Error(`certification: ${sub.status} ${JSON.stringify(sub.body)}`);
    return up.body.tenantId as number;
  }

  async uploadAs(token: string) {
    this.tok.invitee = token;
    return (await this.upload('invitee', '/api/file/upload', 'licence.png')).body.url as string;
  }

  async staff() {
    const n = next();
    return (
      await this.ok('shipper', 'POST', '/api/users', {
        body: { username: `staff${n}`, password: 'Site@20266', roleType: 5 },
      })
    ).id as number;
  }

  async role() {
    return (await this.ok('shipper', 'POST', '/api/roles', { body: { name: `探针角色${next()}`, level: 3 } }))
      .id as number;
  }

  async card() {
    const page = await this.ok('supplier', 'GET', '/api/creditCarddInformation', {
      query: { page: 0, size: 100000 },
    });
    if (page.content[0]) return page.content[0].id as number;
    return (
      await this.ok('supplier', 'POST', '/api/creditCarddInformation', {
        body: {
          bankName: '招商银行',
          bankAccount: '6214 8301 2345 678',
          swiftCode: 'CMBCCNBS',
          currency: 'CNY',
        },
      })
    ).id as number;
  }
}

const c = new Ctx();

/** A one-row material list workbook, as a supplier fills it in. */
async function importBook() {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('物料清单');
  ws.addRow(['序号', '物料编码', '*物料名称', '英文名称', '规格型号', '品牌', 'HS编码', '*数量', '*单位']);
  ws.addRow([1, 'PRB-1', '法兰', 'Flange', 'DN100', null, null, 5, '件']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const entrustForm = (batchId: number) => ({
  batchId,
  shipperText: '中建国际工程有限公司',
  consignee: 'Jakarta Power Plant Phase II Project Office',
  notifyParty: 'Same as consignee',
  portOfLoading: 'CNSHA',
  portOfDischarge: 'IDJKT',
  incoterm: 'CIF',
  incotermPlace: 'Jakarta',
  wantedEtd: '2026-12-20',
});

// ---------------------------------------------------------------------------------------------------
// The calls of §7, in the spec's order.
// ---------------------------------------------------------------------------------------------------
const probes: Probe[] = [
  // Authentication
  {
    method: 'POST',
    path: '/auth/login',
    right: 'anon',
    wrong: ['anon'],
    req: () => ({ body: { username: 'shipper', password: 'Shipper@2026', rememberMe: true } }),
    wrongReq: () => ({ body: { username: 'shipper', password: 'Wrong@2026' } }),
  },
  {
    method: 'POST',
    path: '/auth/mobile/loginByPassword',
    right: 'anon',
    wrong: ['anon'],
    req: () => ({ body: { phone: '13800000001', password: 'Shipper@2026' } }),
    wrongReq: () => ({ body: { phone: '13800000001', password: 'Wrong@2026' } }),
  },
  {
    method: 'POST',
    path: '/auth/regAndLogin',
    right: 'anon',
    wrong: [],
    req: () => ({
      body: {
        username: 'probe_reg',
        phone: '13912349999',
        email: 'probe-reg@example.org',
        password: 'Probe@20266',
        corporateName: '探针注册贸易公司',
        roleType: 1,
      },
    }),
  },
  { method: 'GET', path: '/auth/info', right: 'shipper', wrong: ['anon'] },
  { method: 'GET', path: '/auth/code', right: 'anon', wrong: [] },
  {
    method: 'DELETE',
    path: '/auth/logout',
    right: 'trial',
    wrong: [],
    req: (x) => ({ query: { userId: x.me.trial.id } }),
  },
  {
    method: 'POST',
    path: '/auth/resetSendCode',
    right: 'anon',
    wrong: [],
    req: () => ({ body: { phone: '13800000002' } }),
  },
  {
    method: 'POST',
    path: '/auth/resetPass',
    right: 'anon',
    wrong: ['anon'],
    req: async (x) => {
      await x.ok('anon', 'POST', '/auth/resetSendCode', { body: { phone: '13912349999' } });
      const sent = await x.ok('anon', 'GET', '/test/resetCode', { query: { target: '13912349999' } });
      return { body: { phone: '13912349999', code: sent.code, password: 'Changed@20266' } };
    },
    wrongReq: () => ({ body: { phone: '13800000002', code: '000000', password: 'Changed@2026' } }),
  },
  // Menus and users
  {
    method: 'GET',
    path: '/api/menus/lazy',
    right: 'admin',
    wrong: ['fresh', 'supplier'],
    req: () => ({ query: { pid: 0 } }),
  },
  {
    method: 'GET',
    path: '/api/menus',
    right: 'admin',
    wrong: ['fresh', 'supplier'],
    req: () => ({ query: { page: 0, size: 10 } }),
  },
  {
    method: 'POST',
    path: '/api/menus/superior',
    right: 'admin',
    wrong: ['fresh', 'supplier'],
    req: (x) => ({ body: [x.rows.menuId] }),
  },
  {
    method: 'GET',
    path: '/api/menus/child',
    right: 'admin',
    wrong: ['fresh', 'supplier'],
    req: (x) => ({ query: { id: x.rows.menuId } }),
  },
  { method: 'GET', path: '/api/menus/build', right: 'supplier', wrong: ['anon'] },
  {
    method: 'POST',
    path: '/api/menus',
    right: 'admin',
    wrong: ['fresh', 'shipper'],
    req: () => ({
      body: { type: 1, title: '探针菜单', menuSort: 999, path: 'probe', component: 'probe/index' },
    }),
  },
  {
    method: 'PUT',
    path: '/api/menus',
    right: 'admin',
    wrong: ['fresh', 'shipper'],
    req: async (x) => ({ body: { id: await x.newMenu(), title: '探针菜单二' } }),
  },
  {
    method: 'DELETE',
    path: '/api/menus',
    right: 'admin',
    wrong: ['fresh', 'shipper'],
    req: async (x) => ({ body: [await x.newMenu()] }),
  },
  { method: 'GET', path: '/api/users/getCurrent', right: 'supplier', wrong: ['anon'] },
  {
    method: 'GET',
    path: '/api/users/queryByEmail',
    right: 'shipper',
    wrong: ['anon'],
    req: () => ({ query: { email: 'shipper@example.com' } }),
  },
  { method: 'GET', path: '/api/auxiliary/getHomePageData', right: 'shipper', wrong: ['anon'] },
  {
    method: 'GET',
    path: '/api/auxiliary/translate',
    right: 'shipper',
    wrong: ['anon'],
    req: () => ({ query: { q: '变压器' } }),
  },
  { method: 'GET', path: '/auxiliary/getUuid', right: 'supplier', wrong: ['anon'] },
  {
    method: 'GET',
    path: '/api/dictDetail/map',
    right: 'supplier',
    wrong: ['anon'],
    req: () => ({ query: { dictName: 'user_status' } }),
  },
  {
    method: 'GET',
    path: '/api/dictDetail',
    right: 'supplier',
    wrong: ['anon'],
    req: () => ({ query: { dictName: 'user_status', page: 0, size: 10 } }),
  },
  {
    method: 'POST',
    path: '/api/dictDetail',
    right: 'admin',
    wrong: ['fresh', 'shipper'],
    req: (x) => ({ body: { dictId: x.rows.dictId, value: 'probe1', label: '探针一', dictSort: 99 } }),
  },
  {
    method: 'PUT',
    path: '/api/dictDetail',
    right: 'admin',
    wrong: ['fresh', 'shipper'],
    req: async (x) => ({ body: { id: await x.newDictDetail('probe2'), label: '探针改' } }),
  },
  {
    method: 'DELETE',
    path: '/api/dictDetail',
    right: 'admin',
    wrong: ['fresh', 'shipper'],
    req: async (x) => ({ body: [await x.newDictDetail('probe3')] }),
  },
  {
    method: 'GET',
    path: '/api/hs/thirdParty/searcByName',
    right: 'supplier',
    wrong: ['anon'],
    req: () => ({ query: { name: '变压器' } }),
  },
  {
    method: 'GET',
    path: '/api/hs/thirdParty/queryByCodeNew',
    right: 'supplier',
    wrong: ['anon'],
    req: () => ({ query: { code: '850423' } }),
  },
  {
    method: 'POST',
    path: '/api/hs/selectListHsName',
    right: 'supplier',
    wrong: ['anon'],
    req: () => ({ body: ['850423', '854449'] }),
  },
  {
    method: 'GET',
    path: '/api/declareElements',
    right: 'logistics',
    req: (x) => ({ query: { declareId: x.rows.declare.id } }),
  },
  {
    method: 'POST',
    path: '/api/declareElements',
    right: 'logistics',
    req: async (x) => {
      const held = await x.ok('logistics', 'GET', '/api/declareElements', {
        query: { declareId: x.rows.declare.id, size: 200 },
      });
      const mine = held.content.find((e: { lineId: number }) => e.lineId === x.rows.line.id);
      if (mine) await x.ok('logistics', 'DELETE', '/api/declareElements', { body: [mine.id] });
      return { body: { lineId: x.rows.line.id, values: { 用途: '输配电用' } } };
    },
  },
  {
    method: 'PUT',
    path: '/api/declareElements',
    right: 'logistics',
    req: async (x) => ({ body: { id: await x.elementId(), values: { 用途: '电站用' } } }),
  },
  {
    method: 'POST',
    path: '/api/declareElements/batchUpdate',
    right: 'logistics',
    req: (x) => ({ body: { items: [{ lineId: x.rows.line.id, values: { 用途: '输变电工程用' } }] } }),
  },
  { method: 'GET', path: '/api/project', right: 'shipper' },
  {
    method: 'GET',
    path: '/api/project/queryById',
    right: 'shipper',
    req: (x) => ({ query: { id: x.projectId } }),
  },
  { method: 'GET', path: '/api/project/getProjectIdByCurrent', right: 'shipper', wrong: ['fresh', 'anon'] },
];

// Resource families: GET list, POST create, PUT update, DELETE by ids.
interface Family {
  name: string;
  right: Party;
  wrong?: Party[];
  list?: string;
  listQuery?: (x: Ctx) => Req['query'];
  create?: (x: Ctx) => unknown | Promise<unknown>;
  /** Makes a row to update or delete (through the API), returning its id. */
  make?: (x: Ctx) => Promise<number>;
  update?: (x: Ctx, id: number) => Record<string, unknown>;
  deleteQuery?: Req['query'];
  verbs?: Method[];
  /** Who writes (PUT, DELETE), when not the lister; and who may not. */
  writeRight?: Party;
  writeWrong?: Party[];
  /** Who may not create, when not the family's wrong parties (a create of one's own is no trespass). */
  createWrong?: Party[];
  /** Who may not list, when not the stranger (a partner lists its own share of a family). */
  listWrong?: Party[];
}

const created = async (x: Ctx, who: Party, path: string, body: unknown) =>
  (await x.ok(who, 'POST', path, { body })).id as number;

let seq = 0;
const next = () => ++seq;
const probeProject = (x: Ctx) =>
  created(x, 'shipper', '/api/project', { name: `探针项目${next()}`, code: `PRB-${next()}` });

const families: Family[] = [
  {
    name: 'project',
    right: 'shipper',
    wrong: ['fresh', 'supplier'],
    listWrong: ['fresh'],
    createWrong: ['supplier'],
    create: () => ({ name: `探针项目${next()}`, code: `PRB-${next()}`, startDate: iso(1) }),
    make: probeProject,
    update: (_x, id) => ({ id, name: '探针项目改名' }),
  },
  {
    name: 'projectBatch',
    right: 'shipper',
    create: (x) => ({ projectId: x.projectId, batchNumber: `PRB-B${next()}`, name: '探针批次' }),
    make: (x) =>
      created(x, 'shipper', '/api/projectBatch', {
        projectId: x.projectId,
        batchNumber: `PRB-B${next()}`,
        name: '探针批次',
      }),
    update: (_x, id) => ({ id, enName: 'Probe lot' }),
  },
  {
    name: 'projectPersonnel',
    right: 'shipper',
    list: '/api/viewProjectPersonnel',
    create: async (x) => ({ projectId: await probeProject(x), userId: x.me.shipper.id, role: 'manager' }),
    make: async (x) =>
      created(x, 'shipper', '/api/projectPersonnel', {
        projectId: await probeProject(x),
        userId: x.me.shipper.id,
        role: 'purchaser',
      }),
    update: (_x, id) => ({ id, remark: '负责采购' }),
  },
  {
    name: 'projectDeclare',
    right: 'logistics',
    create: (x) => ({ batchId: x.batch['JKT2-B004'] }),
    make: async (x) => {
      // The declaration the create probe made (a batch has one at most), else a new one.
      const held = await x.ok('logistics', 'GET', '/api/projectDeclare', {
        query: { batchId: x.batch['JKT2-B004'], size: 200 },
      });
      const row = held.content.find((d: { batchId: number }) => d.batchId === x.batch['JKT2-B004']);
      return row
        ? (row.id as number)
        : created(x, 'logistics', '/api/projectDeclare', { batchId: x.batch['JKT2-B004'] });
    },
    update: (_x, id) => ({ id, remark: '探针' }),
  },
  {
    name: 'projectContract',
    right: 'shipper',
    list: '/api/viewProjectContract',
    create: (x) => ({
      projectId: x.projectId,
      contractNumber: `PRB-C${next()}`,
      supplierTenantId: x.me.supplier.tenantId,
      amount: '1000.00',
      currency: 'USD',
    }),
    make: (x) =>
      created(x, 'shipper', '/api/projectContract', {
        projectId: x.projectId,
        contractNumber: `PRB-C${next()}`,
        supplierTenantId: x.me.supplier.tenantId,
        amount: '2000.00',
        currency: 'USD',
      }),
    update: (_x, id) => ({ id, remark: '探针合同' }),
  },
  {
    name: 'projectContractFile',
    right: 'shipper',
    create: async (x) => ({
      contractId: x.rows.contract.id,
      fileId: await x.fileId('shipper'),
      remark: '扫描件',
    }),
    make: async (x) =>
      created(x, 'shipper', '/api/projectContractFile', {
        contractId: x.rows.contract.id,
        fileId: await x.fileId('shipper'),
      }),
    update: (_x, id) => ({ id, remark: '扫描件二' }),
  },
  {
    name: 'supplies',
    right: 'supplier2',
    create: (x) => ({
      batchId: x.rows.s2Batch,
      name: '光缆接头盒',
      quantity: 20,
      unit: '个',
      unitPrice: 35,
      currency: 'USD',
    }),
    make: (x) => x.draftRow(),
    update: (_x, id) => ({ id, remark: '探针' }),
  },
  {
    name: 'boxPiece',
    right: 'supplier',
    create: (x) => ({ ...x.rows.carton, batchId: x.rows.sBatch }),
    make: (x) => x.emptyBox(),
    update: (_x, id) => ({ id, remark: '探针' }),
  },
  {
    name: 'boxPieceDetail',
    right: 'supplier',
    create: async (x) => ({ boxId: await x.emptyBox(), suppliesId: x.rows.sRow, quantity: 1 }),
    make: async (x) =>
      created(x, 'supplier', '/api/boxPieceDetail', {
        boxId: await x.emptyBox(),
        suppliesId: x.rows.sRow,
        quantity: 1,
      }),
    update: (_x, id) => ({ id, quantity: 1 }),
  },
  {
    name: 'container',
    right: 'logistics',
    create: (x) => ({ batchId: x.batch['JKT2-B001'], containerNumber: 'TGHU1234567', typeCode: '20GP' }),
    make: (x) =>
      created(x, 'logistics', '/api/container', {
        batchId: x.batch[['JKT2-B004', 'JKT2-B005', 'JKT2-B008'][next() % 3]],
        containerNumber: 'MSKU1234565',
        typeCode: '40HQ',
      }),
    update: (_x, id) => ({ id, sealNumber: 'SL000001' }),
  },
  {
    name: 'containerBoxPiece',
    right: 'logistics',
    create: async (x) => ({
      containerId: await x.transitContainer(),
      boxPieceIds: [x.rows.transit.shift().id],
    }),
    make: async (x) => {
      const box = x.rows.transit.shift().id;
      await x.ok('logistics', 'POST', '/api/containerBoxPiece', {
        body: { containerId: await x.transitContainer(), boxPieceIds: [box] },
      });
      return x.linkOf('logistics', '/api/containerBoxPiece', box);
    },
    update: (_x, id) => ({ id, remark: '靠门' }),
    deleteQuery: { reason: '换箱' },
  },
  {
    name: 'accessoryInfo',
    right: 'supplier',
    create: (x) => ({ batchId: x.batch['JKT2-B001'], plateNumber: '沪A·12345', driverName: '王师傅' }),
    make: (x) =>
      created(x, 'supplier', '/api/accessoryInfo', {
        batchId: x.batch['JKT2-B001'],
        plateNumber: '沪B·54321',
      }),
    update: (_x, id) => ({ id, driverPhone: '13800000009' }),
  },
  {
    name: 'accessoryInfoBoxPiece',
    right: 'supplier',
    create: async (x) => ({ accessoryInfoId: await x.vehicle(), boxPieceIds: [x.rows.unloaded.shift().id] }),
    make: async (x) => {
      const box = x.rows.unloaded.shift().id;
      await x.ok('supplier', 'POST', '/api/accessoryInfoBoxPiece', {
        body: { accessoryInfoId: await x.vehicle(), boxPieceIds: [box] },
      });
      return x.linkOf('supplier', '/api/accessoryInfoBoxPiece', box);
    },
    update: (_x, id) => ({ id, remark: '车尾' }),
    deleteQuery: { reason: '换车' },
  },
  {
    name: 'declPrice',
    right: 'logistics',
    create: async (x) => {
      const prices = await x.ok('logistics', 'GET', '/api/declPrice', { query: { size: 200 } });
      const held = prices.content.find((p: { lineId: number }) => p.lineId === x.rows.line.id);
      if (held) await x.ok('logistics', 'DELETE', '/api/declPrice', { body: [held.id] });
      return { lineId: x.rows.line.id, premiumRate: '1.03', declaredCurrency: 'USD' };
    },
    make: async (x) => {
      const page = await x.ok('logistics', 'GET', '/api/declPrice', { query: { size: 100 } });
      return page.content[0].id;
    },
    update: (_x, id) => ({ id, premiumRate: '1.04' }),
  },
  {
    name: 'assort',
    right: 'logistics',
    create: (x) => ({ declareId: x.rows.declare.id, lineIds: [x.rows.line.id] }),
    make: async (x) =>
      created(x, 'logistics', '/api/assort', { declareId: x.rows.declare.id, lineIds: [x.rows.line.id] }),
    update: (_x, id) => ({ id, remark: '探针' }),
  },
  {
    name: 'examine',
    right: 'shipper',
    create: (x) => ({ declareId: x.rows.declare.id, opinion: '请核对品名' }),
    make: (x) =>
      created(x, 'shipper', '/api/examine', { declareId: x.rows.declare.id, opinion: '请核对数量' }),
    update: (_x, id) => ({ id, opinion: '请核对单价' }),
  },
  {
    name: 'partner',
    right: 'shipper',
    wrong: ['fresh', 'supplier'],
    createWrong: ['supplier'],
    listWrong: ['fresh'],
    create: async (x) => ({ partnerTenantId: (await x.newSupplier()).tenantId }),
    make: async (x) =>
      created(x, 'shipper', '/api/partner', { partnerTenantId: (await x.newSupplier()).tenantId }),
    update: (_x, id) => ({ id, remark: '探针伙伴' }),
  },
  {
    name: 'partnership',
    right: 'shipper',
    wrong: ['fresh', 'supplier'],
    createWrong: ['supplier'],
    listWrong: ['fresh'],
    create: async (x) => ({ partnerTenantId: (await x.newSupplier()).tenantId }),
    make: async (x) =>
      created(x, 'shipper', '/api/partnership', { partnerTenantId: (await x.newSupplier()).tenantId }),
    update: (_x, id) => ({ id, remark: '主供应商' }),
  },
  {
    name: 'feedback',
    right: 'supplier',
    wrong: ['fresh'],
    createWrong: ['anon'],
    writeRight: 'admin',
    writeWrong: ['fresh', 'shipper'],
    create: () => ({ commentsOrFeedback: '装箱单导出很好用', phone: '13800000002' }),
    make: (x) =>
      created(x, 'supplier', '/api/feedback', { commentsOrFeedback: '好用', phone: '13800000002' }),
    update: (_x, id) => ({ id, status: 1 }),
  },
  {
    name: 'directMessages',
    right: 'supplier',
    wrong: ['fresh', 'supplier2'],
    listWrong: ['fresh', 'supplier2'],
    createWrong: ['fresh'],
    create: (x) => ({ toUserId: x.me.shipper.id, content: '铭牌照片已上传' }),
    make: (x) =>
      created(x, 'supplier', '/api/directMessages', { toUserId: x.me.shipper.id, content: '合格证已上传' }),
    update: (_x, id) => ({ id, content: '合格证和铭牌已上传' }),
  },
  {
    name: 'functionPermission',
    right: 'admin',
    wrong: ['fresh', 'shipper'],
    create: (x) => ({
      menuId: x.rows.menuId,
      belongEnd: 0,
      belongMenu: 'project',
      functionName: `probe${next()}`,
      functionTitle: '探针',
    }),
    make: (x) =>
      created(x, 'admin', '/api/functionPermission', {
        menuId: x.rows.menuId,
        belongEnd: 0,
        belongMenu: 'project',
        functionName: `probe${next()}`,
        functionTitle: '探针',
      }),
    update: (_x, id) => ({ id, description: '探针改' }),
  },
  {
    name: 'deliveryEntrust',
    right: 'shipper',
    create: (x) => entrustForm(x.batch['JKT2-B004']),
    make: (x) => created(x, 'shipper', '/api/deliveryEntrust', entrustForm(x.batch['JKT2-B005'])),
    update: (_x, id) => ({ id, consignee: 'PT Probe' }),
  },
  {
    name: 'billLading',
    right: 'logistics',
    create: (x) => ({ batchId: x.batch['JKT2-B008'], blNumber: 'COSU-P-1' }),
    make: (x) =>
      created(x, 'logistics', '/api/billLading', {
        batchId: x.batch['JKT2-B007'],
        blNumber: `COSU-P-${next()}`,
      }),
    update: (_x, id) => ({ id, notifyParty: 'Same as consignee' }),
  },
  {
    name: 'reconciliation',
    right: 'logistics',
    create: (x) => ({ batchId: x.batch['JKT2-B004'], statementNo: `ST-P${next()}`, lines: x.rows.lines }),
    make: (x) => x.statement(),
    update: (x, id) => ({ id, lines: x.rows.lines }),
  },
  {
    name: 'file',
    right: 'supplier',
    createWrong: ['anon'],
    create: () => ({}),
    make: (x) => x.fileId('supplier'),
    update: (_x, id) => ({ id, name: '发票扫描.png' }),
  },
  {
    name: 'batchPartner',
    right: 'shipper',
    list: '/api/viewProjectBatchPartner',
    create: (x) => ({ batchId: x.batch['JKT2-B001'], partnerTenantId: x.me.supplier2.tenantId }),
    make: async (x) => {
      const rows = await x.ok('shipper', 'GET', '/api/viewProjectBatchPartner', {
        query: { batchId: x.batch['JKT2-B001'], size: 200 },
      });
      const row = rows.content.find(
        (b: { partnerTenantId: number }) => b.partnerTenantId === x.me.supplier2.tenantId,
      );
      if (row) return row.id as number;
      return created(x, 'shipper', '/api/batchPartner', {
        batchId: x.batch['JKT2-B001'],
        partnerTenantId: x.me.supplier2.tenantId,
      });
    },
    update: (_x, id) => ({ id, remark: '探针' }),
  },
  {
    name: 'customsCode',
    right: 'admin',
    wrong: ['fresh', 'shipper'],
    listWrong: ['anon'],
    create: () => ({ code: '8544492900', name: '其他电缆', unit1: '千克' }),
    make: (x) =>
      created(x, 'admin', '/api/customsCode', {
        code: `854449${1000 + next()}`,
        name: '探针电缆',
        unit1: '千克',
      }),
    update: (_x, id) => ({ id, remark: '探针' }),
  },
  {
    name: 'materialCode',
    right: 'supplier',
    create: () => ({ code: `MC-${next()}`, name: '探针物料', hsCode: '850423' }),
    make: (x) => created(x, 'supplier', '/api/materialCode', { code: `MC-${next()}`, name: '探针物料二' }),
    update: (_x, id) => ({ id, name: '探针物料改' }),
  },
  {
    name: 'voucherProcess',
    right: 'shipper',
    create: (x) => x.voucherBody(),
    // A voucher is submitted as it is made; the provider's rejection gives it back to the shipper to change.
    make: async (x) => {
      const id = await created(x, 'shipper', '/api/voucherProcess', await x.voucherBody());
      await x.ok('logistics', 'POST', '/api/voucherProcess/reject', { body: { id, reason: '到账金额不符' } });
      return id;
    },
    update: (_x, id) => ({ id, bankReference: 'BOC-P2' }),
  },
  {
    name: 'userboxtype',
    right: 'supplier',
    create: () => ({
      name: '探针木箱',
      packageType: 'wooden_case',
      length: 2000,
      width: 1000,
      height: 1200,
      tareWeight: 80,
    }),
    make: (x) =>
      created(x, 'supplier', '/api/userboxtype', {
        name: '探针木箱二',
        packageType: 'wooden_case',
        length: 1000,
        width: 800,
        height: 600,
      }),
    update: (_x, id) => ({ id, name: '探针木箱改' }),
  },
  // Listed under "Also" without verbs: views and statistics, read only.
  { name: 'changeRecord', right: 'shipper', verbs: ['GET'] },
  {
    name: 'batchIntransitLive',
    right: 'shipper',
    verbs: ['GET'],
    listQuery: (x) => ({ batchId: x.batch['CTG4-B001'] }),
  },
  {
    name: 'boxPieceIntransitLive',
    right: 'shipper',
    verbs: ['GET'],
    listQuery: (x) => ({ boxPieceId: x.rows.delivered[0].id }),
  },
  { name: 'usersstatistics', right: 'admin', wrong: ['fresh', 'shipper'], verbs: ['GET'] },
  { name: 'projectstatistics', right: 'admin', wrong: ['fresh', 'shipper'], verbs: ['GET'] },
  { name: 'toolsstatistics', right: 'admin', wrong: ['fresh', 'shipper'], verbs: ['GET'] },
];

for (const f of families) {
  const base = `/api/${f.name}`;
  const verbs = f.verbs ?? ['GET', 'POST', 'PUT', 'DELETE'];
  const wrong = f.wrong ?? ['fresh'];
  const make = f.make;
  const update = f.update;
  const create = f.create;
  if (verbs.includes('GET'))
    probes.push({
      method: 'GET',
      path: f.list ?? base,
      right: f.right,
      wrong: f.listWrong ?? wrong,
      req: (x) => ({ query: { page: 0, size: 200, ...(f.listQuery?.(x) ?? {}) } }),
    });
  if (verbs.includes('POST') && create)
    probes.push({
      method: 'POST',
      path: base,
      right: f.right,
      wrong: f.createWrong ?? wrong,
      req: async (x) => (f.name === 'file' ? { upload: true } : { body: await create(x) }),
    });
  if (verbs.includes('PUT') && make && update)
    probes.push({
      method: 'PUT',
      path: base,
      right: f.writeRight ?? f.right,
      wrong: f.writeWrong ?? wrong,
      req: async (x) => ({ body: update(x, await make(x)) }),
    });
  if (verbs.includes('DELETE') && make)
    probes.push({
      method: 'DELETE',
      path: base,
      right: f.writeRight ?? f.right,
      wrong: f.writeWrong ?? wrong,
      req: async (x) => ({ body: [await make(x)], query: f.deleteQuery }),
    });
}

// The extra actions, listings and special actions of §7.
probes.push(
  {
    method: 'POST',
    path: '/api/projectContractFile/createBatch',
    right: 'shipper',
    req: async (x) => ({ body: { contractId: x.rows.contract.id, fileIds: [await x.fileId('shipper')] } }),
  },
  {
    method: 'POST',
    path: '/api/boxPieceDetail/createDetail',
    right: 'supplier',
    req: (x) => ({
      body: {
        box: { ...x.rows.carton, batchId: x.rows.sBatch },
        items: [{ suppliesId: x.rows.sRow, quantity: 1 }],
      },
    }),
  },
  {
    method: 'POST',
    path: '/api/boxPieceDetail/removeDetail',
    right: 'supplier',
    req: async (x) => {
      const box = await x.ok('supplier', 'POST', '/api/boxPieceDetail/createDetail', {
        body: {
          box: { ...x.rows.carton, batchId: x.rows.sBatch },
          items: [{ suppliesId: x.rows.sRow, quantity: 1 }],
        },
      });
      return { body: [box.contents[0].id] };
    },
  },
  {
    method: 'POST',
    path: '/api/boxPieceDetail/batchUpdate',
    right: 'supplier',
    req: async (x) => {
      const box = await x.ok('supplier', 'POST', '/api/boxPieceDetail/createDetail', {
        body: {
          box: { ...x.rows.carton, batchId: x.rows.sBatch },
          items: [{ suppliesId: x.rows.sRow, quantity: 1 }],
        },
      });
      return { body: [{ id: box.contents[0].id, quantity: 1 }] };
    },
  },
  {
    method: 'GET',
    path: '/api/deliveryEntrust/last',
    right: 'shipper',
    req: (x) => ({ query: { batchId: x.batch['JKT2-B004'] } }),
  },
  {
    method: 'GET',
    path: '/api/deliveryEntrust/queryshipname',
    right: 'shipper',
    wrong: ['anon'],
    req: () => ({ query: { shiName: 'COSCO' } }),
  },
  {
    method: 'POST',
    path: '/api/reconciliation/submit',
    right: 'logistics',
    req: async (x) => ({ body: { id: await x.statement() } }),
  },
  {
    method: 'POST',
    path: '/api/reconciliation/reject',
    right: 'shipper',
    wrong: ['fresh', 'logistics'],
    req: async (x) => {
      const id = await x.statement();
      await x.ok('logistics', 'POST', '/api/reconciliation/submit', { body: { id } });
      return { body: { id, reason: '运费单价不对' } };
    },
  },
  { method: 'GET', path: '/api/viewTallySheet', right: 'logistics', req: () => ({ query: { size: 200 } }) },
  {
    method: 'PUT',
    path: '/api/tallySheet',
    right: 'logistics',
    req: (x) => ({ body: { id: x.rows.tally[0].id, status: 1 } }),
  },
  {
    method: 'POST',
    path: '/api/tallySheet/batchUpdate',
    right: 'logistics',
    req: (x) => ({ body: { ids: [x.rows.tally[1].id], status: 1 } }),
  },
  {
    method: 'GET',
    path: '/api/tallySheet/synchPacklist',
    right: 'logistics',
    req: (x) => ({ query: { batchId: x.rows.tally[0].batchId } }),
  },
  { method: 'GET', path: '/api/customsClearanceLive', right: 'shipper' },
  {
    method: 'PUT',
    path: '/api/customsClearanceLive',
    right: 'logistics',
    req: (x) => ({ body: { id: x.rows.clearance.id, remark: '探针' } }),
  },
  {
    method: 'POST',
    path: '/api/customsClearanceLive/declare',
    right: 'logistics',
    req: (x) => ({
      body: { batchId: x.rows.clearance.batchId, event: 'inspect', date: iso(0), place: 'IDJKT' },
    }),
  },
  { method: 'GET', path: '/api/document', right: 'supplier' },
  {
    method: 'POST',
    path: '/api/document',
    right: 'supplier',
    req: async (x) => ({
      body: {
        batchId: x.batch['JKT2-B001'],
        docType: 'commercial_invoice',
        docNo: `CI-P${next()}`,
        name: '商业发票',
        fileIds: [await x.fileId('supplier')],
      },
    }),
  },
  {
    method: 'DELETE',
    path: '/api/document',
    right: 'supplier',
    req: async (x) => ({ body: [await x.document()] }),
  },
  {
    method: 'POST',
    path: '/api/document/batchAdd',
    right: 'logistics',
    req: async (x) => ({
      body: [
        {
          batchId: x.batch['JKT2-B001'],
          docType: 'bill_of_lading',
          name: 'B/L',
          fileIds: [await x.fileId('logistics')],
        },
      ],
    }),
  },
  {
    method: 'GET',
    path: '/api/document/queryById',
    right: 'supplier',
    req: async (x) => ({ query: { id: await x.document() } }),
  },
  {
    method: 'GET',
    path: '/api/document/viewDocument',
    right: 'supplier',
    req: async (x) => {
      const id = await x.document();
      const doc = await x.ok('supplier', 'GET', '/api/document/queryById', { query: { id } });
      return { query: { id, fileId: doc.files?.[0]?.id ?? doc.fileIds?.[0] } };
    },
  },
  { method: 'GET', path: '/api/file', right: 'supplier' },
  {
    method: 'POST',
    path: '/api/file/batchCreate',
    right: 'supplier',
    wrong: ['anon'],
    req: () => ({ upload: { name: 'page1.png' } }),
  },
  {
    method: 'GET',
    path: '/api/batchPartner/getBatchId',
    right: 'shipper',
    req: (x) => ({ query: { batchId: x.batch['JKT2-B001'] } }),
  },
  {
    method: 'POST',
    path: '/api/batchPartner/updateStatus',
    right: 'shipper',
    wrong: ['fresh', 'supplier'],
    req: (x) => ({ body: { id: x.rows.bp.id, event: 'complete' } }),
  },
  { method: 'GET', path: '/api/enterpriseInfo', right: 'shipper' },
  {
    method: 'POST',
    path: '/api/enterpriseInfo',
    right: 'admin',
    wrong: ['fresh', 'shipper'],
    req: () => ({ body: { corporateName: '探针新公司', roleType: 1 } }),
  },
  {
    method: 'PUT',
    path: '/api/enterpriseInfo',
    right: 'shipper',
    wrong: ['fresh', 'supplier'],
    req: (x) => ({ body: { id: x.me.shipper.tenantId, address: '北京市海淀区' } }),
  },
  {
    method: 'GET',
    path: '/api/enterpriseInfo/queryById',
    right: 'shipper',
    req: (x) => ({ query: { id: x.me.shipper.tenantId } }),
  },
  {
    method: 'GET',
    path: '/api/enterpriseInfo/getCustomer',
    right: 'shipper',
    wrong: ['supplier'],
    req: () => ({ query: { phone: '13800000002' } }),
  },
  {
    method: 'POST',
    path: '/api/enterpriseInfo/acceptInvite',
    right: 'invitee',
    wrong: ['fresh', 'supplier2'],
    req: async (x) => {
      const invitee = await x.newSupplier();
      x.tok.invitee = invitee.token;
      const inv = await x.ok('shipper', 'POST', '/api/partnership/invite', {
        body: { phone: invitee.phone },
      });
      return { body: { id: inv.id } };
    },
  },
  { method: 'GET', path: '/api/tenantUser', right: 'admin', wrong: ['fresh', 'shipper'] },
  {
    method: 'PUT',
    path: '/api/tenantUser',
    right: 'admin',
    wrong: ['fresh', 'shipper'],
    req: (x) => ({ body: { id: x.me.trial.tenantId, address: '杭州市西湖区' } }),
  },
  {
    method: 'GET',
    path: '/api/tenantUser/queryById',
    right: 'admin',
    wrong: ['fresh', 'shipper'],
    req: (x) => ({ query: { id: x.me.trial.tenantId } }),
  },
  {
    method: 'POST',
    path: '/api/tenantUser/authorization',
    right: 'admin',
    wrong: ['fresh', 'shipper'],
    req: (x) => ({ body: { id: x.me.supplier2.tenantId, days: 30 } }),
  },
  {
    method: 'POST',
    path: '/api/tenantUser/checkTenant',
    right: 'admin',
    wrong: ['fresh', 'shipper'],
    req: async (x) => ({ body: { id: await x.certified() } }),
  },
  {
    method: 'POST',
    path: '/api/tenantUser/uncheckTenant',
    right: 'admin',
    wrong: ['fresh', 'shipper'],
    req: async (x) => ({ body: { id: await x.certified(), reason: '营业执照不清晰' } }),
  },
  {
    method: 'POST',
    path: '/api/tenantUser/stopTenant',
    right: 'admin',
    wrong: ['fresh', 'shipper'],
    req: (x) => ({ body: { id: x.rows.regTenant } }),
  },
  {
    method: 'POST',
    path: '/api/tenantUser/activate',
    right: 'admin',
    wrong: ['fresh', 'shipper'],
    req: (x) => ({ body: { id: x.rows.regTenant } }),
  },
  {
    method: 'POST',
    path: '/api/tenantUser/adduser',
    right: 'admin',
    wrong: ['fresh', 'shipper'],
    req: (x) => ({
      body: {
        tenantId: x.me.supplier2.tenantId,
        username: `probeuser${next()}`,
        password: 'Supplier@2026',
        phone: `136000000${10 + next()}`,
      },
    }),
  },
  {
    method: 'DELETE',
    path: '/api/tenantUser',
    right: 'admin',
    wrong: ['fresh', 'shipper'],
    req: async (x) => ({
      body: [
        await created(x, 'admin', '/api/enterpriseInfo', {
          corporateName: `探针空公司${next()}`,
          roleType: 1,
        }),
      ],
    }),
  },
  { method: 'GET', path: '/api/users', right: 'shipper' },
  {
    method: 'PUT',
    path: '/api/users',
    right: 'shipper',
    req: async (x) => ({ body: { id: await x.staff(), nickName: '探针员工' } }),
  },
  {
    method: 'POST',
    path: '/api/users/deleteuser',
    right: 'shipper',
    req: async (x) => ({ body: [await x.staff()] }),
  },
  {
    method: 'PUT',
    path: '/api/users/enable',
    right: 'shipper',
    req: async (x) => ({ body: { ids: [await x.staff()] } }),
  },
  {
    method: 'PUT',
    path: '/api/users/unenable',
    right: 'shipper',
    req: async (x) => ({ body: [await x.staff()] }),
  },
  { method: 'DELETE', path: '/api/roles', right: 'shipper', req: async (x) => ({ body: [await x.role()] }) },
  {
    method: 'GET',
    path: '/api/roles/:id',
    right: 'shipper',
    req: async (x) => ({ path: `/api/roles/${await x.role()}` }) as Req,
  },
  { method: 'GET', path: '/api/dept', right: 'shipper' },
  {
    method: 'DELETE',
    path: '/api/dept',
    right: 'shipper',
    req: async (x) => ({
      body: [await created(x, 'shipper', '/api/dept', { name: `探针部${next()}`, pid: x.rows.rootDept })],
    }),
  },
  { method: 'GET', path: '/api/log', right: 'shipper' },
  {
    method: 'POST',
    path: '/api/log',
    right: 'shipper',
    wrong: ['anon'],
    req: () => ({
      body: { description: '前端错误', logType: 'ERROR', exceptionDetail: 'TypeError: x is undefined' },
    }),
  },
  {
    method: 'GET',
    path: '/api/creditCarddInformation',
    right: 'supplier',
    req: () => ({ query: { page: 0, size: 100000 } }),
  },
  {
    method: 'POST',
    path: '/api/creditCarddInformation',
    right: 'supplier2',
    wrong: ['anon'],
    req: () => ({
      body: {
        bankName: '招商银行',
        bankAccount: '6214 8301 2345 679',
        swiftCode: 'CMBCCNBS',
        currency: 'CNY',
      },
    }),
  },
  {
    method: 'PUT',
    path: '/api/creditCarddInformation',
    right: 'supplier',
    req: async (x) => ({ body: { id: await x.card(), bankName: '中国银行' } }),
  },
  { method: 'GET', path: '/api/abnormalRecord', right: 'shipper' },
  {
    method: 'POST',
    path: '/api/abnormalRecord',
    right: 'shipper',
    req: (x) => ({
      body: { boxPieceId: x.rows.received[0].id, abnormalType: 'damage', note: '木箱一角破损' },
    }),
  },
  { method: 'GET', path: '/api/messageCenter', right: 'supplier', wrong: ['anon'] },
  { method: 'GET', path: '/api/messageCenter/getCount', right: 'supplier', wrong: ['anon'] },
  { method: 'GET', path: '/api/messageCenter/getMessageByCurrent', right: 'supplier', wrong: ['anon'] },
  { method: 'POST', path: '/api/messageCenter/removeCount', right: 'supplier', wrong: ['anon'] },
  { method: 'GET', path: '/api/viewRecord/getReadList', right: 'supplier' },
  {
    method: 'POST',
    path: '/api/viewRecord/readMessage',
    right: 'supplier',
    wrong: ['fresh', 'supplier2'],
    req: (x) => ({ body: { messageId: x.rows.message.id } }),
  },
  {
    method: 'POST',
    path: '/api/sysRolesFunction/buildSysRoleFunction',
    right: 'shipper',
    wrong: ['fresh', 'supplier'],
    req: async (x) => ({ body: { roleId: await x.role(), functionPermissionIds: x.rows.fpIds } }),
  },
  {
    method: 'GET',
    path: '/api/importTemplate/getByTemplateType',
    right: 'supplier',
    wrong: ['anon'],
    req: () => ({ query: { templateType: 'supplies' } }),
  },
  // Listings
  {
    method: 'GET',
    path: '/api/projectBatch',
    right: 'shipper',
    req: () => ({ query: { sort: ['status,asc', 'createTime,desc'] } }),
  },
  {
    method: 'GET',
    path: '/api/viewProjectBatchPartner',
    right: 'shipper',
    req: () => ({ query: { sort: 'bpStatus,asc' } }),
  },
  { method: 'GET', path: '/api/viewFunctionPermissionMenu', right: 'admin', wrong: ['supplier'] },
  {
    method: 'GET',
    path: '/api/viewProjectSupplier',
    right: 'shipper',
    req: (x) => ({ query: { projectId: x.projectId } }),
  },
  { method: 'GET', path: '/api/viewProjectBatchSupplier', right: 'shipper' },
  {
    method: 'GET',
    path: '/api/viewBoxPieceContainer',
    right: 'shipper',
    req: (x) => ({ query: { batchId: x.batch['JKT2-B007'] } }),
  },
  {
    method: 'GET',
    path: '/api/viewBoxPieceContainer/groupByContainer',
    right: 'shipper',
    req: (x) => ({ query: { batchId: x.batch['JKT2-B007'] } }),
  },
  {
    method: 'GET',
    path: '/api/viewBoxPieceAbnormal',
    right: 'shipper',
    req: (x) => ({ query: { batchId: x.batch['JKT2-B007'] } }),
  },
  {
    method: 'GET',
    path: '/api/viewBoxAccessoryContainer',
    right: 'shipper',
    req: (x) => ({ query: { batchId: x.batch['JKT2-B007'] } }),
  },
  // supplies
  {
    method: 'GET',
    path: '/api/supplies/back/:id',
    right: 'shipper',
    wrong: ['fresh', 'supplier'],
    req: (x) =>
      ({ path: `/api/supplies/back/${x.rows.submittedList}`, query: { reason: '数量不对' } }) as Req,
  },
  {
    method: 'GET',
    path: '/api/supplies/tag/:id',
    right: 'supplier2',
    req: async (x) => ({ path: `/api/supplies/tag/${await x.draftRow()}` }),
  },
  {
    method: 'GET',
    path: '/api/supplies/queryById',
    right: 'supplier',
    req: (x) => ({ query: { id: x.rows.sRow } }),
  },
  {
    method: 'GET',
    path: '/api/supplies/sendHsCode/:id',
    right: 'supplier2',
    req: async (x) => ({
      path: `/api/supplies/sendHsCode/${await x.draftRow()}`,
      query: { hsCode: '854449' },
    }),
  },
  {
    method: 'GET',
    path: '/api/supplies/hsPreentryExport',
    right: 'supplier',
    req: (x) => ({ query: { batchId: x.rows.sBatch } }),
  },

  {
    method: 'POST',
    path: '/api/supplies/upateSourceLand',
    right: 'supplier2',
    req: async (x) => ({ body: { ids: [await x.draftRow()], originCountry: 'DE' } }),
  },
  {
    method: 'POST',
    path: '/api/supplies/suppliesListImport',
    right: 'supplier',
    req: async (x) => ({
      upload: {
        name: 'list.xlsx',
        fields: { batchId: x.batch['JKT2-B003'], taskId: 'spec-calls-import' },
        file: await importBook(),
      },
    }),
  },
  {
    method: 'GET',
    path: '/api/supplies/getImportProgress',
    right: 'supplier',
    req: () => ({ query: { taskId: 'spec-calls-import' } }),
  },
  {
    method: 'POST',
    path: '/api/supplies/submitCustomer',
    right: 'supplier2',
    req: (x) => ({ body: { batchId: x.rows.s2Batch } }),
  },

  // projectContract
  {
    method: 'GET',
    path: '/api/projectContract/commitByNumber/:n',
    right: 'shipper',
    req: (x) =>
      ({
        path: `/api/projectContract/commitByNumber/${encodeURIComponent(x.rows.contract.contractNumber)}`,
      }) as Req,
  },
  {
    method: 'GET',
    path: '/api/viewProjectContract/queryById',
    right: 'shipper',
    req: (x) => ({ query: { id: x.rows.contract.id } }),
  },
  {
    method: 'GET',
    path: '/api/viewProjectContract/queryByProId',
    right: 'shipper',
    req: (x) => ({ query: { proid: x.projectId } }),
  },
  // boxPiece
  {
    method: 'POST',
    path: '/api/boxPiece/offLoad',
    right: 'supplier',
    req: (x) => ({
      body: { batchId: x.batch['JKT2-B004'], boxPieceId: x.rows.loaded[0].id, reason: '超高，换车' },
    }),
  },
  {
    method: 'POST',
    path: '/api/boxPiece/backSupplier',
    right: 'shipper',
    wrong: ['fresh', 'supplier'],
    req: (x) => ({ body: { ids: [x.rows.received[1].id], reason: '外箱破损严重' } }),
  },
  {
    method: 'POST',
    path: '/api/boxPiece/undoDelivery',
    right: 'logistics',
    wrong: ['fresh', 'supplier'],
    req: (x) => ({ body: { ids: [x.rows.delivered[0].id], reason: '送错地点' } }),
  },
  {
    method: 'POST',
    path: '/api/boxPiece/undoReceive',
    right: 'shipper',
    wrong: ['fresh', 'supplier'],
    req: (x) => ({ body: { ids: [x.rows.received[2].id], reason: '扫错箱' } }),
  },
  {
    method: 'GET',
    path: '/api/boxPiece/checkShipment',
    right: 'supplier',
    req: (x) => ({ query: { batchId: x.batch['JKT2-B004'] } }),
  },
  {
    method: 'POST',
    path: '/api/boxPiece/batchUpdate',
    right: 'supplier',
    req: async (x) => ({ body: [{ id: await x.emptyBox(), remark: '批量一' }] }),
  },
  {
    method: 'POST',
    path: '/api/boxPiece/batchUpdateBySubmit',
    right: 'supplier',
    req: async (x) => ({ body: { ids: [await x.packedBox()] } }),
  },
  {
    method: 'POST',
    path: '/api/boxPiece/submitCustomer',
    right: 'supplier',
    req: async (x) => {
      // Empty drafts left by the probes above would hold the packing list back: they go first.
      const drafts = await x.ok('supplier', 'GET', '/api/boxPiece', {
        query: { batchId: x.rows.sBatch, size: 200 },
      });
      const empty = drafts.content.filter(
        (b: { status: number; contents?: unknown[] }) => b.status === 0 && !b.contents?.length,
      );
      if (empty.length)
        await x.ok('supplier', 'DELETE', '/api/boxPiece', { body: empty.map((b: { id: number }) => b.id) });
      await x.packedBox();
      return { query: { batchId: x.rows.sBatch, partnetId: x.me.supplier.tenantId } };
    },
  },
  {
    method: 'GET',
    path: '/api/boxPiece/queryById',
    right: 'supplier',
    req: (x) => ({ query: { id: x.rows.loaded[0].id } }),
  },
  {
    method: 'GET',
    path: '/api/boxPiece/queryByBatchId',
    right: 'shipper',
    req: (x) => ({ query: { batchId: x.batch['JKT2-B004'] } }),
  },
  {
    method: 'GET',
    path: '/api/boxPiece/queryByBoxId',
    right: 'shipper',
    req: (x) => ({ query: { boxId: x.rows.loaded[0].token } }),
  },
  {
    method: 'POST',
    path: '/api/container/undoPacking',
    right: 'logistics',
    wrong: ['fresh', 'supplier'],
    req: (x) => ({ body: { boxPieceIds: [x.rows.stuffed[0].id], reason: '重心偏移，重新配载' } }),
  },
  {
    method: 'POST',
    path: '/api/accessoryInfo/undoLoading',
    right: 'supplier',
    req: (x) => ({ body: { id: x.rows.loadedVehicle, reason: '换车' } }),
  },
  {
    method: 'POST',
    path: '/api/assort/undoAssort',
    right: 'logistics',
    req: async (x) => {
      await x
        .ok('logistics', 'POST', '/api/assort', {
          body: { declareId: x.rows.declare.id, lineIds: [x.rows.line.id] },
        })
        .catch(() => undefined);
      return { body: { declareId: x.rows.declare.id } };
    },
  },
  // projectBatch and project
  {
    method: 'GET',
    path: '/api/projectBatch/batchExport',
    right: 'shipper',
    req: (x) => ({ query: { exportParam: JSON.stringify({ projectId: x.projectId }) } }),
  },
  {
    method: 'GET',
    path: '/api/projectBatch/queryById',
    right: 'shipper',
    req: (x) => ({ query: { id: x.batch['JKT2-B001'] } }),
  },
  {
    method: 'GET',
    path: '/api/projectBatch/queryListByProId',
    right: 'shipper',
    req: (x) => ({ query: { proId: x.projectId } }),
  },
  {
    method: 'GET',
    path: '/api/projectBatch/queryBatchById',
    right: 'shipper',
    req: (x) => ({ query: { id: x.batch['JKT2-B001'] } }),
  },
  {
    method: 'GET',
    path: '/api/project/queryListByTenantId',
    right: 'shipper',
    req: (x) => ({ query: { tenantId: x.me.shipper.tenantId } }),
  },
  {
    method: 'GET',
    path: '/api/project/queryByProName',
    right: 'shipper',
    req: (x) => ({ query: { proName: x.rows.projectName } }),
  },
  {
    method: 'GET',
    path: '/api/project/queryListByUserId',
    right: 'shipper',
    req: (x) => ({ query: { userId: x.me.shipper.id } }),
  },
  // Uploads and linked pages
  {
    method: 'POST',
    path: '/api/file/upload',
    right: 'supplier',
    wrong: ['anon'],
    req: () => ({ upload: true }),
  },
  {
    method: 'POST',
    path: '/api/deploy/upload',
    right: 'admin',
    wrong: ['anon', 'shipper'],
    req: () => ({
      upload: {
        name: 'tradelane-9.9.9.tar.gz',
        fields: { version: '9.9.9' },
        file: gzipSync(Buffer.from('tradelane-9.9.9/package.json\n'.repeat(50))),
      },
    }),
  },
  {
    method: 'POST',
    path: '/api/database/upload',
    right: 'admin',
    wrong: ['anon', 'shipper'],
    req: async (x) => {
      // A company exported, then removed here: its archive brings it back.
      const id = await created(x, 'admin', '/api/enterpriseInfo', {
        corporateName: `探针迁移公司${next()}`,
        roleType: 1,
      });
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/database/export?tenantId=${id}`,
        headers: { authorization: x.tok.admin ?? '' },
      });
      if (res.statusCode !== 200) throw new Error(`export: ${res.statusCode} ${res.body}`);
      await x.ok('admin', 'DELETE', '/api/tenantUser', { body: [id] });
      return { upload: { name: 'company.tradelane.gz', fields: {}, file: res.rawPayload } };
    },
  },
  {
    method: 'POST',
    path: '/api/localStorage/pictures',
    right: 'supplier',
    wrong: ['anon'],
    req: () => ({ upload: true }),
  },
  {
    method: 'POST',
    path: '/api/localStorage',
    right: 'supplier',
    wrong: ['anon'],
    req: () => ({ upload: true }),
  },
  {
    method: 'POST',
    path: '/api/users/updateAvatar',
    right: 'supplier',
    wrong: ['anon'],
    req: () => ({ upload: true }),
  },
  {
    method: 'POST',
    path: '/api/qiNiuContent',
    right: 'supplier',
    wrong: ['anon'],
    req: () => ({ upload: true }),
  },
  // A public link (the monitor page it leads to is the web's, behind its own sign-in): no wrong party.
  { method: 'GET', path: '/druid/index.html', right: 'admin', wrong: [], redirectOk: true },
  { method: 'GET', path: '/swagger-ui.html', right: 'admin', wrong: [], redirectOk: true },
  {
    method: 'POST',
    path: '/api/enterpriseInfo/certification',
    right: 'fresh',
    wrong: ['anon'],
    req: async (x) => {
      const licence = await x.upload('fresh', '/api/file/upload', 'licence.png');
      return {
        body: {
          corporateName: '陌生人贸易公司',
          corporateCode: '91330000MA2XXXXXX1',
          corporateCodeimg: licence.body.url,
          authorizationLetter: licence.body.url,
        },
      };
    },
  },
);

const page = async (who: Party, url: string, query: Req['query'] = {}) =>
  (await c.ok(who, 'GET', url, { query: { size: 200, ...query } })).content as Record<string, unknown>[] &
    // biome-ignore lint/suspicious/noExplicitAny: rows read loosely
    any[];

beforeAll(async () => {
  const tok = await tokensOf(t.app);
  await seedEmptyFamilies(t.app, tok);
  Object.assign(c.tok, tok, { site: await login(t.app, 'site'), anon: undefined });
  for (const p of [
    'admin',
    'shipper',
    'supplier',
    'supplier2',
    'logistics',
    'trial',
    'site',
    'fresh',
  ] as const)
    c.me[p] = await c.ok(p, 'GET', '/api/users/getCurrent');
  for (const b of await page('shipper', '/api/projectBatch')) c.batch[b.batchNumber] = b.id;
  const projects = await page('shipper', '/api/project');
  const jkt = projects.find((p) => String(p.code).startsWith('JKT')) ?? projects[0];
  c.projectId = jkt.id;
  c.rows.projectName = jkt.name;
  c.rows.menuId = (await page('admin', '/api/menus'))[0].id;
  const dicts = await page('admin', '/api/dict');
  c.rows.dictId = (dicts.find((d) => d.name === 'user_status') ?? dicts[0]).id;
  const declares = await page('logistics', '/api/projectDeclare');
  c.rows.declare = declares.find((d) => d.status === 0) ?? declares[0];
  c.rows.line = (await page('logistics', '/api/declareLine', { declareId: c.rows.declare.id }))[0];
  c.rows.contract = (await page('shipper', '/api/projectContract'))[0];
  c.rows.carton = {
    packageType: 'carton',
    length: 1200,
    width: 800,
    height: 900,
    grossWeight: 500,
    netWeight: 450,
  };
  c.rows.sBatch = c.batch['JKT2-B001'];
  c.rows.s2Batch = c.batch['JKT2-B003'];
  const rows = await t.db.select().from(supplies).where(eq(supplies.batchId, c.rows.sBatch));
  c.rows.sRow = rows.find((r) => r.materialCode === 'SE-LV-MNS')?.id;
  c.rows.transit = await c.boxes('JKT2-B006', 3);
  c.rows.unloaded = (await c.boxes('JKT2-B001', 0)).filter((b) => b.status === 1);
  c.rows.loaded = await c.boxes('JKT2-B004', 1);
  c.rows.stuffed = await c.boxes('JKT2-B007', 4);
  c.rows.delivered = await c.boxes('CTG4-B003', 8);
  c.rows.received = await c.boxes('CTG4-B002', 9);
  const vehicles = await page('supplier', '/api/accessoryInfo', { batchId: c.batch['JKT2-B004'] });
  c.rows.loadedVehicle = vehicles[0]?.id;
  c.rows.lines = [
    {
      chargeType: 'ocean_freight',
      description: '海运费',
      quantity: '1',
      unitPrice: '1200',
      currency: 'USD',
      taxRate: '0',
    },
  ];
  c.rows.tally = (await page('logistics', '/api/viewTallySheet')).filter((r) => r.status === 0);
  c.rows.clearance = (await page('logistics', '/api/customsClearanceLive')).find((r) => r.status === 1);
  c.rows.bp = (await page('shipper', '/api/viewProjectBatchPartner')).find((b) => b.bpStatus === 3);
  const inbox = await page('supplier', '/api/messageCenter/getMessageByCurrent');
  c.rows.message = inbox.find((m) => m.tenantId) ?? inbox.find((m) => m.type !== 'announcement') ?? inbox[0];
  c.rows.rootDept = (await page('shipper', '/api/dept'))[0]?.id;
  c.rows.fpIds = (await page('shipper', '/api/viewFunctionPermissionMenu').catch(() => []))
    .slice(0, 2)
    .map((f) => f.id);
  const lists = await page('shipper', '/api/materialList');
  c.rows.submittedList = (lists.find((l) => l.status === 1) ?? lists[0])?.id;
  const reg = await c.ok('anon', 'POST', '/auth/regAndLogin', {
    body: {
      username: 'probe_stop',
      phone: '13912348888',
      email: 'probe-stop@example.org',
      password: 'Probe@20266',
      corporateName: '探针停用公司',
      roleType: 1,
    },
  });
  c.rows.regTenant = (await call(t.app, 'GET', '/api/users/getCurrent', { token: reg.token })).body.tenantId;
}, 120_000);

const REFUSED = [401, 403, 404];
/**
 * 400 answers that are refusals, not slips of the request: a reference to a row the caller may not see,
 * a message to a company that is no partner, a wrong password or reset code.
 */
const REFUSAL_CODES = [
  'resource.bad_reference',
  'dm.not_partner',
  'auth.bad_credentials',
  'auth.reset_code_invalid',
];
const ids = (body: unknown): unknown[] | undefined => {
  const rows = Array.isArray(body) ? body : (body as { content?: unknown })?.content;
  return Array.isArray(rows) ? rows.map((r) => (r as { id?: unknown })?.id) : undefined;
};

interface Result {
  probe: string;
  right: string;
  rightOk: boolean;
  wrong: string[];
  wrongOk: boolean;
}
const results: Result[] = [];

const title = (p: Probe) => `${p.method} ${p.path}`;

describe(`spec §7 calls (${probes.length} probed)`, () => {
  for (const p of probes) {
    const wrong = p.wrong ?? ['fresh'];
    it(`${title(p)}: 2xx as ${p.right}${wrong.length ? `; refused to ${wrong.join(', ')}` : ''}`, async () => {
      const result: Result = { probe: title(p), right: '', rightOk: false, wrong: [], wrongOk: true };
      results.push(result);
      let req: Req = {};
      try {
        req = (await p.req?.(c)) ?? {};
      } catch (err) {
        result.right = `setup: ${(err as Error).message}`;
        throw err;
      }
      const wreq = p.wrongReq ? await p.wrongReq(c) : req;
      const url = req.path ?? p.path;
      const send = (who: Party, r: Req) => c.as(who, p.method, r.path ?? url, r);
      // A write is tried by the wrong parties first (so a delete finds its row), a read after the owner's.
      const wrongAnswers: [Party, Outcome][] = [];
      if (p.method !== 'GET') for (const w of wrong) wrongAnswers.push([w, await send(w, wreq)]);
      let res = await send(p.right, req);
      // A linked page may redirect to where it is served: the redirect is followed once.
      if (res.status === 302 && res.location && !p.redirectOk) res = await c.as(p.right, 'GET', res.location);
      const isRedirect = p.redirectOk === true && res.status >= 300 && res.status < 400;
      result.rightOk = (res.status >= 200 && res.status < 300) || isRedirect;
      result.right = `${res.status}${result.rightOk ? '' : ` ${JSON.stringify(res.body)?.slice(0, 200)}`}`;
      if (p.method === 'GET') for (const w of wrong) wrongAnswers.push([w, await send(w, wreq)]);
      const owners = ids(res.body);
      for (const [w, a] of wrongAnswers) {
        let refused =
          REFUSED.includes(a.status) || (a.status === 400 && REFUSAL_CODES.includes(a.body?.code));
        // The wrong party's sign-in failure is a 401 too; a list may answer, with none of the owner's rows.
        if (!refused && p.method === 'GET' && a.status === 200 && owners) {
          const theirs = ids(a.body) ?? [];
          refused = theirs.every((id) => !owners.includes(id)) && (owners.length > 0 || theirs.length === 0);
        } else if (!refused && p.method === 'GET' && a.status === 200) {
          // Not a page: the answer must not be the owner's (an empty list, a null, a file of no rows).
          refused =
            a.text !== res.text && !(Array.isArray(a.body) && a.body.length > 0 && a.text === res.text);
        }
        if (!refused) {
          result.wrongOk = false;
          result.wrong.push(`${w}: ${a.status} ${JSON.stringify(a.body)?.slice(0, 160)}`);
        }
      }
      expect.soft(result.rightOk, `${title(p)} as ${p.right}: ${result.right}`).toBe(true);
      expect.soft(result.wrong, `${title(p)} accepted from a wrong party`).toEqual([]);
    });
  }
});

afterAll(() => {
  const works = results.filter((r) => r.rightOk).length;
  const refused = results.filter((r) => r.wrongOk).length;
  const lines = [
    `spec calls: ${probes.length} probed, ${works} work as the right party, ${refused} refused to the wrong one`,
    ...results.filter((r) => !r.rightOk).map((r) => `  FAILS as the right party: ${r.probe} -> ${r.right}`),
    ...results
      .filter((r) => !r.wrongOk)
      .map((r) => `  ACCEPTED from a wrong party: ${r.probe} -> ${r.wrong.join(' | ')}`),
  ];
  console.log(lines.join('\n'));
});

// Projects, partners, batches and contracts: the demo project as each party sees it, the invitation
// flow, batch partners and their progress, contract files, exports and the workbenches.

import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeRecords, messages, partnerships, tenants } from '../src/db/schema.ts';
import { batchPartners, projectBatches, projects, supplies } from '../src/db/schema-project.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp({ DATA_DIR: `/tmp/tradelane-test-project-${process.pid}` });
let tok: Record<string, string>;
const batchId: Record<string, number> = {};
let projectId = 0;

beforeAll(async () => {
  tok = await loginAll(t.app, ['admin', 'shipper', 'supplier', 'supplier2', 'logistics', 'trial']);
  // The demo project JKT2's batches by their short number (the second demo project has its own B001…).
  for (const b of await t.db.select().from(projectBatches))
    if (b.batchNumber.startsWith('JKT2-')) batchId[b.batchNumber.slice(-4)] = b.id;
  [{ id: projectId }] = await t.db.select({ id: projects.id }).from(projects);
});

const numbers = (rows: { batchNumber: string }[]) => rows.map((r) => r.batchNumber);

describe('what holds material rows is not removed', () => {
  it("a batch with rows, and a supplier's place on a batch where it has rows, stay", async () => {
    const [row] = await t.db.select().from(supplies).where(eq(supplies.batchId, batchId.B001)).limit(1);
    expect(row).toBeDefined();
    const batch = await call(t.app, 'DELETE', '/api/projectBatch', {
      token: tok.shipper,
      body: [batchId.B001],
      lang: 'en',
    });
    expect(batch.status).toBe(400);
    expect(batch.body.code).toBe('resource.in_use');
    expect(batch.body.message).toContain('JKT2-B001');
    const place = (
      await t.db.select().from(batchPartners).where(eq(batchPartners.batchId, batchId.B001))
    ).find((p) => p.partnerTenantId === row.supplierTenantId);
    expect(place).toBeDefined();
    const partner = await call(t.app, 'DELETE', '/api/batchPartner', {
      token: tok.shipper,
      body: [place?.id],
      lang: 'zh',
    });
    expect(partner.status).toBe(400);
    expect(partner.body.code).toBe('batch.has_materials');
    // Nothing was removed.
    expect(await t.db.select().from(projectBatches).where(eq(projectBatches.id, batchId.B001))).toHaveLength(
      1,
    );
    expect(
      await t.db
        .select()
        .from(batchPartners)
        .where(eq(batchPartners.id, place?.id ?? 0)),
    ).toHaveLength(1);
  });
});

describe('the demo project as each party sees it', () => {
  it('projects: the shipper and its partners see it, another shipper does not', async () => {
    // Both demo projects of the shipper; each partner serves batches of both.
    for (const who of ['admin', 'shipper', 'supplier', 'supplier2', 'logistics']) {
      const res = await call(t.app, 'GET', '/api/project', { token: tok[who] });
      expect(res.status, who).toBe(200);
      expect(
        res.body.content.map((p: { code: string }) => p.code),
        who,
      ).toEqual(['JKT-PP2', 'CTG-SS4']);
    }
    expect((await call(t.app, 'GET', '/api/project', { token: tok.shipper })).body.content[0]).toMatchObject({
      name: '雅加达电厂二期',
      enName: 'Jakarta Power Plant Phase II',
      tenantName: '中建国际工程有限公司',
    });
    const trial = await call(t.app, 'GET', '/api/project', { token: tok.trial });
    expect(trial.body).toEqual({ content: [], totalElements: 0 });
  });

  it('batches: sorted by status then newest; a supplier sees only its batches', async () => {
    // The project's batches: two collecting materials, one packing, five under way (the logistics demo).
    const inProject = { projectId };
    const shipper = await call(t.app, 'GET', '/api/projectBatch', { token: tok.shipper, query: inProject });
    expect(numbers(shipper.body.content)).toEqual([
      'JKT2-B003',
      'JKT2-B002',
      'JKT2-B001',
      'JKT2-B004',
      'JKT2-B005',
      'JKT2-B006',
      'JKT2-B007',
      'JKT2-B008',
    ]);
    expect(shipper.body.content[2]).toMatchObject({
      portOfLoading: 'CNSHA',
      portOfLoadingName: 'Shanghai',
      name: '第一批：主变压器及开关柜',
      enName: 'Lot 1: main transformers and switchgear',
    });
    const byLogistics = await call(t.app, 'GET', '/api/projectBatch', {
      token: tok.shipper,
      query: { ...inProject, sort: 'logisticsStatus,asc' },
    });
    expect(byLogistics.body.totalElements).toBe(8);
    expect(byLogistics.body.content.at(-1).batchNumber).toBe('JKT2-B008');
    const supplierOwn = ['JKT2-B001', 'JKT2-B003', 'JKT2-B004', 'JKT2-B007', 'JKT2-B008'];
    const s1 = await call(t.app, 'GET', '/api/projectBatch', { token: tok.supplier, query: inProject });
    expect(numbers(s1.body.content).sort()).toEqual(supplierOwn);
    const s2 = await call(t.app, 'GET', '/api/projectBatch', { token: tok.supplier2, query: inProject });
    expect(numbers(s2.body.content).sort()).toEqual(['JKT2-B002', 'JKT2-B003', 'JKT2-B005', 'JKT2-B006']);
    const lg = await call(t.app, 'GET', '/api/projectBatch', { token: tok.logistics, query: inProject });
    expect(lg.body.totalElements).toBe(8);
    const list = await call(t.app, 'GET', '/api/projectBatch/queryListByProId', {
      token: tok.supplier,
      query: { proId: projectId },
    });
    expect(numbers(list.body).sort()).toEqual(supplierOwn);
  });

  it('batch partners: a supplier sees its own row and the logistics provider, not the other supplier', async () => {
    const rows = await call(t.app, 'GET', '/api/viewProjectBatchPartner', {
      token: tok.supplier,
      query: { batchId: batchId.B003 },
    });
    const names = rows.body.content.map((r: { partnerName: string }) => r.partnerName).sort();
    expect(names).toEqual(['上海电气设备有限公司', '中远海运国际物流有限公司'].sort());
    const shipper = await call(t.app, 'GET', '/api/viewProjectBatchPartner', {
      token: tok.shipper,
      query: { batchId: batchId.B003 },
    });
    expect(shipper.body.totalElements).toBe(3);
    // Sorted by bpStatus: the started supplier (1) comes after the two not started (0).
    expect(shipper.body.content.map((r: { bpStatus: number }) => r.bpStatus)).toEqual([0, 0, 1]);
    const lg = await call(t.app, 'GET', '/api/batchPartner/getBatchId', {
      token: tok.logistics,
      query: { batchId: batchId.B003 },
    });
    expect(lg.body).toHaveLength(3);
  });

  it('contracts: each counterparty sees its own, with files and names', async () => {
    const inProject = { projectId };
    const shipper = await call(t.app, 'GET', '/api/viewProjectContract', {
      token: tok.shipper,
      query: inProject,
    });
    expect(shipper.body.totalElements).toBe(3);
    const everywhere = await call(t.app, 'GET', '/api/viewProjectContract', { token: tok.supplier });
    expect(everywhere.body.content.map((c: { contractNumber: string }) => c.contractNumber).sort()).toEqual([
      'CTG4-SE-2025-001',
      'JKT2-SE-2026-001',
    ]);
    const s1 = await call(t.app, 'GET', '/api/viewProjectContract', {
      token: tok.supplier,
      query: inProject,
    });
    expect(s1.body.content).toHaveLength(1);
    expect(s1.body.content[0]).toMatchObject({
      contractNumber: 'JKT2-SE-2026-001',
      currency: 'CNY',
      amount: 12860000,
      incoterm: 'FOB',
      supplierName: '上海电气设备有限公司',
      projectName: '雅加达电厂二期',
      files: [],
    });
    const byPro = await call(t.app, 'GET', '/api/viewProjectContract/queryByProId', {
      token: tok.supplier2,
      query: { proid: projectId },
    });
    expect(byPro.body.map((c: { contractNumber: string }) => c.contractNumber)).toEqual(['JKT2-HN-2026-002']);
    const trial = await call(t.app, 'GET', '/api/projectContract', { token: tok.trial });
    expect(trial.body.totalElements).toBe(0);
    const n = await call(t.app, 'GET', '/api/projectContract/commitByNumber/JKT2-SE-2026-001', {
      token: tok.shipper,
    });
    expect(n.body).toMatchObject({ exists: true, contractNumber: 'JKT2-SE-2026-001' });
    const free = await call(t.app, 'GET', '/api/projectContract/commitByNumber/JKT2-NEW', {
      token: tok.shipper,
    });
    expect(free.body.exists).toBe(false);
  });

  it('project queries of spec §7', async () => {
    const current = await call(t.app, 'GET', '/api/project/getProjectIdByCurrent', { token: tok.shipper });
    expect(current.body.projectId).toBe(projectId);
    const byName = await call(t.app, 'GET', '/api/project/queryByProName', {
      token: tok.logistics,
      query: { proName: '雅加达' },
    });
    expect(byName.body).toHaveLength(1);
    const codes = (rows: { code: string }[]) => rows.map((p) => p.code).sort();
    const byTenant = await call(t.app, 'GET', '/api/project/queryListByTenantId', { token: tok.shipper });
    expect(codes(byTenant.body)).toEqual(['CTG-SS4', 'JKT-PP2']);
    const byUser = await call(t.app, 'GET', '/api/project/queryListByUserId', { token: tok.shipper });
    expect(codes(byUser.body)).toEqual(['CTG-SS4', 'JKT-PP2']);
    const trialCurrent = await call(t.app, 'GET', '/api/project/getProjectIdByCurrent', { token: tok.trial });
    expect(trialCurrent.body).toEqual({ projectId: null, project: null });
    const personnel = await call(t.app, 'GET', '/api/viewProjectPersonnel', { token: tok.shipper });
    expect(personnel.body.content[0]).toMatchObject({ username: 'shipper', role: 'manager' });
    expect(JSON.stringify(personnel.body)).not.toMatch(/password|scrypt/i);
  });
});

describe('workbenches, timeline and export', () => {
  it('the project workbench shows progress by party; the batch workbench what waits for whom', async () => {
    const wb = await call(t.app, 'GET', '/api/project/workbench', {
      token: tok.shipper,
      query: { id: projectId },
    });
    expect(wb.status).toBe(200);
    const b2 = wb.body.batches.find((b: { batchNumber: string }) => b.batchNumber === 'JKT2-B002');
    expect(b2.progress).toMatchObject({ suppliers: 1, listsSubmitted: 1, listsConfirmed: 0, rows: 5 });
    expect(b2.waiting).toContainEqual(
      expect.objectContaining({ party: 'shipper', action: 'confirmMaterialList' }),
    );
    const s1 = await call(t.app, 'GET', '/api/project/workbench', {
      token: tok.supplier,
      query: { id: projectId },
    });
    expect(s1.body.batches.map((b: { batchNumber: string }) => b.batchNumber).sort()).toEqual([
      'JKT2-B001',
      'JKT2-B003',
      'JKT2-B004',
      'JKT2-B007',
      'JKT2-B008',
    ]);
    const b3 = s1.body.batches.find((b: { batchNumber: string }) => b.batchNumber === 'JKT2-B003');
    // supplier sees only its own material list on the shared batch
    expect(b3.materialLists).toHaveLength(1);
    const batch = await call(t.app, 'GET', '/api/projectBatch/workbench', {
      token: tok.shipper,
      query: { id: batchId.B001 },
    });
    expect(batch.body.materialLists[0]).toMatchObject({ status: 2, rows: 5 });
    // The material list's events (the demo's declarations have theirs on the same batch timeline).
    expect(
      batch.body.timeline
        .filter((e: { entity: string }) => e.entity === 'materialList')
        .map((e: { action: string }) => e.action),
    ).toEqual(['confirm', 'submit']);
    for (const e of batch.body.timeline) {
      expect(e.byName).toEqual(expect.any(String));
      expect(e.byTenantName).toEqual(expect.any(String));
    }
    const trial = await call(t.app, 'GET', '/api/projectBatch/workbench', {
      token: tok.trial,
      query: { id: batchId.B001 },
    });
    expect(trial.status).toBe(404);
  });

  it('batchExport gives an Excel file of the visible batches in the caller’s language', async () => {
    const res = await call(t.app, 'GET', '/api/projectBatch/batchExport', {
      token: tok.supplier,
      lang: 'en',
      query: { exportParam: JSON.stringify({ projectId }) },
    });
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-type']).toMatch(/spreadsheetml/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.raw.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(1).value).toBe('Batch No.');
    // The header and the supplier's five batches of the project.
    expect(ws.rowCount).toBe(6);
    expect(ws.getRow(2).getCell(1).value).toBe('JKT2-B003');
    const bad = await call(t.app, 'GET', '/api/projectBatch/batchExport', {
      token: tok.shipper,
      query: { exportParam: '{oops' },
    });
    expect(bad.status).toBe(400);
  });
});

describe('partners: invite, accept, decline', () => {
  let newToken = '';
  let newTenant = 0;

  it('a shipper finds a registered supplier by phone and invites it; the modules stay locked until it accepts', async () => {
    const reg = await call(t.app, 'POST', '/auth/regAndLogin', {
      body: {
        username: 'hydro',
        phone: '13912340001',
        email: 'hydro@example.com',
        password: 'Hydro@2026x',
        corporateName: '东方水电设备有限公司',
        roleType: 1,
      },
    });
    expect(reg.status).toBe(201);
    newToken = reg.body.token;
    newTenant = reg.body.user.user.tenantId;
    expect(reg.body.ifparther).toBe(false);
    const locked = await call(t.app, 'GET', '/api/project', { token: newToken, lang: 'en' });
    expect(locked.status).toBe(403);
    expect(locked.body).toMatchObject({
      code: 'partner.required',
      message: 'This feature requires an invitation from a shipper',
    });

    const found = await call(t.app, 'GET', '/api/enterpriseInfo/getCustomer', {
      token: tok.shipper,
      query: { phone: '13912340001' },
    });
    expect(found.body.content).toEqual([
      expect.objectContaining({
        id: newTenant,
        corporateName: '东方水电设备有限公司',
        partnershipStatus: null,
      }),
    ]);
    expect(JSON.stringify(found.body)).not.toMatch(/password|phone/i);
    const bySupplier = await call(t.app, 'GET', '/api/enterpriseInfo/getCustomer', {
      token: tok.supplier,
      query: { keyword: '东方' },
    });
    expect(bySupplier.status).toBe(403);

    const invite = await call(t.app, 'POST', '/api/partnership/invite', {
      token: tok.shipper,
      body: { phone: '13912340001' },
    });
    expect(invite.status).toBe(201);
    expect(invite.body).toMatchObject({ partnerTenantId: newTenant, status: 0, partnerEnd: 1 });
    const again = await call(t.app, 'POST', '/api/partner', {
      token: tok.shipper,
      body: { partnerTenantId: newTenant },
    });
    expect(again.status).toBe(409);
    const info = await call(t.app, 'GET', '/auth/info', { token: newToken });
    expect(info.body.ifparther).toBe(false);
    expect(info.body.partner).toMatchObject({ status: 0 });
    const inbox = await t.db.select().from(messages).where(eq(messages.tenantId, newTenant));
    expect(inbox.map((m) => m.title)).toContain('中建国际工程有限公司 邀请贵司成为合作伙伴');
  });

  it('the invited supplier sees the invitation and accepts it; both sides are told', async () => {
    const pending = await call(t.app, 'GET', '/api/partner', { token: newToken });
    expect(pending.body.content[0]).toMatchObject({
      direction: 'invitedBy',
      otherName: '中建国际工程有限公司',
      status: 0,
    });
    const home = await call(t.app, 'GET', '/api/auxiliary/getHomePageData', { token: newToken });
    expect(home.body.counts.partners).toBe(1);
    expect(home.body.todos).toContainEqual({ key: 'acceptInvitations', count: 1, path: '/userCenter' });
    const other = await call(t.app, 'POST', '/api/enterpriseInfo/acceptInvite', {
      token: tok.supplier2,
      body: { id: pending.body.content[0].id },
    });
    expect(other.status).toBe(404);
    const accept = await call(t.app, 'POST', '/api/enterpriseInfo/acceptInvite', {
      token: newToken,
      body: {},
    });
    expect(accept.status).toBe(200);
    expect(accept.body.status).toBe(1);
    const twice = await call(t.app, 'POST', '/api/enterpriseInfo/acceptInvite', {
      token: newToken,
      body: { id: accept.body.id },
      lang: 'en',
    });
    expect(twice.status).toBe(400);
    expect(twice.body.code).toBe('state.not_allowed');
    const info = await call(t.app, 'GET', '/auth/info', { token: newToken });
    expect(info.body.ifparther).toBe(true);
    const open = await call(t.app, 'GET', '/api/project', { token: newToken });
    expect(open.body).toEqual({ content: [], totalElements: 0 });
    const [shipper] = await t.db
      .select()
      .from(tenants)
      .where(eq(tenants.corporateName, '中建国际工程有限公司'));
    const told = await t.db.select().from(messages).where(eq(messages.tenantId, shipper.id));
    expect(told.map((m) => m.enTitle)).toContain('东方水电设备有限公司 has accepted your invitation');
    const rec = await t.db.select().from(changeRecords).where(eq(changeRecords.entity, 'partnership'));
    expect(rec.map((r) => r.action)).toEqual(expect.arrayContaining(['invite', 'accept']));
  });

  it('the shipper adds the new partner to a batch; a non-partner cannot be added', async () => {
    const add = await call(t.app, 'POST', '/api/batchPartner', {
      token: tok.shipper,
      body: { batchId: batchId.B002, partnerTenantId: newTenant },
    });
    expect(add.status).toBe(201);
    expect(add.body).toMatchObject({ partnerEnd: 1, bpStatus: 0 });
    const dup = await call(t.app, 'POST', '/api/batchPartner', {
      token: tok.shipper,
      body: { batchId: batchId.B002, partnerTenantId: newTenant },
    });
    expect(dup.status).toBe(400);
    const [trialTenant] = await t.db
      .select()
      .from(tenants)
      .where(eq(tenants.corporateName, '浙江远航贸易有限公司'));
    const stranger = await call(t.app, 'POST', '/api/batchPartner', {
      token: tok.shipper,
      body: { batchId: batchId.B002, partnerTenantId: trialTenant.id },
      lang: 'en',
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.message).toBe('This company is not your partner yet: invite it first');
    const seen = await call(t.app, 'GET', '/api/projectBatch', { token: newToken });
    expect(numbers(seen.body.content)).toEqual(['JKT2-B002']);
    // and it cannot see the other supplier's material list there
    const lists = await call(t.app, 'GET', '/api/projectBatch/queryBatchById', {
      token: newToken,
      query: { id: batchId.B002 },
    });
    expect(lists.body.materialLists.map((l: { supplierTenantId: number }) => l.supplierTenantId)).toEqual([
      newTenant,
    ]);
    const del = await call(t.app, 'DELETE', '/api/partner', { token: tok.shipper, body: [999_999] });
    expect(del.status).toBe(404);
    const inUse = await call(t.app, 'DELETE', '/api/partner', {
      token: tok.shipper,
      body: [
        (await t.db.select().from(partnerships).where(eq(partnerships.partnerTenantId, newTenant)))[0].id,
      ],
    });
    expect(inUse.status).toBe(400);
  });

  it('a logistics provider can be declined-then-reinvited; invite by unknown code is a clear 404', async () => {
    const unknown = await call(t.app, 'POST', '/api/partnership/invite', {
      token: tok.shipper,
      body: { corporateCode: 'NO-SUCH-CODE' },
      lang: 'en',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('partner.not_found');
    const empty = await call(t.app, 'POST', '/api/partnership/invite', { token: tok.shipper, body: {} });
    expect(empty.status).toBe(400);
    const reg = await call(t.app, 'POST', '/auth/regAndLogin', {
      body: {
        username: 'fastship',
        phone: '13912340002',
        email: 'fs@example.com',
        password: 'Fastship@2026',
        corporateName: '快航物流有限公司',
        roleType: 2,
      },
    });
    const inv = await call(t.app, 'POST', '/api/partnership/invite', {
      token: tok.shipper,
      body: { corporateName: '快航物流有限公司' },
    });
    expect(inv.body).toMatchObject({ status: 0, partnerEnd: 2 });
    const decline = await call(t.app, 'POST', '/api/partnership/decline', {
      token: reg.body.token,
      body: { id: inv.body.id },
    });
    expect(decline.body.status).toBe(2);
    const info = await call(t.app, 'GET', '/auth/info', { token: reg.body.token });
    expect(info.body.ifparther).toBe(false);
    const re = await call(t.app, 'POST', '/api/partnership/invite', {
      token: tok.shipper,
      body: { partnerTenantId: inv.body.partnerTenantId },
    });
    expect(re.status).toBe(201);
    expect(re.body.status).toBe(0);
  });
});

describe('batch partner progress (updateStatus)', () => {
  it('logistics starts its part; a supplier cannot move list-driven steps by hand; wrong party refused', async () => {
    const [lgRow] = await t.db.select().from(batchPartners).where(eq(batchPartners.batchId, batchId.B002));
    const rows = await t.db.select().from(batchPartners).where(eq(batchPartners.batchId, batchId.B002));
    const logistics = rows.find((r) => r.partnerEnd === 2) ?? lgRow;
    const supplier2 = rows.find((r) => r.partnerEnd === 1 && r.bpStatus === 2);
    const start = await call(t.app, 'POST', '/api/batchPartner/updateStatus', {
      token: tok.logistics,
      body: { id: logistics.id, event: 'start' },
    });
    expect(start.status).toBe(200);
    expect(start.body.bpStatus).toBe(1);
    const byShipper = await call(t.app, 'POST', '/api/batchPartner/updateStatus', {
      token: tok.shipper,
      body: { id: logistics.id, event: 'start' },
    });
    expect(byShipper.status).toBe(400);
    const handConfirm = await call(t.app, 'POST', '/api/batchPartner/updateStatus', {
      token: tok.shipper,
      body: { id: supplier2?.id, event: 'confirm' },
    });
    expect(handConfirm.status).toBe(400);
    const foreign = await call(t.app, 'POST', '/api/batchPartner/updateStatus', {
      token: tok.supplier,
      body: { id: logistics.id, event: 'submit' },
    });
    expect(foreign.status).toBe(404);
    const [after] = await t.db.select().from(batchPartners).where(eq(batchPartners.id, logistics.id));
    expect(after.bpStatus).toBe(1);
  });
});

describe('batch names in both languages', () => {
  it('a batch takes an English name beside the Chinese one, set on create and changed alone', async () => {
    const created = await call(t.app, 'POST', '/api/projectBatch', {
      token: tok.shipper,
      body: { projectId, batchNumber: 'JKT2-B009', name: '第九批：备品备件', enName: 'Lot 9: spare parts' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ name: '第九批：备品备件', enName: 'Lot 9: spare parts' });
    const renamed = await call(t.app, 'PUT', '/api/projectBatch', {
      token: tok.shipper,
      body: { id: created.body.id, enName: 'Lot 9: spares' },
    });
    expect(renamed.status).toBe(200);
    const [row] = await t.db.select().from(projectBatches).where(eq(projectBatches.id, created.body.id));
    expect(row).toMatchObject({ name: '第九批：备品备件', enName: 'Lot 9: spares' });
    const tooLong = await call(t.app, 'PUT', '/api/projectBatch', {
      token: tok.shipper,
      body: { id: created.body.id, enName: 'x'.repeat(201) },
    });
    expect(tooLong.status).toBe(400);
    await call(t.app, 'DELETE', '/api/projectBatch', { token: tok.shipper, body: [created.body.id] });
  });
});

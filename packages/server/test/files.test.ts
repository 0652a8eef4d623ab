import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tenants, users } from '../src/db/schema.ts';
import { projectContracts } from '../src/db/schema-project.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp({ DATA_DIR: `/tmp/tradelane-test-files-${process.pid}` });
let tok: Record<string, string>;

// A real 1×1 PNG.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(filename: string, data: Buffer, fields: Record<string, string> = {}) {
  const boundary = '----tradelane-test-boundary';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
  );
  parts.push(data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(
  token: string,
  filename: string,
  data: Buffer,
  fields: Record<string, string> = {},
  url = '/api/file/upload',
) {
  const body = multipart(filename, data, fields);
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...body.headers, authorization: token },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

beforeAll(async () => {
  tok = await loginAll(t.app, ['trial', 'shipper', 'admin', 'supplier', 'supplier2']);
});

describe('uploads', () => {
  it('stores a file by its real type and serves it back to its tenant only', async () => {
    const res = await upload(tok.trial, '营业执照.png', png, { kind: 'certification' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: '营业执照.png', size: png.length, type: 'image/png' });
    expect(res.body.url).toMatch(/^\/files\/\d+\//);
    const get = await t.app.inject({
      method: 'GET',
      url: res.body.url,
      headers: { authorization: tok.trial },
    });
    expect(get.statusCode).toBe(200);
    expect(get.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(get.rawPayload, png)).toBe(0);
    // The web's token cookie works for <img> tags.
    const byCookie = await t.app.inject({
      method: 'GET',
      url: res.body.url,
      headers: { cookie: `EL-ADMIN-TOEKN=${encodeURIComponent(tok.trial)}` },
    });
    expect(byCookie.statusCode).toBe(200);
    const other = await t.app.inject({
      method: 'GET',
      url: res.body.url,
      headers: { authorization: tok.shipper },
    });
    expect(other.statusCode).toBe(404);
    const admin = await t.app.inject({
      method: 'GET',
      url: res.body.url,
      headers: { authorization: tok.admin },
    });
    expect(admin.statusCode).toBe(200);
    const anon = await t.app.inject({ method: 'GET', url: res.body.url });
    expect(anon.statusCode).toBe(401);
  });

  it('refuses a file whose content is not an accepted type, whatever its name', async () => {
    const res = await upload(tok.trial, 'licence.png', Buffer.from('MZ this is an exe'), {
      kind: 'certification',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('file.bad_type');
  });

  it('refuses a certification file over 10 MB with the size in the message', async () => {
    const big = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const res = await upload(tok.trial, 'big.png', big, { kind: 'certification' });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('文件大小不能超过10M，请重新选择');
  });

  it('an avatar must be jpg/png/bmp within 2 MB', async () => {
    const ok = await upload(tok.shipper, 'me.png', png, {}, '/api/users/updateAvatar');
    expect(ok.status).toBe(200);
    const [u] = await t.db.select().from(users).where(eq(users.username, 'shipper'));
    expect(u.avatarPath).toBe(ok.body.avatarPath);
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const bad = await upload(tok.shipper, 'me.gif', gif, {}, '/api/users/updateAvatar');
    expect(bad.status).toBe(400);
    const big = await upload(
      tok.shipper,
      'big.png',
      Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]),
      {},
      '/api/users/updateAvatar',
    );
    expect(big.status).toBe(413);
  });
});

describe('certification', () => {
  it('needs both papers uploaded by the tenant itself, then goes to review and tells the admins', async () => {
    const licence = await upload(tok.trial, 'licence.png', png, { kind: 'certification' });
    const letter = await upload(tok.trial, 'letter.png', png, { kind: 'certification' });
    const foreign = await upload(tok.shipper, 'x.png', png, { kind: 'certification' });
    const missing = await call(t.app, 'POST', '/api/enterpriseInfo/certification', {
      token: tok.trial,
      body: {
        corporateName: '浙江远航贸易有限公司',
        corporateCode: '91330000MA2XXXXXX1',
        corporateCodeimg: licence.body.url,
        authorizationLetter: '',
      },
    });
    expect(missing.status).toBe(400);
    // Spec §4: one message per missing paper.
    expect(missing.body).toMatchObject({ message: '请上传授权书', field: 'authorizationLetter' });
    const noLicence = await call(t.app, 'POST', '/api/enterpriseInfo/certification', {
      token: tok.trial,
      lang: 'en',
      body: {
        corporateName: '浙江远航贸易有限公司',
        corporateCode: '91330000MA2XXXXXX1',
        corporateCodeimg: '',
        authorizationLetter: letter.body.url,
      },
    });
    expect(noLicence.body.message).toBe('Please upload the enterprise business licence');
    const stolen = await call(t.app, 'POST', '/api/enterpriseInfo/certification', {
      token: tok.trial,
      body: {
        corporateName: '浙江远航贸易有限公司',
        corporateCode: '91330000MA2XXXXXX1',
        corporateCodeimg: licence.body.url,
        authorizationLetter: foreign.body.url,
      },
    });
    expect(stolen.status).toBe(400);
    const adminBefore = (await call(t.app, 'GET', '/api/messageCenter/getCount', { token: tok.admin })).body
      .count;
    const ok = await call(t.app, 'POST', '/api/enterpriseInfo/certification', {
      token: tok.trial,
      body: {
        corporateName: '浙江远航贸易有限公司',
        corporateCode: '91330000MA2XXXXXX1',
        corporateCodeimg: licence.body.url,
        authorizationLetter: letter.body.url,
      },
    });
    expect(ok.body.status).toBe(0);
    expect(ok.body.message).toContain('2 个工作日');
    const [u] = await t.db.select().from(users).where(eq(users.username, 'trial'));
    const [tenant] = await t.db.select().from(tenants).where(eq(tenants.id, u.tenantId));
    expect(tenant).toMatchObject({
      checkStatus: 1,
      corporateCode: '91330000MA2XXXXXX1',
      businessLicence: licence.body.url,
    });
    expect((await call(t.app, 'GET', '/api/messageCenter/getCount', { token: tok.admin })).body.count).toBe(
      adminBefore + 1,
    );
    const again = await call(t.app, 'POST', '/api/enterpriseInfo/certification', {
      token: tok.trial,
      lang: 'en',
      body: {
        corporateName: '浙江远航贸易有限公司',
        corporateCode: '91330000MA2XXXXXX1',
        corporateCodeimg: licence.body.url,
        authorizationLetter: letter.body.url,
      },
    });
    expect(again.body).toEqual({ status: 1, message: 'Your documents are already under review' });
    const info = await call(t.app, 'GET', '/auth/info', { token: tok.trial });
    expect(info.body.tenant_checksatus).toBe(1);
  });
});

describe('files shown by another family', () => {
  it('a contract file is downloadable by the contract’s supplier, not by another supplier', async () => {
    const [supplier] = await t.db.select().from(users).where(eq(users.username, 'supplier'));
    const [shipper] = await t.db.select().from(users).where(eq(users.username, 'shipper'));
    const [contract] = await t.db
      .select()
      .from(projectContracts)
      .where(
        and(
          eq(projectContracts.tenantId, shipper.tenantId),
          eq(projectContracts.supplierTenantId, supplier.tenantId),
        ),
      )
      .limit(1);
    expect(contract, 'a demo contract of the shipper with the supplier').toBeDefined();
    const up = await upload(tok.shipper, '合同扫描件.png', png);
    expect(up.status).toBe(201);
    const get = (who: string) =>
      t.app.inject({ method: 'GET', url: up.body.url, headers: { authorization: tok[who] } });
    // Before it is attached, it is the shipper's alone.
    expect((await get('supplier')).statusCode).toBe(404);
    const attach = await call(t.app, 'POST', '/api/projectContractFile/createBatch', {
      token: tok.shipper,
      body: { contractId: contract.id, fileIds: [up.body.id] },
    });
    expect(attach.status).toBeLessThan(300);
    const mine = await get('supplier');
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(png)).toBe(true);
    expect((await get('supplier2')).statusCode).toBe(404);
  });
});

// The attack suite's parties and the rows it needs: every demo party, a freshly registered tenant,
// and one row of each family the demo data leaves empty (so no family escapes the suite for lack of data).
import type { FastifyInstance } from 'fastify';
import { webhooks } from '../../src/db/schema-tower.ts';
import { encryptSecret } from '../../src/lib/secret.ts';
import { declaredResources, type Resource } from '../../src/resources/engine.ts';
import { call, loginAll } from '../helpers.ts';

export const PARTIES = ['admin', 'shipper', 'supplier', 'supplier2', 'logistics', 'trial'] as const;
export type PartyName = (typeof PARTIES)[number] | 'fresh';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export async function uploadFile(app: FastifyInstance, token: string, name = 'scan.png') {
  const boundary = '----tradelane-attack-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/file/upload',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: token },
    payload,
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number };
}

/** Demo parties plus a tenant registered just now (a stranger to everybody). */
export async function tokensOf(app: FastifyInstance): Promise<Record<PartyName, string>> {
  const tok = await loginAll(app, [...PARTIES]);
  const reg = await call(app, 'POST', '/auth/regAndLogin', {
    body: {
      username: 'stranger',
      phone: '13912340001',
      email: 'stranger@example.org',
      password: 'Stranger@2026',
      corporateName: '陌生人贸易公司',
      roleType: 0,
    },
  });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  return { ...(tok as Record<(typeof PARTIES)[number], string>), fresh: reg.body.token as string };
}

/** One row for each family the demo data has none of. */
export async function seedEmptyFamilies(app: FastifyInstance, tok: Record<PartyName, string>) {
  const file = await uploadFile(app, tok.shipper);
  const contracts = await call(app, 'GET', '/api/projectContract', { token: tok.shipper });
  await call(app, 'POST', '/api/projectContractFile', {
    token: tok.shipper,
    body: { contractId: contracts.body.content[0].id, fileId: file.id, remark: '合同扫描件' },
  });
  await call(app, 'POST', '/api/customsCode', {
    token: tok.admin,
    body: { code: '8544492100', name: '额定电压不超过1000伏的电缆', unit1: '千克', remark: '导入' },
  });
  await call(app, 'POST', '/api/feedback', {
    token: tok.shipper,
    body: { commentsOrFeedback: '装箱单导出很好用', phone: '13800000001', createUnit: '演示货主' },
  });
  await uploadFile(app, tok.supplier, 'supplier-scan.png');
  const me = await call(app, 'GET', '/api/users/getCurrent', { token: tok.shipper });
  // A shipper's webhook, written directly: the address is public, and a test machine resolves no name.
  await app.db.insert(webhooks).values({
    tenantId: me.body.tenantId,
    url: 'https://hooks.example.com/tradelane',
    secretEnc: encryptSecret(app.config, 'whsec-fixture-0123456789'),
    events: ['exception.opened'],
    createBy: 'shipper',
  });
  await call(app, 'POST', '/api/apiTokens', {
    token: tok.shipper,
    body: {
      name: 'ERP',
      scopes: ['lists'],
      expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    },
  });
  await call(app, 'POST', '/api/directMessages', {
    token: tok.supplier,
    body: { toUserId: me.body.id, content: '铭牌照片已上传' },
  });
  // Customs: the demo's declaration in review goes back to a draft, so that every customs
  // family has a row its broker may edit; a reviewer's remark, a kept price and a clearance too.
  const waiting = (
    await call(app, 'GET', '/api/projectDeclare', { token: tok.shipper, query: { status: 1 } })
  ).body.content[0];
  await call(app, 'POST', '/api/examine/back', {
    token: tok.shipper,
    body: { id: waiting.id, reason: '请补充用途' },
  });
  await call(app, 'POST', '/api/examine/reopen', { token: tok.logistics, body: { id: waiting.id } });
  const line = (
    await call(app, 'GET', '/api/declareLine', { token: tok.logistics, query: { declareId: waiting.id } })
  ).body.content[0];
  await call(app, 'POST', '/api/declPrice', {
    token: tok.logistics,
    body: { lineId: line.id, premiumRate: '1.02', declaredCurrency: 'USD' },
  });
  await call(app, 'POST', '/api/examine', {
    token: tok.shipper,
    body: { declareId: waiting.id, opinion: '用途请写具体' },
  });
  await call(app, 'POST', '/api/customsClearanceLive/declare', {
    token: tok.logistics,
    body: { batchId: waiting.batchId, event: 'lodge', date: '2026-06-01' },
  });
  // A comment on the shipper's first exception: a row only the parties of that exception see.
  const exception = (await call(app, 'GET', '/api/exceptions', { token: tok.shipper })).body.content[0];
  const comment = await call(app, 'POST', '/api/exceptions/comments', {
    token: tok.shipper,
    body: { exceptionId: exception.id, content: '请今天回复' },
  });
  if (comment.status !== 201) throw new Error(`exception comment: ${comment.status}`);
}

/** Every family declared (known when the test file is collected, since the app's modules are imported). */
export const families = (): Resource[] => declaredResources();
export const actionsOf = (r: Resource) => r.actions ?? ['list', 'create', 'update', 'delete'];

// A server killed (`kill -9`, the real process) in the middle of a large material-list import, then
// started again on the same data: the import's task ends as failed — interrupted by a restart — within the
// lease time, nothing of it was saved, and the same file then imports whole. On PGlite (its data directory)
// and on PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { passwords } from './helpers.ts';
import { pgliteDataDir, type RealServer, startRealServer } from './real-server.ts';
import { adminUrl, useRealPostgres, withDatabase } from './template.ts';

const onPostgres = useRealPostgres();
const LEASE_MS = 3000;
const HEARTBEAT_MS = 500;
const ROWS = 5_000;
const dbName = `tl_crash_${process.pid}_${Date.now().toString(36)}`;
let env: Record<string, string> = {};
let dataDir = '';
let server: RealServer | undefined;

beforeAll(async () => {
  const lease = { TASK_LEASE_MS: String(LEASE_MS), TASK_HEARTBEAT_MS: String(HEARTBEAT_MS) };
  if (onPostgres) {
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`create database ${dbName} template ${inject('dbTemplate')}`);
    await admin.end();
    env = { ...lease, DATABASE_URL: withDatabase(adminUrl(), dbName) };
  } else {
    dataDir = await pgliteDataDir(inject('dbTemplate'), mkdtempSync(join(tmpdir(), 'tl-crash-')));
    env = { ...lease, DATA_DIR: dataDir };
  }
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (onPostgres) {
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  } else if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

async function api(method: string, path: string, token?: string, body?: unknown, lang = 'zh') {
  const res = await fetch(`${server?.url}${path}`, {
    method,
    headers: {
      'accept-language': lang,
      ...(token ? { authorization: token } : {}),
      ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

async function materialList(rows: number): Promise<Blob> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('物料清单');
  ws.addRow(['序号', '物料编码', '*物料名称', '规格型号', '*数量', '*单位', '单价', '币种']);
  for (let i = 1; i <= rows; i++)
    ws.addRow([null, `CRASH-${i}`, `法兰 DN${50 + (i % 300)}`, 'PN16', 10 + (i % 90), '件', 35.5, 'CNY']);
  return new Blob([await wb.xlsx.writeBuffer()]);
}

function importForm(batchId: number, taskId: string, file: Blob) {
  const form = new FormData();
  form.append('batchId', String(batchId));
  form.append('taskId', taskId);
  form.append('file', file, 'flanges.xlsx');
  return form;
}

describe('an import interrupted by a crash of its server', () => {
  it('ends as failed (interrupted) after the restart, within the lease time, and the same file then imports', {
    timeout: 600_000,
  }, async () => {
    server = await startRealServer(env);
    const login = async () =>
      (await api('POST', '/auth/login', undefined, { username: 'supplier', password: passwords.supplier }))
        .body.token as string;
    let token = await login();
    const batches = await api('GET', '/api/projectBatch?size=100', token);
    const batchId = batches.body.content.find((b: { batchNumber: string }) => b.batchNumber === 'JKT2-B003')
      .id as number;
    const rowCount = async () =>
      (await api('GET', `/api/supplies?batchId=${batchId}&size=1`, token)).body.totalElements as number;
    const before = await rowCount();
    const file = await materialList(ROWS);

    // The import starts; the server is killed as soon as its progress shows rows read.
    const taskId = `crash-${Date.now().toString(36)}`;
    const upload = api('POST', '/api/supplies/suppliesListImport', token, importForm(batchId, taskId, file));
    upload.catch(() => undefined);
    let seen: { status: string; processed: number } | undefined;
    for (let i = 0; i < 3000; i++) {
      const p = await api('GET', `/api/supplies/getImportProgress?taskId=${taskId}`, token).catch(() => null);
      if (p?.status === 200) seen = p.body;
      if (seen && (seen.processed > 0 || seen.status === 'saving')) break;
      if (seen && ['done', 'failed'].includes(seen.status)) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(seen?.status, 'the import was still at work when the server was killed').toMatch(/reading|saving/);
    await server.crash();
    await expect(upload).rejects.toThrow();

    // Started again on the same data: the task ends as failed — interrupted — within the lease time.
    server = await startRealServer(env);
    token = await login();
    const deadline = Date.now() + LEASE_MS + 2 * HEARTBEAT_MS;
    let progress = await api('GET', `/api/supplies/getImportProgress?taskId=${taskId}`, token);
    while (progress.body.status !== 'failed' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      progress = await api('GET', `/api/supplies/getImportProgress?taskId=${taskId}`, token);
    }
    expect(progress.body).toMatchObject({
      taskId,
      status: 'failed',
      reason: 'import.interrupted',
      fileName: 'flanges.xlsx',
      percent: 100,
      message: '导入因服务重启而中断，未保存任何数据',
    });
    const en = await api('GET', `/api/supplies/getImportProgress?taskId=${taskId}`, token, undefined, 'en');
    expect(en.body.message).toBe('The import was interrupted by a restart of the service; nothing was saved');
    // Nothing of the interrupted import was saved.
    expect(await rowCount()).toBe(before);

    // The same file imports whole.
    const again = await api(
      'POST',
      '/api/supplies/suppliesListImport',
      token,
      importForm(batchId, `${taskId}-again`, file),
    );
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body).toMatchObject({ status: 'done', imported: ROWS });
    expect(await rowCount()).toBe(before + ROWS);
  });
});

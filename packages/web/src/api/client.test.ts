import { familyOperations, operation, rowNotWritten } from '@tradelane/contract';
import { logisticsOps } from '@tradelane/contract/api/logistics';
import { papersOps } from '@tradelane/contract/api/papers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { call, callCommand, fillPath, onChanged } from './client.ts';

const sent: { method: string; url: string; body: unknown }[] = [];
function answering(body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({
        method: init.method ?? 'GET',
        url,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
}
afterEach(() => {
  vi.unstubAllGlobals();
  sent.length = 0;
  onChanged(() => {});
});

const role = operation({
  method: 'GET',
  path: '/api/roles/:id',
  summary: 'One role',
  tags: ['roles'],
  caller: { signedIn: true },
  query: z.object({ id: z.number(), lang: z.string().optional() }),
  answer: z.object({ id: z.number() }),
});

describe('the typed client', () => {
  it('fills path parameters from the input and sends the rest as the query', async () => {
    answering({ id: 7 });
    expect(await call(role, { id: 7, lang: 'en' })).toEqual({ id: 7 });
    expect(sent[0]).toMatchObject({ method: 'GET', url: '/api/roles/7?lang=en' });
    expect(fillPath(role, { id: 'a/b' }).url).toBe('/api/roles/a%2Fb');
    expect(() => fillPath(role, {})).toThrow(/id missing/);
  });

  it("sends a command's input as its body and refreshes the families it declares it changes", async () => {
    answering({ content: [], totalElements: 0 });
    const refreshed: string[][] = [];
    onChanged((families) => refreshed.push([...families]));
    await call(logisticsOps.ship, { batchId: 3, place: '上海' });
    expect(sent[0]).toEqual({
      method: 'POST',
      url: logisticsOps.ship.path,
      body: { batchId: 3, place: '上海' },
    });
    expect(refreshed).toEqual([[...logisticsOps.ship.changes]]);
  });

  it("a family's write declares the families the server derives from it; a read refreshes nothing", async () => {
    answering({ id: 1 });
    const refreshed: string[][] = [];
    onChanged((families) => refreshed.push([...families]));
    const lists = familyOperations('materialList', rowNotWritten);
    await call(lists.queryById, { id: 1 });
    await call(lists.update, { id: 1, remark: 'x' });
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET /api/materialList/queryById?id=1',
      'PUT /api/materialList',
    ]);
    expect(refreshed).toEqual([['materialList', 'projectBatch', 'supplies']]);
  });

  it("fires a row's command through the operation its table names, with the reason only where given", async () => {
    answering({ id: 4 });
    const steps = { confirm: papersOps.confirmBill, reject: papersOps.rejectBill };
    await callCommand(steps, 'confirm', 4);
    await callCommand(steps, 'reject', 4, '件数不符');
    expect(sent).toEqual([
      { method: papersOps.confirmBill.method, url: papersOps.confirmBill.path, body: { id: 4 } },
      {
        method: papersOps.rejectBill.method,
        url: papersOps.rejectBill.path,
        body: { id: 4, reason: '件数不符' },
      },
    ]);
    expect(() => callCommand(steps, 'archive', 4)).toThrow(/archive/);
  });
});

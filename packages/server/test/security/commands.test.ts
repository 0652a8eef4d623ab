// The attack suite, part 4: every command the workflow kernel knows, tried by every party on rows of
// its table. A party the machine does not name for the command's event, or a tenant that sees none of
// the rows, moves nothing: no 5xx, and every existing row keeps its status.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../src/resources/engine.ts';
import { workflowCommands } from '../../src/workflow/kernel.ts';
import { call, useTestApp } from '../helpers.ts';
import { type PartyName, tokensOf } from './fixtures.ts';

const t = useTestApp();
let tok: Record<PartyName, string>;
const SIDE: Record<PartyName, string> = {
  admin: 'platform',
  shipper: 'shipper',
  trial: 'shipper',
  fresh: 'shipper',
  supplier: 'supplier',
  supplier2: 'supplier',
  logistics: 'logistics',
};

beforeAll(async () => {
  tok = await tokensOf(t.app);
});

describe('every command × every party', () => {
  it('knows the commands it walks', () => {
    expect(workflowCommands.size).toBeGreaterThanOrEqual(5);
  });

  for (const cmd of workflowCommands.values()) {
    it(`${cmd.name}: refused for parties the machine does not name, and for strangers`, async () => {
      const fixedEvent = typeof cmd.event === 'string' ? cmd.event : null;
      const allowed = new Set(
        cmd.machine.filter((tr) => fixedEvent === null || tr.event === fixedEvent).flatMap((tr) => tr.who),
      );
      const statusOf = async () => {
        const rows = (await t.db.select().from(cmd.table)) as Row[];
        return new Map(rows.map((r) => [r.id as number, r[cmd.statusColumn]]));
      };
      const before = await statusOf();
      const ids = [...before.keys()].slice(0, 4);
      const paths = Array.isArray(cmd.path) ? cmd.path : [cmd.path];
      for (const who of Object.keys(SIDE) as PartyName[]) {
        // The stranger is tried on every command; demo parties on those their side may not fire.
        if (who !== 'fresh' && (allowed.has(SIDE[who] as never) || who === 'admin')) continue;
        for (const id of ids) {
          for (const path of paths) {
            const url = path.replace(/:(\w+)/g, String(id));
            const input = {
              id,
              listId: id,
              batchId: id,
              ids: [id],
              event: fixedEvent ?? 'confirm',
              reason: '攻击',
            };
            const res = await call(t.app, cmd.method, url, {
              token: tok[who],
              query: { id },
              body: cmd.method === 'GET' ? undefined : input,
            });
            expect(res.status, `${who} ${cmd.method} ${url}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
          }
        }
      }
      const after = await statusOf();
      for (const [id, status] of before)
        expect([cmd.name, id, after.get(id)]).toEqual([cmd.name, id, status]);
    });
  }
});

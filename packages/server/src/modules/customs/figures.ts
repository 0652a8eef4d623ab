// What each declaration ticket declares of the batch's boxes: its own packages, gross and net weights.
// A box is declared once, on the ticket holding the largest part of its contents (by net weight where the
// material rows give one, else by quantity; the lower ticket number on a tie), so the tickets' figures add
// up to the boxes of the declared goods exactly — never the whole declaration's figures on every ticket.
import { fromMinor, toMinor } from '@tradelane/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assorts, declareLines } from '../../db/schema-customs.ts';
import { boxesHoldingSupplies } from '../boxes/packed.ts';

export interface BoxFigures {
  packages: number;
  /** Kilograms, 3 decimals, exact sums of the boxes' weights. */
  grossWeight: string;
  netWeight: string;
  boxNumbers: string[];
}

const kg = (v: number | string) => toMinor(Number(v).toFixed(3), 3);

/**
 * The boxes of a declaration's goods by the ticket they are declared on (`null`: lines not in a ticket
 * yet), and the figures of all of them together.
 */
export async function ticketFigures(db: Db, declareId: number) {
  const lines = await db
    .select({ assortId: declareLines.assortId, source: declareLines.source })
    .from(declareLines)
    .where(eq(declareLines.declareId, declareId));
  const tickets = await db
    .select({ id: assorts.id, ticketNo: assorts.ticketNo })
    .from(assorts)
    .where(eq(assorts.declareId, declareId));
  const ticketNo = new Map(tickets.map((t) => [t.id, t.ticketNo]));
  const ticketOfSupply = new Map<number, number | null>();
  for (const l of lines) for (const s of l.source ?? []) ticketOfSupply.set(s.id, l.assortId);
  const { details, boxes } = await boxesHoldingSupplies(db, [...ticketOfSupply.keys()]);
  type Tally = { packages: number; gross: bigint; net: bigint; boxes: string[] };
  const figures = new Map<number | null, Tally>();
  const all: Tally = { packages: 0, gross: 0n, net: 0n, boxes: [] };
  for (const box of boxes) {
    const inBox = details.filter((d) => d.boxId === box.id);
    const byWeight = inBox.every((d) => d.rowNet && Number(d.rowQuantity) > 0);
    const share = new Map<number | null, number>();
    for (const d of inBox) {
      const part = byWeight
        ? (Number(d.rowNet) * Number(d.quantity)) / Number(d.rowQuantity)
        : Number(d.quantity);
      const t = ticketOfSupply.get(d.suppliesId) ?? null;
      share.set(t, (share.get(t) ?? 0) + part);
    }
    const order = (t: number | null) => (t === null ? Number.MAX_SAFE_INTEGER : (ticketNo.get(t) ?? 0));
    const [owner] = [...share].sort((a, b) => b[1] - a[1] || order(a[0]) - order(b[0]))[0];
    const f = figures.get(owner) ?? { packages: 0, gross: 0n, net: 0n, boxes: [] };
    for (const target of [f, all]) {
      target.packages += 1;
      target.gross += kg(box.grossWeight);
      target.net += kg(box.netWeight);
      target.boxes.push(box.boxNumber);
    }
    figures.set(owner, f);
  }
  const shown = (f: Tally): BoxFigures => ({
    packages: f.packages,
    grossWeight: fromMinor(f.gross, 3),
    netWeight: fromMinor(f.net, 3),
    boxNumbers: f.boxes,
  });
  return {
    byTicket: new Map([...figures].map(([t, f]) => [t, shown(f)])),
    total: shown(all),
  };
}

import { BoxStatus } from '@tradelane/contract';
import { describe, expect, it } from 'vitest';
import type { BoxRow } from './boxes-api.ts';
import { totalsOf } from './boxes-parts.tsx';

const box = (supplierTenantId: number, status: number, actions: string[], grossWeight = '10'): BoxRow =>
  ({
    id: Math.random(),
    supplierTenantId,
    supplierName: `S${supplierTenantId}`,
    status,
    actions,
    grossWeight,
    volume: '0.5',
    outOfGauge: false,
  }) as unknown as BoxRow;

describe('suppliers totals', () => {
  it("offers a supplier's return only where the server offers the caller a box's back", () => {
    const totals = totalsOf([
      box(1, BoxStatus.submitted, ['back']),
      box(1, BoxStatus.submitted, ['back'], '2.5'),
      // Submitted, but the server offers this caller nothing on it (not the batch's shipper).
      box(2, BoxStatus.submitted, []),
      box(3, BoxStatus.draft, ['submit', 'edit']),
    ]);
    expect(totals.map((s) => [s.supplierTenantId, s.boxes, s.gross, s.submitted, s.returnable])).toEqual([
      [1, 2, 12.5, 2, true],
      [2, 1, 10, 1, false],
      [3, 1, 10, 0, false],
    ]);
  });
});

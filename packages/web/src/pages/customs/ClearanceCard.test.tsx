// Clearance at destination: the steps offered are the row's server-sent actions, a double click records
// a step once (with its date), a refusal shows the server's message in the user's language.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { refusal, renderPage, stubApi } from '../../../test/page-harness.tsx';
import { ClearanceCard } from './ClearanceCard.tsx';
import type { ClearanceRow } from './customs-api.ts';

const row: ClearanceRow = {
  id: 1,
  createTime: '2026-11-20T08:00:00.000Z',
  updateTime: '2026-11-20T08:00:00.000Z',
  createBy: 'logistics',
  updateBy: 'logistics',
  tenantId: 2,
  projectId: 3,
  batchId: 7,
  batchNumber: 'JKT2-B001',
  brokerTenantId: 5,
  status: 1,
  lodgedDate: '2026-11-20',
  inspectionDate: null,
  assessedDate: null,
  paidDate: null,
  releasedDate: null,
  dutiesAmount: null,
  dutiesCurrency: null,
  place: null,
  remark: null,
  actions: ['inspect', 'assess'],
  timeline: [],
};

describe('clearance steps', { timeout: 60_000 }, () => {
  it('offers what the server allows, records once on a double click, shows a refusal', async () => {
    const api = stubApi([
      {
        method: 'POST',
        path: '/api/customsClearanceLive/declare',
        answer: (c) =>
          (c.body as { event: string }).event === 'assess'
            ? refusal('state.wrong_party')
            : { ...row, status: 2 },
      },
    ]);
    renderPage(<ClearanceCard batchId={7} row={row} party="logistics" />, { roleType: 2 });
    expect(screen.queryByRole('button', { name: /递\s*单/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /放\s*行/ })).toBeNull();
    // Assessing is allowed: its duties are asked beside the steps.
    expect(screen.getByLabelText('税款金额')).toBeTruthy();

    const inspect = screen.getByRole('button', { name: /查\s*验/ });
    fireEvent.click(inspect);
    fireEvent.click(inspect);
    await waitFor(() => expect(api.sent('/api/customsClearanceLive/declare')).toHaveLength(1));
    expect(api.sent('/api/customsClearanceLive/declare')[0]?.body).toMatchObject({
      batchId: 7,
      event: 'inspect',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });

    await waitFor(() =>
      expect(screen.getByRole('button', { name: /核\s*税/ })).toHaveProperty('disabled', false),
    );
    fireEvent.click(screen.getByRole('button', { name: /核\s*税/ }));
    await waitFor(() => expect(api.errors).toContain('此操作不由你方执行'));
  });
});

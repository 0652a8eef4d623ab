// Financing rows: the commands are the row's server-sent actions, a double click approves once and the
// toast names the status the server answered, a refused rejection shows the server's localized message.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { page, refusal, renderPage, stubApi } from '../../../test/page-harness.tsx';
import { FinancingList } from './FinancingList.tsx';

const application = {
  id: 4,
  applicationNo: 'FA-4',
  tenantId: 2,
  tenantName: null,
  debtorName: null,
  basisType: 'reconciliation',
  basisId: 1,
  basisLabel: '',
  basisNo: 'ST-1',
  batchNumber: null,
  amount: '100.00',
  currency: 'CNY',
  termDays: 90,
  status: 1,
  statusLabel: '审核中',
  reason: null,
  disbursedOn: null,
  dueDate: null,
  mine: false,
  actions: ['approve', 'reject'],
};

describe('financing rows', { timeout: 60_000 }, () => {
  it('offer the allowed commands, approve once on a double click, show a refusal in the user language', async () => {
    const api = stubApi([
      { path: '/api/financing', answer: () => page([application]) },
      {
        method: 'POST',
        path: '/api/financing/approve',
        answer: () => ({ ...application, status: 2, statusLabel: '已批准', actions: [] }),
      },
      { method: 'POST', path: '/api/financing/reject', answer: () => refusal('state.wrong_party') },
    ]);
    renderPage(<FinancingList review />, { roles: ['admin'] });
    const tr = (await screen.findByText('FA-4')).closest('tr') as HTMLElement;
    expect(within(tr).queryByRole('button', { name: '开始审核' })).toBeNull();
    expect(within(tr).queryByRole('button', { name: '放款' })).toBeNull();

    fireEvent.click(within(tr).getByRole('button', { name: '批准' }));
    const ok = (await screen.findAllByRole('button', { name: /确\s*定|OK/ })).at(-1) as HTMLElement;
    fireEvent.click(ok);
    fireEvent.click(ok);
    await waitFor(() => expect(document.querySelector('.ant-message')?.textContent).toContain('已批准'));
    expect(api.sent('/api/financing/approve')).toHaveLength(1);

    fireEvent.click(within(tr).getByRole('button', { name: '驳回' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'no collateral' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /驳\s*回/ }));
    await waitFor(() => expect(api.errors).toContain('此操作不由你方执行'));
    expect(api.sent('/api/financing/reject')[0]?.body).toEqual({ id: 4, reason: 'no collateral' });
  });
});

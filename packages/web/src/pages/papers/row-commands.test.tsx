// The papers rows' commands (documents, statements, shipping instructions, bills of lading): the buttons
// are the row's server-sent actions, a double click sends one request, a refusal shows the server's
// localized message and keeps the reason dialog open.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { page, refusal, renderPage, stubApi } from '../../../test/page-harness.tsx';
import BillLadingPage from './BillLadingPage.tsx';
import DocumentsPage from './DocumentsPage.tsx';
import EntrustPage from './EntrustPage.tsx';
import ReconciliationPage from './ReconciliationPage.tsx';

const BATCH = { path: '/api/projectBatch', answer: () => page([{ id: 7, batchNumber: 'B-7' }]) };
const row = (text: string) => screen.findByText(text).then((el) => el.closest('tr') as HTMLElement);
const link = (tr: HTMLElement, name: RegExp) => within(tr).queryByRole('button', { name });
const ok = () => screen.getAllByRole('button', { name: /确\s*定|OK/ }).at(-1) as HTMLElement;

const doc = (id: number, name: string, actions: string[]) => ({
  id,
  batchId: 7,
  docType: 'invoice',
  docTypeLabel: '',
  docNo: null,
  name,
  remark: null,
  partyTenantId: 1,
  partyName: null,
  status: 0,
  files: [],
  mine: true,
  actions,
  createTime: '2026-11-20 10:00:00',
});

// antd's first render is slow on a loaded machine.
describe('papers rows run the commands the server allows', { timeout: 120_000 }, () => {
  it('documents: a row offers exactly its actions; a double click on OK submits once', async () => {
    const api = stubApi([
      BATCH,
      {
        path: '/api/document',
        answer: () =>
          page([
            doc(1, 'DOC-SUBMIT', ['submit']),
            doc(2, 'DOC-CONFIRM', ['confirm']),
            doc(3, 'DOC-NONE', []),
          ]),
      },
      { method: 'POST', path: '/api/document/submit', answer: () => doc(1, 'DOC-SUBMIT', []) },
    ]);
    renderPage(<DocumentsPage />, { url: '/?batchId=7' });
    const mine = await row('DOC-SUBMIT');
    expect(link(mine, /^提交$/)).toBeTruthy();
    expect(link(mine, /^确认$/)).toBeNull();
    expect(link(await row('DOC-CONFIRM'), /^确认$/)).toBeTruthy();
    expect(link(await row('DOC-CONFIRM'), /^提交$/)).toBeNull();
    const none = await row('DOC-NONE');
    expect(link(none, /^提交$|^确认$/)).toBeNull();

    fireEvent.click(link(mine, /^提交$/) as HTMLElement);
    await screen.findByText('提交后不能再删除，确定提交？');
    fireEvent.click(ok());
    fireEvent.click(ok());
    await waitFor(() => expect(document.querySelector('.ant-message')?.textContent).toContain('已提交'));
    expect(api.sent('/api/document/submit')).toEqual([expect.objectContaining({ body: { id: 1 } })]);
  });

  it('statements: reject asks a reason; a refusal shows the server message and keeps the dialog', async () => {
    const statement = {
      id: 5,
      batchId: 7,
      batchNumber: 'B-7',
      statementNo: 'ST-5',
      remark: null,
      partyTenantId: 2,
      partyName: null,
      status: 1,
      reason: null,
      lines: [],
      totals: [],
      payments: [],
      mine: false,
      actions: ['confirm', 'reject'],
    };
    const api = stubApi([
      BATCH,
      { path: '/api/reconciliation', answer: () => page([statement]) },
      { method: 'POST', path: '/api/reconciliation/reject', answer: () => refusal('state.wrong_party') },
    ]);
    renderPage(<ReconciliationPage />, { url: '/?batchId=7', roleType: 0 });
    const tr = await row('ST-5');
    expect(link(tr, /^确认$/)).toBeTruthy();
    expect(link(tr, /^提交$/)).toBeNull();
    fireEvent.click(link(tr, /^驳回$/) as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'wrong rate' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /驳\s*回/ }));
    await waitFor(() => expect(api.errors).toContain('此操作不由你方执行'));
    expect(api.sent('/api/reconciliation/reject')).toEqual([
      expect.objectContaining({ body: { id: 5, reason: 'wrong rate' } }),
    ]);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('shipping instructions and bills of lading offer what their rows allow', async () => {
    const entrust = {
      id: 9,
      batchId: 7,
      entrustNo: 'SI-9',
      partyName: null,
      portOfLoading: 'CNSHA',
      portOfDischarge: 'IDJKT',
      vesselName: null,
      voyageNo: null,
      wantedEtd: null,
      packages: 1,
      grossWeight: 1,
      volume: 1,
      reason: null,
      status: 1,
      mine: false,
      actions: ['accept', 'return'],
    };
    stubApi([BATCH, { path: '/api/deliveryEntrust', answer: () => page([entrust]) }]);
    renderPage(<EntrustPage />, { url: '/?batchId=7', roleType: 2 });
    const tr = await row('SI-9');
    expect(link(tr, /^接受$/)).toBeTruthy();
    expect(link(tr, /^退回$/)).toBeTruthy();
    expect(link(tr, /^提交$/)).toBeNull();
  });

  it('bills of lading: the shipper confirms from the row once however often OK is clicked', async () => {
    const bl = {
      id: 3,
      batchId: 7,
      blNumber: 'BL-3',
      vessel: null,
      voyage: null,
      portOfLoading: null,
      portOfDischarge: null,
      packages: null,
      partyName: null,
      reason: null,
      status: 1,
      mine: false,
      actions: ['confirm', 'reject'],
    };
    const api = stubApi([
      BATCH,
      { path: '/api/billLading', answer: () => page([bl]) },
      { method: 'POST', path: '/api/billLading/confirm', answer: () => ({ ...bl, status: 2, actions: [] }) },
    ]);
    renderPage(<BillLadingPage />, { url: '/?batchId=7', roleType: 0 });
    const tr = await row('BL-3');
    expect(link(tr, /^驳回$/)).toBeTruthy();
    expect(link(tr, /^提交货主确认$/)).toBeNull();
    fireEvent.click(link(tr, /^确认提单$/) as HTMLElement);
    await screen.findByText('确认后提单不可再修改，确定确认？');
    fireEvent.click(ok());
    fireEvent.click(ok());
    await waitFor(() => expect(api.sent('/api/billLading/confirm')).toHaveLength(1));
  });
});

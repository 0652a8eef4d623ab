// The boxes' bulk bar: the commands offered are those every selected box's server-sent actions allow;
// the batch's sign shows where a box allows it, a double click on OK signs once, and a refusal shows the
// server's message in the user's language.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { page, refusal, renderPage, stubApi } from '../../../test/page-harness.tsx';
import type { DeclContext } from '../../components/resource/types.ts';
import { i18n } from '../../i18n/index.ts';
import { BoxesTab } from './BoxesTab.tsx';

const box = (id: number, boxNumber: string, logisticsActions: string[]) => ({
  id,
  boxNumber,
  supplierName: 'S',
  packageType: 'CASE',
  length: 1,
  width: 1,
  height: 1,
  outOfGauge: false,
  grossWeight: 1,
  plateNumber: null,
  containerNumber: null,
  logisticsStatus: 0,
  logisticsActions,
});
const ctx: DeclContext = {
  t: i18n.t.bind(i18n),
  lang: 'zh',
  dict: () => [],
  dictLabel: (_name, value) => String(value),
};

describe('boxes bulk bar', { timeout: 60_000 }, () => {
  it('offers what every selected box allows; signs once; shows a refusal', async () => {
    let refuse = false;
    const api = stubApi([
      {
        path: '/api/boxPiece',
        answer: () =>
          page([box(1, 'BX-1', ['load', 'transit']), box(2, 'BX-2', ['load']), box(3, 'BX-3', ['sign'])]),
      },
      {
        // Nothing left behind: the dialog asks only to confirm.
        path: '/api/projectBatch/checkSign',
        answer: () => ({ notDelivered: 0, notReceived: [], openAbnormal: [], needsReason: false }),
      },
      {
        method: 'POST',
        path: '/api/projectBatch/sign',
        answer: () =>
          refuse ? refusal('logistics.not_delivered', { count: 1 }) : page([box(3, 'BX-3', [])]),
      },
    ]);
    renderPage(<BoxesTab batchId={7} ctx={ctx} />, { roleType: 0 });
    const bar = screen.getByTestId('command-bar');
    for (const n of ['BX-1', 'BX-2']) {
      const tr = (await screen.findByText(n)).closest('tr') as HTMLElement;
      fireEvent.click(within(tr).getByRole('checkbox'));
    }
    await waitFor(() => expect(bar.querySelector('[data-event="load"]')).toBeTruthy());
    expect(bar.querySelector('[data-event="transit"]')).toBeNull();
    // The batch: a box allows signing, none shipping.
    expect(bar.querySelector('[data-event="ship"]')).toBeNull();

    const sign = bar.querySelector('[data-event="sign"]') as HTMLElement;
    fireEvent.click(sign);
    await screen.findByText('签收本批次全部已送达的箱件？');
    const ok = (await screen.findAllByRole('button', { name: /^签收批次$/ })).at(-1) as HTMLElement;
    await waitFor(() => expect((ok as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(ok);
    fireEvent.click(ok);
    await waitFor(() => expect(document.querySelector('.ant-message')?.textContent).toContain('批次已签收'));
    expect(api.sent('/api/projectBatch/sign')).toHaveLength(1);

    refuse = true;
    fireEvent.click(sign);
    await screen.findByText('签收本批次全部已送达的箱件？');
    const again = (await screen.findAllByRole('button', { name: /^签收批次$/ })).at(-1) as HTMLElement;
    await waitFor(() => expect((again as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(again);
    await waitFor(() => expect(api.errors).toContain('还有 1 件箱件未送达，不能签收'));
    expect(api.sent('/api/projectBatch/sign')).toHaveLength(2);
  });
});

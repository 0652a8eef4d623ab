import { cleanup, render, screen } from '@testing-library/react';
import { BillLadingStatus, ClearanceStatus } from '@tradelane/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { StatusTag } from './status.tsx';

afterEach(cleanup);

describe('StatusTag', { timeout: 30_000 }, () => {
  it("reads the contract's label of the state in the user's language when the screen loaded no dictionary", async () => {
    await i18n.changeLanguage('en');
    render(<StatusTag dict="clearance_status" value={ClearanceStatus.released} testId="clearance" />);
    expect(screen.getByTestId('clearance').textContent).toBe('Released');
    cleanup();
    await i18n.changeLanguage('zh');
    render(<StatusTag dict="bill_lading_status" value={BillLadingStatus.rejected} testId="bl" />);
    expect(screen.getByTestId('bl').textContent).toBe('已驳回（待修改）');
    // A rejected bill of lading reads red, like every state that went wrong.
    expect(screen.getByTestId('bl').className).toMatch(/ant-tag-(error|red)/);
  });

  it('shows the label it is given, and a dash for no state', () => {
    render(<StatusTag dict="voucher_status" value={1} label="Paid in full" testId="v" />);
    expect(screen.getByTestId('v').textContent).toBe('Paid in full');
    cleanup();
    const { container } = render(<StatusTag dict="voucher_status" value={null} />);
    expect(container.textContent).toBe('-');
  });
});

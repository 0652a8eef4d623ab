import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommandBar } from './CommandBar.tsx';

afterEach(cleanup);

function wrap(node: ReactNode, qc = new QueryClient()) {
  return render(
    <QueryClientProvider client={qc}>
      <App>{node}</App>
    </QueryClientProvider>,
  );
}
const button = (name: RegExp) => screen.getByRole('button', { name });

// antd's first render is slow on a loaded machine.
describe('CommandBar', { timeout: 30_000 }, () => {
  it('offers only the events the server allows, worded from the family and the event', () => {
    wrap(<CommandBar entity="billLading" actions={['confirm', 'reject']} status={1} run={vi.fn()} />);
    expect(button(/确\s*认/)).toBeTruthy();
    expect(button(/驳\s*回/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /提\s*交/ })).toBeNull();
  });
  it('renders nothing when nothing is allowed', () => {
    const { container } = wrap(<CommandBar entity="billLading" actions={[]} run={vi.fn()} />);
    expect(container.querySelector('.wf-commands')).toBeNull();
  });
  it('asks for a reason where the machine wants one and sends it; refreshes the family', async () => {
    const qc = new QueryClient();
    qc.setQueryData(['resource', 'billLading', 1], 1);
    qc.setQueryData(['resource', 'projectBatch', 1], 1);
    qc.setQueryData(['resource', 'users', 1], 1);
    const run = vi.fn().mockResolvedValue({ id: 1 });
    const done = vi.fn();
    wrap(
      <CommandBar
        entity="billLading"
        actions={['reject']}
        status={1}
        run={run}
        onDone={done}
        refresh={['projectBatch']}
      />,
      qc,
    );
    fireEvent.click(button(/驳\s*回/));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('驳回提单');
    // An empty reason is refused by the form: nothing runs.
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await screen.findByText('请填写原因');
    expect(run).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('原因'), { target: { value: '  vessel wrong ' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(run).toHaveBeenCalledWith('reject', 'vessel wrong'));
    await waitFor(() => expect(done).toHaveBeenCalledWith('reject', { id: 1 }));
    // The family and the named ones are refreshed (query-keys.ts), nothing else.
    expect(qc.getQueryState(['resource', 'billLading', 1])?.isInvalidated).toBe(true);
    expect(qc.getQueryState(['resource', 'projectBatch', 1])?.isInvalidated).toBe(true);
    expect(qc.getQueryState(['resource', 'users', 1])?.isInvalidated).toBe(false);
  });
  it('runs once however often it is clicked while running (double-click safe)', async () => {
    let resolve: (v: unknown) => void = () => {};
    const run = vi.fn(() => new Promise((r) => (resolve = r)));
    wrap(
      <CommandBar
        entity="document"
        actions={['submit']}
        status={0}
        run={run}
        commands={{ submit: { confirmKey: false } }}
      />,
    );
    const b = button(/提\s*交/);
    fireEvent.click(b);
    fireEvent.click(b);
    fireEvent.click(b);
    expect(run).toHaveBeenCalledTimes(1);
    await act(async () => resolve({}));
  });
  it('confirms first, says what happened, and on a refusal stays put without a success toast', async () => {
    const run = vi.fn().mockRejectedValue(new Error('refused'));
    const done = vi.fn();
    wrap(<CommandBar entity="reconciliation" actions={['submit']} status={0} run={run} onDone={done} />);
    fireEvent.click(button(/提\s*交/));
    await screen.findByText('确定提交该对账单？');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(run).toHaveBeenCalledWith('submit', undefined));
    expect(done).not.toHaveBeenCalled();
    expect(screen.queryByText('对账单已提交')).toBeNull();
  });
  it('says the family and the event after a success', async () => {
    const run = vi.fn().mockResolvedValue({});
    wrap(
      <CommandBar
        entity="reconciliation"
        actions={['confirm']}
        status={1}
        run={run}
        commands={{ confirm: { confirmKey: false } }}
      />,
    );
    fireEvent.click(button(/确\s*认/));
    await screen.findByText('对账单已确认');
  });
});

import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countBy, WaitingFor, Workbench } from './Workbench.tsx';

afterEach(cleanup);

describe('Workbench', { timeout: 30_000 }, () => {
  it('counts rows by state in the states order, leaving out empty states', () => {
    const rows = [{ s: 2 }, { s: 0 }, { s: 2 }, { s: null }];
    expect(
      countBy(
        rows,
        (r) => r.s,
        (s) => `S${s}`,
      ),
    ).toEqual([
      { key: 0, label: 'S0', count: 1, color: undefined },
      { key: 2, label: 'S2', count: 2, color: undefined },
    ]);
  });
  it('shows the header, the facts, the counts and the refresh', () => {
    const refresh = vi.fn();
    render(
      <Workbench
        title="批次工作台"
        name="B-001"
        onRefresh={refresh}
        facts={[{ key: 'site', label: '现场', value: 'Jakarta' }]}
        counts={[
          { key: 'lists', caption: '清单', items: [{ key: 1, label: '已提交', count: 3 }] },
          { key: 'none', caption: '空', items: [] },
        ]}
      >
        <p>body</p>
      </Workbench>,
    );
    expect(screen.getByText('B-001')).toBeTruthy();
    expect(screen.getByText('Jakarta')).toBeTruthy();
    expect(screen.getByText('body')).toBeTruthy();
    const counts = screen.getByRole('region', { name: '按状态' });
    expect(counts.textContent).toBe('清单已提交 3');
    screen.getByRole('button', { name: /刷\s*新/ }).click();
    expect(refresh).toHaveBeenCalled();
  });
  it('lists what waits for whom, or says nothing waits', () => {
    const { rerender } = render(<WaitingFor items={[{ key: 'a', who: 'Acme', what: 'confirm' }]} />);
    expect(screen.getByText('Acme: confirm')).toBeTruthy();
    rerender(<WaitingFor items={[]} />);
    expect(screen.getByText('暂无待办')).toBeTruthy();
  });
});

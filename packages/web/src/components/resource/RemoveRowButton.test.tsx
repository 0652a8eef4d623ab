import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RemoveRowButton } from './RemoveRowButton.tsx';

afterEach(cleanup);

// antd's first render is slow on a loaded machine.
describe('RemoveRowButton', { timeout: 30_000 }, () => {
  it('is named for a reader and removes on click', () => {
    const onClick = vi.fn();
    render(<RemoveRowButton label="删除" onClick={onClick} />);
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    expect(onClick).toHaveBeenCalledOnce();
  });
});

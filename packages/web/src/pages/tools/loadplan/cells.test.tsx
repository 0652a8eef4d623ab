import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NumberCell } from './cells.tsx';

afterEach(cleanup);

// antd's first render is slow on a loaded machine.
describe('planner figure cell', { timeout: 30_000 }, () => {
  it('a figure is named by its column and reads blank as null', () => {
    const onChange = vi.fn();
    render(<NumberCell value={12} label="长" onChange={onChange} />);
    const input = screen.getByRole('spinbutton', { name: '长' });
    fireEvent.change(input, { target: { value: '7' } });
    expect(onChange).toHaveBeenLastCalledWith(7);
    fireEvent.change(input, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});

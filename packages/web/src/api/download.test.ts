import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadBlob, REVOKE_AFTER_MS } from './download.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('downloadBlob', () => {
  it('clicks a temporary link named after the file, then revokes the object URL', () => {
    vi.useFakeTimers();
    const create = vi.fn(() => 'blob:x');
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
    let clicked: HTMLAnchorElement | null = null;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked = this;
    });
    const blob = new Blob(['a']);
    downloadBlob(blob, 'plan.pdf');
    expect(create).toHaveBeenCalledWith(blob);
    expect(clicked).not.toBeNull();
    const a = clicked as unknown as HTMLAnchorElement;
    expect(a.download).toBe('plan.pdf');
    expect(a.getAttribute('href')).toBe('blob:x');
    expect(a.isConnected).toBe(false);
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(REVOKE_AFTER_MS);
    expect(revoke).toHaveBeenCalledWith('blob:x');
  });
});

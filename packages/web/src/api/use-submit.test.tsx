import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { resourceKey } from './query-keys.ts';
import { ApiError } from './request.ts';
import { type SubmitOptions, useSubmit } from './use-submit.ts';

afterEach(cleanup);

function Probe(props: {
  fn: () => Promise<unknown>;
  opts?: SubmitOptions<unknown>;
  onResult?: (ok: boolean) => void;
}) {
  const { run, busy } = useSubmit(props.fn, props.opts);
  return (
    <button type="button" onClick={() => void run().then((ok) => props.onResult?.(ok))}>
      {busy ? 'busy' : 'idle'}
    </button>
  );
}

function wrap(node: React.ReactNode, qc = new QueryClient()) {
  return render(
    <QueryClientProvider client={qc}>
      <App>{node}</App>
    </QueryClientProvider>,
  );
}

describe('useSubmit', { timeout: 30_000 }, () => {
  it('busy → call once however often clicked → toast in the user language → refresh the family → done', async () => {
    await i18n.changeLanguage('en');
    const qc = new QueryClient();
    qc.setQueryData(resourceKey('materialList', 1), 1);
    qc.setQueryData(resourceKey('users', 1), 1);
    let release: (v: unknown) => void = () => {};
    const fn = vi.fn(() => new Promise((r) => (release = r)));
    const onDone = vi.fn();
    const results: boolean[] = [];
    wrap(
      <Probe fn={fn} opts={{ refresh: ['materialList'], onDone }} onResult={(ok) => results.push(ok)} />,
      qc,
    );
    const button = screen.getByRole('button');
    fireEvent.click(button);
    fireEvent.click(button);
    await screen.findByText('busy');
    expect(fn).toHaveBeenCalledTimes(1);
    await act(async () => release({ id: 7 }));
    await screen.findByText('Operation succeeded');
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ id: 7 }));
    expect(results).toEqual([false, true]);
    expect(qc.getQueryState(resourceKey('materialList', 1))?.isInvalidated).toBe(true);
    expect(qc.getQueryState(resourceKey('users', 1))?.isInvalidated).toBe(false);
    await screen.findByText('idle');
    await i18n.changeLanguage('zh');
  });

  it('a refusal: no success toast, no done; the request client has already said why', async () => {
    const onDone = vi.fn();
    const results: boolean[] = [];
    const fn = vi.fn().mockRejectedValue(new ApiError('拒绝', 400, 'x'));
    wrap(<Probe fn={fn} opts={{ onDone }} onResult={(ok) => results.push(ok)} />);
    fireEvent.click(screen.getByRole('button'));
    await waitFor(() => expect(results).toEqual([false]));
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.queryByText('操作成功')).toBeNull();
    expect(screen.queryByText('接口请求失败')).toBeNull();
    expect(screen.getByRole('button').textContent).toBe('idle');
  });

  it('any other error is said with the failure message, never as a success', async () => {
    const fn = vi.fn().mockRejectedValue(new Error('boom'));
    wrap(<Probe fn={fn} />);
    fireEvent.click(screen.getByRole('button'));
    await screen.findByText('接口请求失败');
    expect(screen.queryByText('操作成功')).toBeNull();
  });
});

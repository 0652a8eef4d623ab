// The one submit path of a form or a button: busy → call → toast → refresh → done. Double-click safe (a ref,
// so two clicks in one tick still call once). A refusal is shown by the request client in the user's language
// (ApiError); anything else that goes wrong is said with the generic failure message — never a success toast
// after an error. A form's own validation failure (antd's errorFields) is left to the form.
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refreshResources } from './query-keys.ts';
import { ApiError } from './request.ts';

export interface SubmitOptions<R> {
  /**
   * The catalogue key said on success (default `common.operationSuccess`); `false` says nothing; a function
   * answers the text itself from the answer (or `false`: nothing).
   */
  success?: string | false | ((answer: R) => string | false);
  /** Resource families whose queries are refreshed after success (query-keys.ts). */
  refresh?: readonly string[];
  /** Runs after the toast and the refresh (close the dialog, reload the page's own data…). */
  onDone?: (answer: R) => unknown;
}

export interface Submit<A extends unknown[]> {
  /** Calls once at a time; resolves true when the call succeeded. */
  run: (...args: A) => Promise<boolean>;
  busy: boolean;
}

export function isFormValidationError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'errorFields' in err;
}

export function useSubmit<A extends unknown[], R>(
  fn: (...args: A) => Promise<R>,
  opts: SubmitOptions<R> = {},
): Submit<A> {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const latest = useRef({ fn, opts });
  latest.current = { fn, opts };
  const run = useCallback(
    async (...args: A): Promise<boolean> => {
      if (running.current) return false;
      running.current = true;
      setBusy(true);
      try {
        const answer = await latest.current.fn(...args);
        const { success = 'common.operationSuccess', refresh, onDone } = latest.current.opts;
        const said = typeof success === 'function' ? success(answer) : success && t(success);
        if (said) void message.success(said);
        if (refresh?.length) await refreshResources(qc, refresh);
        await onDone?.(answer);
        return true;
      } catch (err) {
        if (!(err instanceof ApiError) && !isFormValidationError(err))
          void message.error(t('request.failed'));
        return false;
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [message, qc, t],
  );
  return { run, busy };
}

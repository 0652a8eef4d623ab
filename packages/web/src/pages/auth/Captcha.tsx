import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';

export interface CaptchaHandle {
  uuid: string;
  refresh: () => void;
}

/** The captcha image of auth/code; a click fetches a new one. */
export function useCaptcha(): CaptchaHandle & { img: string } {
  const [state, setState] = useState({ img: '', uuid: '' });
  const refresh = useCallback(() => {
    api.captcha().then(
      (c) => setState({ img: c.img, uuid: c.uuid }),
      () => setState({ img: '', uuid: '' }),
    );
  }, []);
  useEffect(() => refresh(), [refresh]);
  return { ...state, refresh };
}

export function CaptchaImage({ img, onRefresh }: { img: string; onRefresh: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="captcha" onClick={onRefresh} title={t('common.refreshCaptcha')}>
      {img ? <img src={img} alt={t('login.code')} data-testid="captcha-img" /> : <span>…</span>}
    </button>
  );
}

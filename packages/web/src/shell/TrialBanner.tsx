import { ClockCircleOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../stores/dialogs.ts';
import { roleTypeOf, useSession } from '../stores/session.ts';
import { certifyStep, showTrialBanner } from './reminder-rules.ts';

export function TrialBanner() {
  const { t } = useTranslation();
  const { tenantCheckStatus, stopday, user } = useSession();
  const showReminder = useDialogs((s) => s.showReminder);
  if (!showTrialBanner(roleTypeOf(user), tenantCheckStatus, stopday)) return null;
  const days = stopday ?? 0;
  return (
    <div className={`trial-banner${days > 0 ? '' : ' trial-banner-expired'}`} data-testid="trial-banner">
      <ClockCircleOutlined />
      <span>{days > 0 ? t('nav.trialDays', { days }) : t('nav.trialExpired')}</span>
      <Button type="link" size="small" onClick={() => showReminder(certifyStep(tenantCheckStatus))}>
        {t('nav.certifyNow')}
      </Button>
    </div>
  );
}

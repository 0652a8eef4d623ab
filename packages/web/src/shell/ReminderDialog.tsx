import {
  CheckCircleFilled,
  ClockCircleFilled,
  ExclamationCircleFilled,
  LockFilled,
  QrcodeOutlined,
} from '@ant-design/icons';
import { Button, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTH, UPLOAD_DIALOG_WIDTH } from '../config.ts';
import { useDialogs } from '../stores/dialogs.ts';
import { useSession } from '../stores/session.ts';
import { CertificationForm } from './CertificationForm.tsx';
import { certifyStep } from './reminder-rules.ts';

/** The reminder dialog, content types 1-6 of spec §2. */
export function ReminderDialog() {
  const { t } = useTranslation();
  const type = useDialogs((s) => s.reminder);
  const show = useDialogs((s) => s.showReminder);
  const stopday = useSession((s) => s.stopday);
  const status = useSession((s) => s.tenantCheckStatus);
  const close = () => show(null);
  const certify = () => show(certifyStep(status));

  let icon: ReactNode = null;
  let text = '';
  let actions: ReactNode = null;
  switch (type) {
    case 1:
      icon = <ClockCircleFilled className="reminder-icon" />;
      text = t('reminder.trialDays', { days: stopday ?? 0 });
      actions = (
        <>
          <Button onClick={close}>{t('reminder.continueTrial')}</Button>
          <Button type="primary" onClick={certify}>
            {t('reminder.certify')}
          </Button>
        </>
      );
      break;
    case 3:
      icon = <ExclamationCircleFilled className="reminder-icon reminder-warn" />;
      text = t('reminder.expired');
      actions = (
        <>
          <Button onClick={() => show(5)}>{t('reminder.contactActivate')}</Button>
          <Button type="primary" onClick={certify}>
            {t('reminder.certify')}
          </Button>
        </>
      );
      break;
    case 4:
      icon = <LockFilled className="reminder-icon reminder-warn" />;
      text = t('reminder.needInvite');
      break;
    case 5:
      icon = <QrcodeOutlined className="reminder-qr" />;
      text = t('reminder.scanText');
      break;
    case 6:
      icon = <CheckCircleFilled className="reminder-icon reminder-ok" />;
      text = t('reminder.submitted');
      break;
    default:
      break;
  }
  if (!actions && type !== 2) {
    actions = (
      <Button type="primary" onClick={close}>
        {t('reminder.gotIt')}
      </Button>
    );
  }

  return (
    <Modal
      open={type !== null}
      onCancel={close}
      footer={null}
      width={type === 2 ? UPLOAD_DIALOG_WIDTH : DIALOG_WIDTH}
      title={
        type === 2 ? t('reminder.uploadTitle') : type === 5 ? t('reminder.scanTitle') : t('reminder.title')
      }
      destroyOnHidden
      centered
      data-testid="reminder-dialog"
    >
      {type === 2 ? (
        <CertificationForm onSubmitted={() => show(6)} />
      ) : (
        <div className="reminder" data-type={type ?? undefined}>
          {icon}
          <p className="reminder-text">{text}</p>
          <div className="reminder-actions">{actions}</div>
        </div>
      )}
    </Modal>
  );
}

import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export default function NoPermission() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={t('error.noPermissionTitle')}
      subTitle={t('error.noPermissionText')}
      extra={
        <>
          <Button onClick={() => void navigate(-1)}>{t('common.back')}</Button>
          <Button type="primary" onClick={() => void navigate('/')}>
            {t('common.backHome')}
          </Button>
        </>
      }
    />
  );
}

import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export default function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('error.notFoundTitle')}
      subTitle={t('error.notFoundText')}
      extra={
        <Button type="primary" onClick={() => void navigate('/')}>
          {t('common.backHome')}
        </Button>
      }
    />
  );
}

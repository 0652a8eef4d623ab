import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="page-card">
      <Result
        status="info"
        title={t('common.comingSoonTitle')}
        subTitle={t('common.comingSoonText', { title })}
        extra={
          <Button type="primary" onClick={() => void navigate('/')}>
            {t('common.backHome')}
          </Button>
        }
      />
    </div>
  );
}

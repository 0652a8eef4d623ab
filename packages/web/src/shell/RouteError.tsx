import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  console.error(error);
  return (
    <Result
      status="warning"
      title={t('request.chunkFailed')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}

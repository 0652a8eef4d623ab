// The batch workbench's weather warning: shown only when a port or the site reaches the wind
// or rain limit in the coming days; nothing when calm or when no forecast can be had.
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { WarningList } from './WeatherForecast.tsx';
import { weatherApi } from './weather-api.ts';

export function WeatherAlert({ batchId }: { batchId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const q = useQuery({
    queryKey: ['weather', 'batch', batchId],
    queryFn: () => weatherApi.batch(batchId),
    staleTime: 10 * 60_000,
    retry: false,
  });
  if (!q.data?.warnings.length) return null;
  return (
    <div style={{ margin: '12px 0' }}>
      <WarningList answer={q.data} />
      <Button size="small" type="link" onClick={() => navigate(`/tools/weather?batch=${batchId}`)}>
        {t('services.weather.openWeather')}
      </Button>
    </div>
  );
}

// How many boxes of a batch are in each logistics state: a bar in proportion and a chip per state.
// The logistics page shows every state; the batch workbench a compact bar with the states in use.
import { useQuery } from '@tanstack/react-query';
import { LogisticsStatus, logisticsLabels } from '@tradelane/contract';
import { Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { statusHex } from '../../components/status/status.tsx';
import { pick } from '../../i18n/index.ts';
import { type BatchCounts, logisticsApi } from './logistics-api.ts';
import './logistics.css';

const STATES = Object.values(LogisticsStatus);
const colorOf = (s: number) => statusHex('logistics_status', s);

export function useBatchCounts(q: { batchId?: number; projectId?: number }) {
  return useQuery({
    queryKey: ['resource', 'boxPiece', 'logisticsCounts', q],
    queryFn: () => logisticsApi.counts(q),
    enabled: Boolean(q.batchId || q.projectId),
  });
}

export function CountStrip({ counts, compact }: { counts: BatchCounts | undefined; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const total = counts?.total ?? 0;
  const n = (s: number) => counts?.counts[String(s)] ?? 0;
  const shown = compact ? STATES.filter((s) => n(s) > 0) : STATES;
  const label = (s: number) => pick(lang, logisticsLabels[s]?.zh ?? '', logisticsLabels[s]?.en ?? '');
  return (
    <div className={`lg-strip${compact ? ' lg-strip-compact' : ''}`} data-testid="count-strip">
      <div className="lg-bar" role="img" aria-label={t('logistics.counts.title')}>
        {total > 0 ? (
          STATES.filter((s) => n(s) > 0).map((s) => (
            <Tooltip key={s} title={`${label(s)}: ${n(s)}`}>
              <span style={{ flexGrow: n(s), background: colorOf(s) }} />
            </Tooltip>
          ))
        ) : (
          <span className="lg-bar-empty" />
        )}
      </div>
      <div className="lg-chips">
        {shown.map((s) => (
          <span key={s} className={`lg-chip${n(s) ? '' : ' lg-chip-zero'}`} data-count={`${s}:${n(s)}`}>
            <i style={{ background: colorOf(s) }} />
            {label(s)} <b>{n(s)}</b>
          </span>
        ))}
        <Typography.Text type="secondary" className="lg-total">
          {total ? t('logistics.counts.total', { count: total }) : t('logistics.counts.none')}
        </Typography.Text>
      </div>
    </div>
  );
}

/** The batch workbench's view: the batch's boxes per state, from the project's counts, to its page. */
export function BatchLogistics({ batchId, projectId }: { batchId: number; projectId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const q = useBatchCounts({ projectId });
  const counts = q.data?.find((c) => c.batchId === batchId);
  return (
    <div className="lg-wb">
      <div className="pw-bar">
        <Typography.Text strong className="pw-grow">
          {t('logistics.counts.title')}
        </Typography.Text>
        <Typography.Link onClick={() => navigate(`/logistics/index?batchId=${batchId}`)}>
          {t('logistics.counts.open')}
        </Typography.Link>
      </div>
      <CountStrip counts={counts} compact />
    </div>
  );
}

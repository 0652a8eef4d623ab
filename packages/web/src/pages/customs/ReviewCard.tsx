// The declaration's review history: each step with its note, when and by whom.
import { formatTime } from '@tradelane/contract';
import { Card, Empty, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { customsApi } from './customs-api.ts';

type Review = Awaited<ReturnType<typeof customsApi.reviews>>[number];

export function ReviewCard({ reviews }: { reviews: Review[] | undefined }) {
  const { t } = useTranslation();
  return (
    <Card size="small" className="pw-card" title={t('customs.review')}>
      {reviews?.length ? (
        <Timeline
          items={reviews.map((r) => ({
            key: r.id,
            color:
              r.action === 'back'
                ? 'red'
                : r.action === 'approve' || r.action === 'archive'
                  ? 'green'
                  : 'blue',
            content: (
              <div>
                <div>
                  {r.opinion
                    ? t('customs.withNote', { what: t(`customs.events.${r.action}`), note: r.opinion })
                    : t(`customs.events.${r.action}`)}
                </div>
                <Typography.Text type="secondary" className="pw-sub">
                  {formatTime(r.createTime)} · {r.createBy} · {r.authorName}
                </Typography.Text>
              </div>
            ),
          }))}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('customs.noEvents')} />
      )}
    </Card>
  );
}

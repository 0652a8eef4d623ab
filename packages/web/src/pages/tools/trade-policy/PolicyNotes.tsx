// Policy notes as a list (the search page and the badges' popover), and the small badge a material row
// or a declaration line shows when notes apply to its HS code in its destination country.
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Empty, List, Popover, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatHs } from '../hs/hs-query.ts';
import { applicableFor, type PolicyNote, type PolicyScope, type TariffRate } from './policy-api.ts';

const typeColor: Record<string, string> = {
  licence: 'gold',
  inspection: 'cyan',
  restriction: 'orange',
  prohibition: 'red',
  anti_dumping: 'magenta',
  countervailing: 'magenta',
  quota: 'purple',
  certification: 'blue',
};

export function NoteList({ notes, compact }: { notes: PolicyNote[]; compact?: boolean }) {
  const { t } = useTranslation();
  if (!notes.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('finance.policy.noNotes')} />;
  return (
    <List
      size="small"
      dataSource={notes}
      renderItem={(n) => (
        <List.Item key={n.id} data-note={n.noteType}>
          <div style={{ width: '100%' }}>
            <Space wrap size={6}>
              <Tag color={typeColor[n.noteType] ?? 'default'}>{n.noteTypeLabel}</Tag>
              <code>{formatHs(n.hsPrefix)}</code>
              {n.expired && <Tag>{t('finance.policy.expired')}</Tag>}
              {n.upcoming && <Tag color="processing">{t('finance.policy.upcoming')}</Tag>}
              <Typography.Text strong>{n.title}</Typography.Text>
            </Space>
            {n.content && !compact && (
              <Typography.Paragraph style={{ margin: '4px 0 0' }}>{n.content}</Typography.Paragraph>
            )}
            <div className="pw-sub pw-secondary">
              {t('finance.policy.validity')}: {n.validFrom} ~ {n.validTo ?? t('finance.policy.forever')}
              {' · '}
              {t('finance.policy.source')}:{' '}
              {n.sourceUrl ? (
                <a href={n.sourceUrl} target="_blank" rel="noreferrer noopener">
                  {n.sourceText || n.sourceUrl}
                </a>
              ) : (
                n.sourceText
              )}
            </div>
          </div>
        </List.Item>
      )}
    />
  );
}

export function RateLine({ rate }: { rate: TariffRate }) {
  const { t } = useTranslation();
  return (
    <Space size={6} wrap>
      <Tag color="green">{t('finance.policy.rateLine', { mfn: Number(rate.mfnRate) })}</Tag>
      {rate.preferentialRate !== null && (
        <Tag color="lime">
          {t('finance.policy.prefLine', {
            agreement: rate.agreement ?? t('finance.policy.preferentialRate'),
            rate: Number(rate.preferentialRate),
          })}
        </Tag>
      )}
    </Space>
  );
}

/** A badge's scope from a destination country, none without one. */
export const countryScope = (country: string | null | undefined): PolicyScope | null =>
  country ? { country } : null;

/** The badge: how many notes apply (a popover lists them with the duty rate); nothing when none apply. */
export function PolicyBadge({ scope, code }: { scope: PolicyScope | null; code: string | null | undefined }) {
  const { t } = useTranslation();
  const digits = (code ?? '').replace(/\D/g, '');
  const q = useQuery({
    queryKey: ['tradePolicy', 'applicable', scope, digits],
    queryFn: () => applicableFor(scope as PolicyScope, digits),
    enabled: Boolean(scope && digits.length >= 4),
    staleTime: 5 * 60_000,
  });
  const item = q.data?.item;
  if (!item || (!item.notes.length && !item.rate)) return null;
  return (
    <Popover
      trigger={['click', 'hover']}
      title={t('finance.policy.badgeTitle', { country: q.data?.countryName, code: formatHs(digits) })}
      content={
        <div style={{ maxWidth: 460 }}>
          {item.rate && <RateLine rate={item.rate} />}
          <NoteList notes={item.notes} compact />
        </div>
      }
    >
      <Badge
        count={item.notes.length}
        size="small"
        color={item.notes.some((n) => n.noteType === 'prohibition') ? 'red' : 'gold'}
        showZero={false}
      >
        <SafetyCertificateOutlined
          className="policy-badge"
          data-policy-code={digits}
          aria-label={t('finance.policy.badge', { count: item.notes.length })}
          style={{ color: item.notes.length ? '#d48806' : '#52c41a', marginLeft: 6, cursor: 'pointer' }}
        />
      </Badge>
    </Popover>
  );
}

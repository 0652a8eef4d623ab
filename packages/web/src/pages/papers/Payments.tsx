// Paid and outstanding per currency of a confirmed statement, in one cell of the statements list.
import type { PaymentSummary } from '@tradelane/contract';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export function Payments({ payments }: { payments: PaymentSummary[] }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" size={0}>
      {payments.map((p) => (
        <Typography.Text key={p.currency} className="pw-num" data-currency={p.currency} type="secondary">
          {`${p.currency} `}
          <Typography.Text type="success">{t('vouchers.paidShort', { paid: p.paid })}</Typography.Text>
          {' · '}
          <Typography.Text type={p.outstandingMinor === '0' ? 'secondary' : 'warning'}>
            {t('vouchers.outstandingShort', { outstanding: p.outstanding })}
          </Typography.Text>
        </Typography.Text>
      ))}
    </Space>
  );
}

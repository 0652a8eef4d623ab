// Bank and credit information (menu "finance/credit"; spec §7 creditCarddInformation): a company keeps
// its own bank account (SWIFT/BIC checked by the contract's rule before anything is sent); the
// platform's finance side sees every company's and sets the credit rating and limit.
import { useQuery } from '@tanstack/react-query';
import { creditInfoCreate, creditRatings } from '@tradelane/contract';
import { Alert, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrencies } from '../../components/domain/lookups.ts';
import { ResourcePage, resourceKey } from '../../components/resource/ResourcePage.tsx';
import type { ResourceDecl } from '../../components/resource/types.ts';
import { useSession } from '../../stores/session.ts';
import { type CreditInfoRow, financeApi } from './finance-api.ts';

type Values = Omit<CreditInfoRow, 'id' | 'tenantId' | 'tenantName' | 'outstanding'>;

export default function CreditPage() {
  const { t } = useTranslation();
  const finance = useSession((s) => s.roles.includes('financing:review'));
  const currencies = useCurrencies() ?? [];
  // A company registers once: with its row there, it edits instead of adding.
  const rows = useQuery({
    queryKey: [...resourceKey('creditCarddInformation'), 'own'],
    queryFn: financeApi.creditInfos,
  });
  const registered = !finance && (rows.data?.content.length ?? 0) > 0;
  const decl = useMemo(
    (): ResourceDecl<CreditInfoRow, Values> => ({
      name: 'creditCarddInformation',
      defaultSort: 'id,asc',
      pageSize: 20,
      exportable: false,
      // Spec §7: the list is read with page 0 and size 100000.
      list: () => financeApi.creditInfos(),
      columns: [
        { key: 'tenantName', width: 200, kind: 'ellipsis' },
        { key: 'bankName', width: 180, kind: 'ellipsis' },
        { key: 'bankAccount', width: 190 },
        {
          key: 'swiftCode',
          width: 130,
          render: (r) => <code>{r.swiftCode}</code>,
        },
        {
          key: 'creditRating',
          width: 110,
          render: (r) => (r.creditRating ? <Tag color="blue">{r.creditRating}</Tag> : '-'),
        },
        {
          key: 'creditLimit',
          width: 160,
          render: (r) =>
            r.creditLimit ? <span className="pw-num">{`${r.currency} ${r.creditLimit}`}</span> : '-',
        },
        {
          key: 'outstanding',
          width: 150,
          render: (r) => <span className="pw-num">{`${r.currency} ${r.outstanding}`}</span>,
        },
      ],
      form: {
        schema: creditInfoCreate,
        width: 560,
        fields: [
          { name: 'bankName', required: true },
          { name: 'bankAccount', required: true },
          { name: 'accountName' },
          {
            name: 'swiftCode',
            required: true,
            extraKey: 'finance.credit.swiftHelp',
          },
          {
            name: 'currency',
            type: 'select',
            required: true,
            initial: 'CNY',
            options: () => currencies.map((c) => ({ value: c.code, label: c.code })),
          },
          {
            name: 'creditRating',
            type: 'select',
            options: () => creditRatings.map((r) => ({ value: r, label: r })),
            when: () => finance,
          },
          { name: 'creditLimit', when: () => finance },
          { name: 'remark', type: 'textarea' },
        ],
        // Only the finance side sends the rating and the limit.
        toBody: (v) => {
          const { creditRating, creditLimit, ...rest } = v;
          return finance
            ? { ...rest, creditRating: creditRating ?? null, creditLimit: creditLimit || null }
            : rest;
        },
      },
      permissions: {
        // A company registers its information once: afterwards the add button is not offered.
        add: registered ? undefined : { permission: ['creditInfo:edit'] },
        edit: { permission: ['creditInfo:edit'] },
      },
    }),
    [finance, currencies, registered],
  );
  return (
    <ResourcePage<CreditInfoRow, Values>
      decl={decl}
      titleKey="finance.credit.what"
      header={
        finance ? null : (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            message={t('finance.credit.ratingByFinance')}
          />
        )
      }
    />
  );
}

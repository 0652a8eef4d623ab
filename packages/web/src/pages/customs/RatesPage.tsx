// The exchange-rate table (menu "customs/rates"): units of a currency per one unit of the base
// currency, per month. Everyone reads it; the platform administrator maintains it or imports a CSV.
import { UploadOutlined } from '@ant-design/icons';
import { type exchangeRateAnswer, exchangeRateCreate } from '@tradelane/contract';
import { customsOps } from '@tradelane/contract/api/customs';
import { App, Button, Upload } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type Need, useCan } from '../../access/permissions.ts';
import { call } from '../../api/client.ts';
import { ResourcePage } from '../../components/resource/ResourcePage.tsx';
import type { ResourceDecl } from '../../components/resource/types.ts';

const EDIT: Need = { permission: ['exchangeRate:edit'] };

type RateRow = z.infer<typeof exchangeRateAnswer>;

export default function RatesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();

  const decl = useMemo(
    (): ResourceDecl<RateRow> => ({
      name: 'exchangeRate',
      defaultSort: 'month,desc',
      filters: [
        { name: 'currency', type: 'text' },
        { name: 'month', type: 'text' },
      ],
      columns: [
        { key: 'month', width: 120, sortable: true },
        { key: 'currency', width: 120, sortable: true },
        { key: 'baseCurrency', width: 120 },
        { key: 'rate', width: 160 },
      ],
      form: {
        schema: exchangeRateCreate,
        fields: [
          { name: 'currency', required: true },
          { name: 'baseCurrency', required: true },
          { name: 'month', required: true },
          { name: 'rate', required: true },
        ],
      },
      permissions: { add: EDIT, edit: EDIT, del: EDIT },
    }),
    [],
  );
  return (
    <>
      {can(EDIT) ? (
        <div style={{ padding: '12px 16px 0' }}>
          <Upload
            accept=".csv,text/csv"
            showUploadList={false}
            beforeUpload={async (file) => {
              try {
                const res = await call(customsOps.importRates, { csv: await file.text() });
                message.success(t('customs.rates.imported', { n: res.imported }));
              } catch {
                /* shown by the request client */
              }
              return false;
            }}
          >
            <Button icon={<UploadOutlined />}>{t('customs.rates.import')}</Button>
          </Upload>
        </div>
      ) : null}
      <ResourcePage decl={decl} titleKey="customs.rates.what" />
    </>
  );
}

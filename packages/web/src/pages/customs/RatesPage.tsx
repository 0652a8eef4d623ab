import { type exchangeRateAnswer, exchangeRateCreate } from '@tradelane/contract';
import { customsOps } from '@tradelane/contract/api/customs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type Need, useCan } from '../../access/permissions.ts';
import { ResourcePage } from '../../components/resource/ResourcePage.tsx';
import type { ResourceDecl } from '../../components/resource/types.ts';
import { CsvImport } from './CsvImport.tsx';

const EDIT: Need = { permission: ['exchangeRate:edit'] };

type RateRow = z.infer<typeof exchangeRateAnswer>;

export default function RatesPage() {
  const { t } = useTranslation();
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
        <CsvImport
          op={customsOps.importRates}
          importKey="customs.rates.import"
          doneKey="customs.rates.imported"
        />
      ) : null}
      <ResourcePage decl={decl} titleKey="customs.rates.what" />
    </>
  );
}

import { type exchangeRateAnswer, exchangeRateCreate } from '@tradelane/contract';
import { useMemo } from 'react';
import type { z } from 'zod';
import type { Need } from '../../access/permissions.ts';
import type { ResourceDecl } from '../../components/resource/types.ts';
import { CsvTable } from './CsvTable.tsx';

const EDIT: Need = { permission: ['exchangeRate:edit'] };

type RateRow = z.infer<typeof exchangeRateAnswer>;

export default function RatesPage() {
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
  return <CsvTable<RateRow> decl={decl} table="rates" edit={EDIT} />;
}

import { customsCodeDictCreate, customsCodeKinds } from '@tradelane/contract';
import { useMemo } from 'react';
import type { Need } from '../../access/permissions.ts';
import type { DeclContext, ResourceDecl } from '../../components/resource/types.ts';
import { CsvTable } from './CsvTable.tsx';
import type { CustomsCodeRow } from './Pickers.tsx';

const EDIT: Need = { permission: ['customsCode:import'] };
const kindOptions = ({ t }: DeclContext) =>
  customsCodeKinds.map((k) => ({ value: k, label: t(`customs.codes.kinds.${k}`) }));

export default function CustomsCodesPage() {
  const decl = useMemo(
    (): ResourceDecl<CustomsCodeRow> => ({
      name: 'customsCode/dict',
      defaultSort: 'kind,asc',
      filters: [
        { name: 'kind', type: 'select', options: kindOptions, width: 180 },
        { name: 'blurry', labelKey: 'customs.codes.code', type: 'text' },
      ],
      columns: [
        {
          key: 'kind',
          width: 160,
          render: (r, { t: tr }) => tr(`customs.codes.kinds.${r.kind}`),
        },
        { key: 'code', width: 100, sortable: true },
        { key: 'nameZh' },
        { key: 'nameEn' },
        { key: 'sort', width: 90, sortable: true },
      ],
      form: {
        schema: customsCodeDictCreate,
        fields: [
          {
            name: 'kind',
            type: 'select',
            options: kindOptions,
            required: true,
          },
          { name: 'code', required: true },
          { name: 'nameZh', required: true },
          { name: 'nameEn', required: true },
          { name: 'sort', type: 'number', min: 0 },
        ],
      },
      permissions: { add: EDIT, edit: EDIT, del: EDIT },
    }),
    [],
  );
  return <CsvTable<CustomsCodeRow> decl={decl} table="codes" edit={EDIT} />;
}

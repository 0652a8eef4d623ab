import { customsCodeDictCreate, customsCodeKinds } from '@tradelane/contract';
import { customsOps } from '@tradelane/contract/api/customs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Need, useCan } from '../../access/permissions.ts';
import { ResourcePage } from '../../components/resource/ResourcePage.tsx';
import type { DeclContext, ResourceDecl } from '../../components/resource/types.ts';
import { CsvImport } from './CsvImport.tsx';
import type { CustomsCodeRow } from './Pickers.tsx';

const EDIT: Need = { permission: ['customsCode:import'] };
const kindOptions = ({ t }: DeclContext) =>
  customsCodeKinds.map((k) => ({ value: k, label: t(`customs.codes.kinds.${k}`) }));

export default function CustomsCodesPage() {
  const { t } = useTranslation();
  const can = useCan();

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
  return (
    <>
      {can(EDIT) ? (
        <CsvImport
          op={customsOps.importCodes}
          importKey="customs.codes.import"
          doneKey="customs.codes.imported"
        />
      ) : null}
      <ResourcePage decl={decl} titleKey="customs.codes.title" />
    </>
  );
}

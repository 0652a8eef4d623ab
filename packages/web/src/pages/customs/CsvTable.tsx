// A reference table with a CSV import (the customs codes, the exchange rates): the file is read in the
// browser and sent as text to the table's import operation, which answers how many rows it took; the
// import button sits in the table's toolbar for those who may edit the table, and the table reloads.
import { UploadOutlined } from '@ant-design/icons';
import { customsOps } from '@tradelane/contract/api/customs';
import { App, Button, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Need, useCan } from '../../access/permissions.ts';
import { call } from '../../api/client.ts';
import { ResourcePage, useRefresh } from '../../components/resource/ResourcePage.tsx';
import type { ResourceDecl, Row } from '../../components/resource/types.ts';

/**
 * Each table's import operation and its catalogue section: the list's title, the button `import`, its
 * tooltip `importHint` (the file's columns) and the toast `imported` ({{n}}: the rows imported).
 */
const TABLES = {
  codes: { op: customsOps.importCodes, titleKey: 'customs.codes.title', keys: 'customs.codes' },
  rates: { op: customsOps.importRates, titleKey: 'customs.rates.what', keys: 'customs.rates' },
} as const;

export function CsvTable<T extends Row>({
  decl,
  table,
  edit,
}: {
  decl: ResourceDecl<T>;
  table: keyof typeof TABLES;
  /** Who may import (the table's edit permission). */
  edit: Need;
}) {
  const { op, titleKey, keys } = TABLES[table];
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const refresh = useRefresh(decl.name);
  const upload = can(edit) ? (
    <Upload
      accept=".csv,text/csv"
      showUploadList={false}
      beforeUpload={async (file) => {
        try {
          const res = await call(op, { csv: await file.text() });
          message.success(t(`${keys}.imported`, { n: res.imported }));
          await refresh();
        } catch {
          /* shown by the request client */
        }
        return false;
      }}
    >
      <Button icon={<UploadOutlined />} title={t(`${keys}.importHint`)}>
        {t(`${keys}.import`)}
      </Button>
    </Upload>
  ) : null;
  return <ResourcePage<T> decl={decl} titleKey={titleKey} toolbar={upload} />;
}

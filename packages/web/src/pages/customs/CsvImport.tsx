// A CSV import above a reference table (the customs codes, the exchange rates): the file is read in the
// browser and sent as text to the table's import operation, which answers how many rows it took.
import { UploadOutlined } from '@ant-design/icons';
import type { customsOps } from '@tradelane/contract/api/customs';
import { App, Button, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';

export function CsvImport({
  op,
  importKey,
  doneKey,
}: {
  op: typeof customsOps.importCodes | typeof customsOps.importRates;
  /** The button's i18n key. */
  importKey: string;
  /** The success message's i18n key ({{n}}: the rows imported). */
  doneKey: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (
    <div style={{ padding: '12px 16px 0' }}>
      <Upload
        accept=".csv,text/csv"
        showUploadList={false}
        beforeUpload={async (file) => {
          try {
            const res = await call(op, { csv: await file.text() });
            message.success(t(doneKey, { n: res.imported }));
          } catch {
            /* shown by the request client */
          }
          return false;
        }}
      >
        <Button icon={<UploadOutlined />}>{t(importKey)}</Button>
      </Upload>
    </div>
  );
}

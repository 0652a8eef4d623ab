// The documents page's "generate" actions: the batch's commercial invoice or packing list drawn
// as a PDF by the server from the boxes, their contents and the material prices, added as a document.
import { FilePdfOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { vouchersApi } from './vouchers-api.ts';

type Busy = (
  call: () => Promise<unknown>,
  okKey: string,
  params?: Record<string, unknown>,
) => Promise<boolean>;

export function GenerateButtons({ batchId, busy }: { batchId: number; busy: Busy }) {
  const { t } = useTranslation();
  const [running, setRunning] = useState<string | null>(null);
  const generate = async (docType: 'commercial_invoice' | 'packing_list') => {
    setRunning(docType);
    // Named in the toast once the server has answered.
    const said = { name: '' };
    await busy(
      async () => {
        const made = await vouchersApi.generate(batchId, docType);
        said.name = made.content.map((d) => d.name).join(t('vouchers.nameSeparator'));
      },
      'vouchers.generated',
      said,
    );
    setRunning(null);
  };
  return (
    <>
      {(['commercial_invoice', 'packing_list'] as const).map((type) => (
        <Tooltip key={type} title={t('vouchers.generateHint')}>
          <Button icon={<FilePdfOutlined />} loading={running === type} onClick={() => void generate(type)}>
            {t(type === 'commercial_invoice' ? 'vouchers.generateInvoice' : 'vouchers.generatePacking')}
          </Button>
        </Tooltip>
      ))}
    </>
  );
}

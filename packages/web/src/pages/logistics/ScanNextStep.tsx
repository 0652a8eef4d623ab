// The scan page's logistics part: the one next step the caller may take on the scanned box (from its
// `logisticsActions` and the caller's permissions) as one big button, and "raise abnormality".

import { WarningOutlined } from '@ant-design/icons';
import type { Grant } from '@tradelane/contract';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { useCan } from '../../access/permissions.ts';
import type { DeclContext } from '../../components/resource/types.ts';
import { AbnormalModal } from './AbnormalModal.tsx';
import { BOX_COMMANDS, eventLabel, nextStep } from './commands.ts';
import type { LogisticsBox } from './logistics-api.ts';
import { useRunCommand } from './use-run.ts';
import './logistics.css';

export function ScanNextStep({ box, ctx }: { box: LogisticsBox; ctx: DeclContext }) {
  const { t } = ctx;
  const can = useCan();
  const has = (permission: Grant) => can({ permission: [permission] });
  const run = useRunCommand();
  const [busy, setBusy] = useState(false);
  const [raising, setRaising] = useState(false);
  const next = nextStep(box, has);
  const cmd = next ? BOX_COMMANDS[next] : undefined;
  return (
    <div className="lg-scan-next" data-testid="scan-next">
      {next && cmd ? (
        <Button
          type="primary"
          block
          loading={busy}
          data-command={next}
          onClick={async () => {
            setBusy(true);
            await run(
              next,
              () => cmd.run([box], {}),
              () => t('logistics.scan.done', { action: eventLabel(next, ctx.lang) }),
            );
            setBusy(false);
          }}
        >
          {eventLabel(next, ctx.lang)}
        </Button>
      ) : (
        <Typography.Text type="secondary">{t('logistics.scan.none')}</Typography.Text>
      )}
      {has('abnormalRecord:add') && (
        <Button block danger icon={<WarningOutlined />} onClick={() => setRaising(true)}>
          {t('logistics.scan.raise')}
        </Button>
      )}
      <AbnormalModal open={raising} boxes={[box]} onClose={() => setRaising(false)} />
    </div>
  );
}

// The declaration's tickets: division (automatic or by hand, lines moved between tickets) and declaring
// a ticket with the entry number the customs system gave it.
import { ScissorOutlined } from '@ant-design/icons';
import { Button, Card, Input, Modal, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customsApi, type TicketRow } from './customs-api.ts';
import { TicketBoard } from './TicketBoard.tsx';
import type { DeclarationParts } from './types.ts';

export function TicketsCard(parts: DeclarationParts) {
  const { declare, tickets, editable, selected, setSelected, run } = parts;
  const { t } = useTranslation();
  const [declaring, setDeclaring] = useState<TicketRow | null>(null);
  const [entry, setEntry] = useState('');

  return (
    <>
      <Card
        size="small"
        className="pw-card"
        title={t('customs.tickets')}
        extra={
          editable ? (
            <Space wrap>
              <Button icon={<ScissorOutlined />} onClick={() => run(() => customsApi.divide(declare.id))}>
                {t('customs.divide')}
              </Button>
              <Button onClick={() => run(() => customsApi.undivide(declare.id))}>
                {t('customs.undivide')}
              </Button>
              <Typography.Text type="secondary">
                {t('customs.selected', { n: selected.length })}
              </Typography.Text>
              <Select
                placeholder={t('customs.moveTo')}
                aria-label={t('customs.moveTo')}
                style={{ width: 160 }}
                disabled={!selected.length}
                value={null}
                onChange={(v: number) =>
                  run(() => customsApi.moveLines(v || null, selected)).then((ok) => ok && setSelected([]))
                }
                options={[
                  ...tickets.map((x) => ({
                    value: x.id,
                    label: t('customs.ticket', { no: x.ticketNo }),
                  })),
                  { value: 0, label: t('customs.board.toUndivided') },
                ]}
              />
              <Button
                disabled={!selected.length}
                onClick={() =>
                  run(() => customsApi.newTicket(declare.id, selected)).then((ok) => ok && setSelected([]))
                }
              >
                {t('customs.newTicket')}
              </Button>
            </Space>
          ) : null
        }
      >
        <TicketBoard parts={parts} onMoved={() => setSelected([])} onDeclare={setDeclaring} />
      </Card>
      <Modal
        open={declaring !== null}
        title={declaring ? t('customs.declareTitle', { no: declaring.ticketNo }) : ''}
        onCancel={() => setDeclaring(null)}
        onOk={async () => {
          if (declaring && (await run(() => customsApi.declareTicket(declaring.id, entry)))) {
            setDeclaring(null);
            setEntry('');
          }
        }}
      >
        <Input
          aria-label={t('customs.entryNumber')}
          placeholder={t('customs.entryNumber')}
          value={entry}
          maxLength={18}
          onChange={(e) => setEntry(e.target.value.trim())}
        />
      </Modal>
    </>
  );
}

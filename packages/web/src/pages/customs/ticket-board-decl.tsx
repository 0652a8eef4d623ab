// The ticket board as TicketBoard.tsx declares it: where a line may go (the drop zones, and the same
// targets as a card's "Move to ticket…" menu), how a drop is read, what a screen reader hears while a
// line is dragged by keyboard, and the pieces each zone shows (a line's card, a ticket's heading and
// its files and command).
import { DownloadOutlined, HolderOutlined, MoreOutlined } from '@ant-design/icons';
import {
  type Announcements,
  type CollisionDetection,
  pointerWithin,
  rectIntersection,
  type UniqueIdentifier,
  useDraggable,
  useDroppable,
} from '@dnd-kit/core';
import { DeclareStatus, groupThousands } from '@tradelane/contract';
import { Button, Card, Dropdown, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBlob } from '../../api/download.ts';
import { StatusTag } from '../../components/status/status.tsx';
import { customsApi, type DeclareRow, type LineRow, type TicketRow } from './customs-api.ts';

/** Where a line may go: a ticket (its id), out of every ticket, or into a ticket of its own. */
export type Target = number | 'undivided' | 'new';
export interface MoveItem {
  key: string;
  label: string;
  target: Target;
}
type T = (key: string, params?: Record<string, unknown>) => string;

/**
 * The zone under the pointer receives the line (a wide card dragged by its handle would otherwise overlap
 * the next zone more than the one pointed at); a keyboard drag has no pointer and goes by overlap.
 */
export const dropZone: CollisionDetection = (args) => {
  const under = pointerWithin(args);
  return under.length ? under : rectIntersection(args);
};
const zoneId = (target: Target) => `zone-${target}`;
export const targetOf = (id: UniqueIdentifier): Target => {
  const v = String(id).slice('zone-'.length);
  return v === 'undivided' || v === 'new' ? v : Number(v);
};

/** A card's menu: every other ticket, out of its ticket (when in one), and a new ticket. */
export function moveMenu(line: LineRow, tickets: TicketRow[], t: T): MoveItem[] {
  const items: MoveItem[] = tickets
    .filter((x) => x.id !== line.assortId)
    .map((x) => ({ key: String(x.id), label: t('customs.board.moveTo', { no: x.ticketNo }), target: x.id }));
  if (line.assortId)
    items.push({ key: 'undivided', label: t('customs.board.toUndivided'), target: 'undivided' });
  items.push({ key: 'new', label: t('customs.board.toNew'), target: 'new' });
  return items;
}

/** What a screen reader hears while a line is dragged with the keyboard, in the user's language. */
export function boardAnnouncements(lines: LineRow[], tickets: TicketRow[], t: T) {
  const lineNo = (id: UniqueIdentifier) => lines.find((l) => l.id === id)?.lineNo ?? '';
  const zoneName = (id: UniqueIdentifier) => {
    const target = targetOf(id);
    if (target === 'undivided') return t('customs.board.undividedName');
    if (target === 'new') return t('customs.board.newZone');
    return t('customs.ticket', { no: tickets.find((x) => x.id === target)?.ticketNo ?? '' });
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('customs.board.srPicked', { no: lineNo(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('customs.board.srOver', { no: lineNo(active.id), zone: zoneName(over.id) })
        : t('customs.board.srOutside', { no: lineNo(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t('customs.board.srDropped', { no: lineNo(active.id), zone: zoneName(over.id) })
        : t('customs.board.srCancelled', { no: lineNo(active.id) }),
    onDragCancel: ({ active }) => t('customs.board.srCancelled', { no: lineNo(active.id) }),
  };
  return { screenReaderInstructions: { draggable: t('customs.board.srInstructions') }, announcements };
}

export function LineSummary({ line }: { line: LineRow }) {
  return (
    <span className="customs-line-text">
      <b>{line.lineNo}</b> {line.name}
      <Typography.Text type="secondary" className="pw-sub">
        {' '}
        {line.tradeMode} · {line.contractNumber ?? '—'}
      </Typography.Text>
    </span>
  );
}

/** A line as a card: dragged by its handle, or moved by its menu, where the division may be edited. */
export function LineCard(props: {
  line: LineRow;
  editable: boolean;
  selected: boolean;
  moveTo: MoveItem[];
  onMove: (target: Target) => void;
}) {
  const { line, editable, moveTo } = props;
  const { t } = useTranslation();
  const { setNodeRef, attributes, listeners, isDragging } = useDraggable({
    id: line.id,
    disabled: !editable,
  });
  return (
    <div
      ref={setNodeRef}
      className={`customs-line${props.selected ? ' is-selected' : ''}${isDragging ? ' is-dragging' : ''}`}
      data-testid={`line-card-${line.lineNo}`}
    >
      {editable ? (
        <button
          type="button"
          className="customs-line-handle"
          {...attributes}
          {...listeners}
          aria-label={t('customs.board.drag', { no: line.lineNo })}
        >
          <HolderOutlined />
        </button>
      ) : null}
      <LineSummary line={line} />
      {editable ? (
        <Dropdown
          trigger={['click']}
          menu={{
            items: moveTo.map((m) => ({ key: m.key, label: m.label })),
            onClick: ({ key }) => {
              const item = moveTo.find((m) => m.key === key);
              if (item) props.onMove(item.target);
            },
          }}
        >
          <Button
            size="small"
            type="text"
            icon={<MoreOutlined />}
            aria-label={t('customs.board.moveMenu', { no: line.lineNo })}
          />
        </Dropdown>
      ) : null}
    </div>
  );
}

/** A drop zone: a card that lights up while a line is held over it. */
export function Zone(props: {
  target: Target;
  title: ReactNode;
  extra?: ReactNode;
  children?: ReactNode;
  testId: string;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: zoneId(props.target) });
  return (
    <Card
      ref={setNodeRef}
      size="small"
      type="inner"
      title={props.title}
      extra={props.extra}
      className={`customs-zone${isOver ? ' is-over' : ''}${props.target === 'new' ? ' is-new' : ''}`}
      data-testid={props.testId}
    >
      {props.children}
    </Card>
  );
}

/** A ticket's heading: its number and its state, as every status reads (the ticket machine's tag). */
export function TicketTitle({ ticket }: { ticket: TicketRow }) {
  const { t } = useTranslation();
  return (
    <Space>
      {t('customs.ticket', { no: ticket.ticketNo })}
      <StatusTag dict="ticket_status" value={ticket.status} />
    </Space>
  );
}

/** What a ticket holds: its lines, trade mode, contract and the amounts per currency. */
export function TicketSummary({ ticket }: { ticket: TicketRow }) {
  const { t } = useTranslation();
  return (
    <>
      <div>
        {t('customs.ticketInfo', {
          lines: ticket.lines,
          mode: ticket.tradeMode ?? '',
          contract: ticket.contractNumber ?? '—',
        })}
      </div>
      <div className="pw-sub">
        {ticket.totals.map((s) => `${groupThousands(s.amount)} ${s.currency}`).join(' · ')}
      </div>
    </>
  );
}

/** Once the declaration is approved: the ticket's declaration file (Excel, PDF) and, while it may, declare. */
export function TicketFiles(props: {
  declare: DeclareRow;
  ticket: TicketRow;
  onDeclare: (ticket: TicketRow) => void;
}) {
  const { declare, ticket } = props;
  const { t } = useTranslation();
  if (declare.status < DeclareStatus.approved) return null;
  return (
    <Space wrap style={{ marginTop: 8 }}>
      {(['xlsx', 'pdf'] as const).map((format) => (
        <Button
          key={format}
          size="small"
          icon={<DownloadOutlined />}
          onClick={async () =>
            downloadBlob(
              await customsApi.declareFile(ticket.id, format),
              `${declare.batchNumber}-${ticket.ticketNo}.${format}`,
            )
          }
        >
          {t(format === 'xlsx' ? 'customs.downloadXlsx' : 'customs.downloadPdf')}
        </Button>
      ))}
      {ticket.actions.includes('declare') && declare.status === DeclareStatus.approved ? (
        <Button size="small" type="primary" onClick={() => props.onDeclare(ticket)}>
          {t('customs.declare')}
        </Button>
      ) : null}
    </Space>
  );
}

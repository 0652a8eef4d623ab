// Division into tickets by hand: every line is a card the broker drags (@dnd-kit, pointer or
// keyboard) from "not divided" or one ticket onto another ticket, back to "not divided", or onto "new
// ticket"; each card also has a "Move to ticket…" menu. Lines selected in the grid move together. The
// server keeps the rules (≤ 50 lines, one trade mode and one contract a ticket): a refused move shows its
// zh/en message and nothing changes, since the board only ever shows what the server holds.
import { DownloadOutlined, HolderOutlined, MoreOutlined } from '@ant-design/icons';
import {
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { DeclareStatus, groupThousands, ticketStatusLabels } from '@tradelane/contract';
import { Button, Card, Dropdown, Space, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBlob } from '../../api/download.ts';
import { customsApi, type DeclareRow, type LineRow, type TicketRow } from './customs-api.ts';
import type { Lang, Run } from './types.ts';

type Target = number | 'undivided' | 'new';

/**
 * The zone under the pointer receives the line (a wide card dragged by its handle would otherwise overlap
 * the next zone more than the one pointed at); a keyboard drag has no pointer and goes by overlap.
 */
const dropZone: CollisionDetection = (args) => {
  const under = pointerWithin(args);
  return under.length ? under : rectIntersection(args);
};
const zoneId = (target: Target) => `zone-${target}`;
const targetOf = (id: string): Target => {
  const v = id.slice('zone-'.length);
  return v === 'undivided' || v === 'new' ? v : Number(v);
};

function LineCard({
  line,
  editable,
  selected,
  moveTo,
  onMove,
}: {
  line: LineRow;
  editable: boolean;
  selected: boolean;
  moveTo: { key: string; label: string; target: Target }[];
  onMove: (target: Target) => void;
}) {
  const { t } = useTranslation();
  const { setNodeRef, attributes, listeners, isDragging } = useDraggable({
    id: line.id,
    disabled: !editable,
  });
  return (
    <div
      ref={setNodeRef}
      className={`customs-line${selected ? ' is-selected' : ''}${isDragging ? ' is-dragging' : ''}`}
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
              if (item) onMove(item.target);
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

function LineSummary({ line }: { line: LineRow }) {
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

function Zone({
  target,
  title,
  extra,
  children,
  testId,
}: {
  target: Target;
  title: ReactNode;
  extra?: ReactNode;
  children?: ReactNode;
  testId: string;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: zoneId(target) });
  return (
    <Card
      ref={setNodeRef}
      size="small"
      type="inner"
      title={title}
      extra={extra}
      className={`customs-zone${isOver ? ' is-over' : ''}${target === 'new' ? ' is-new' : ''}`}
      data-testid={testId}
    >
      {children}
    </Card>
  );
}

export function TicketBoard({
  declare,
  lines,
  tickets,
  editable,
  selected,
  onMoved,
  onDeclare,
  run,
  lang,
}: {
  declare: DeclareRow;
  lines: LineRow[];
  tickets: TicketRow[];
  editable: boolean;
  selected: number[];
  onMoved: () => void;
  onDeclare: (ticket: TicketRow) => void;
  run: Run;
  lang: Lang;
}) {
  const { t } = useTranslation();
  const [dragging, setDragging] = useState<LineRow | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor),
  );

  /** The lines a move carries: the grid's selection when the line is part of it, else the line alone. */
  const carried = (line: LineRow) => (selected.includes(line.id) ? selected : [line.id]);
  const move = async (lineIds: number[], target: Target) => {
    const from = new Set(lines.filter((l) => lineIds.includes(l.id)).map((l) => l.assortId ?? 'undivided'));
    if (target !== 'new' && from.size === 1 && from.has(target)) return;
    const ok = await run(() =>
      target === 'new'
        ? customsApi.newTicket(declare.id, lineIds)
        : customsApi.moveLines(target === 'undivided' ? null : target, lineIds),
    );
    if (ok) onMoved();
  };

  const onDragStart = (e: DragStartEvent) => setDragging(lines.find((l) => l.id === e.active.id) ?? null);
  const onDragEnd = (e: DragEndEvent) => {
    setDragging(null);
    const line = lines.find((l) => l.id === e.active.id);
    if (line && e.over) void move(carried(line), targetOf(String(e.over.id)));
  };

  const menuFor = (line: LineRow) => {
    const ticketsElsewhere = tickets.filter((x) => x.id !== line.assortId);
    const items: { key: string; label: string; target: Target }[] = ticketsElsewhere.map((x) => ({
      key: String(x.id),
      label: t('customs.board.moveTo', { no: x.ticketNo }),
      target: x.id,
    }));
    if (line.assortId)
      items.push({ key: 'undivided', label: t('customs.board.toUndivided'), target: 'undivided' });
    items.push({ key: 'new', label: t('customs.board.toNew'), target: 'new' });
    return items;
  };

  const cards = (of: LineRow[]) =>
    of.map((l) => (
      <LineCard
        key={l.id}
        line={l}
        editable={editable}
        selected={selected.includes(l.id)}
        moveTo={menuFor(l)}
        onMove={(target) => void move(carried(l), target)}
      />
    ));
  const undivided = lines.filter((l) => !l.assortId);

  // What a screen reader hears while a line is dragged with the keyboard, in the user's language.
  const lineNo = (id: unknown) => lines.find((l) => l.id === id)?.lineNo ?? '';
  const zoneName = (id: unknown) => {
    const target = targetOf(String(id));
    if (target === 'undivided') return t('customs.board.undividedName');
    if (target === 'new') return t('customs.board.newZone');
    return t('customs.ticket', { no: tickets.find((x) => x.id === target)?.ticketNo ?? '' });
  };
  const accessibility = {
    screenReaderInstructions: { draggable: t('customs.board.srInstructions') },
    announcements: {
      onDragStart: ({ active }: { active: { id: unknown } }) =>
        t('customs.board.srPicked', { no: lineNo(active.id) }),
      onDragOver: ({ active, over }: { active: { id: unknown }; over: { id: unknown } | null }) =>
        over
          ? t('customs.board.srOver', { no: lineNo(active.id), zone: zoneName(over.id) })
          : t('customs.board.srOutside', { no: lineNo(active.id) }),
      onDragEnd: ({ active, over }: { active: { id: unknown }; over: { id: unknown } | null }) =>
        over
          ? t('customs.board.srDropped', { no: lineNo(active.id), zone: zoneName(over.id) })
          : t('customs.board.srCancelled', { no: lineNo(active.id) }),
      onDragCancel: ({ active }: { active: { id: unknown } }) =>
        t('customs.board.srCancelled', { no: lineNo(active.id) }),
    },
  };

  return (
    <DndContext
      accessibility={accessibility}
      collisionDetection={dropZone}
      sensors={sensors}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragging(null)}
    >
      <div className="customs-tickets">
        {undivided.length || editable ? (
          <Zone
            target="undivided"
            testId="zone-undivided"
            title={t('customs.board.undivided', { n: undivided.length })}
          >
            <div className="customs-zone-lines">{cards(undivided)}</div>
          </Zone>
        ) : null}
        {tickets.map((x) => (
          <Zone
            key={x.id}
            target={x.id}
            testId={`zone-ticket-${x.ticketNo}`}
            title={
              <Space>
                {t('customs.ticket', { no: x.ticketNo })}
                <Tag color={x.status ? 'success' : 'default'}>
                  {ticketStatusLabels[x.status]?.[lang] ?? x.status}
                </Tag>
              </Space>
            }
            extra={x.entryNumber ? <Typography.Text code>{x.entryNumber}</Typography.Text> : null}
          >
            <div>
              {t('customs.ticketInfo', {
                lines: x.lines,
                mode: x.tradeMode ?? '',
                contract: x.contractNumber ?? '—',
              })}
            </div>
            <div className="pw-sub">
              {x.totals.map((s) => `${groupThousands(s.amount)} ${s.currency}`).join(' · ')}
            </div>
            <div className="customs-zone-lines">{cards(lines.filter((l) => l.assortId === x.id))}</div>
            {declare.status >= DeclareStatus.approved ? (
              <Space wrap style={{ marginTop: 8 }}>
                {(['xlsx', 'pdf'] as const).map((format) => (
                  <Button
                    key={format}
                    size="small"
                    icon={<DownloadOutlined />}
                    onClick={async () =>
                      downloadBlob(
                        await customsApi.declareFile(x.id, format),
                        `${declare.batchNumber}-${x.ticketNo}.${format}`,
                      )
                    }
                  >
                    {t(format === 'xlsx' ? 'customs.downloadXlsx' : 'customs.downloadPdf')}
                  </Button>
                ))}
                {x.actions.includes('declare') && declare.status === DeclareStatus.approved ? (
                  <Button size="small" type="primary" onClick={() => onDeclare(x)}>
                    {t('customs.declare')}
                  </Button>
                ) : null}
              </Space>
            ) : null}
          </Zone>
        ))}
        {editable ? (
          <Zone target="new" testId="zone-new" title={t('customs.board.newZone')}>
            <Typography.Text type="secondary">{t('customs.board.newHint')}</Typography.Text>
          </Zone>
        ) : null}
      </div>
      <DragOverlay>
        {dragging ? (
          <div className="customs-line is-overlay">
            <HolderOutlined />
            <LineSummary line={dragging} />
            {selected.includes(dragging.id) && selected.length > 1 ? (
              <Tag color="blue">{t('customs.board.carrying', { n: selected.length })}</Tag>
            ) : null}
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

// Division into tickets by hand: every line is a card the broker drags (@dnd-kit, pointer or
// keyboard) from "not divided" or one ticket onto another ticket, back to "not divided", or onto "new
// ticket"; each card also has a "Move to ticket…" menu. Lines selected in the grid move together. The
// server keeps the rules (≤ 50 lines, one trade mode and one contract a ticket): a refused move shows its
// zh/en message and nothing changes, since the board only ever shows what the server holds. The zones,
// the menu, the screen reader's words and the cards are declared in ticket-board-decl.tsx.
import { HolderOutlined } from '@ant-design/icons';
import {
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customsApi, type LineRow, type TicketRow } from './customs-api.ts';
import {
  boardAnnouncements,
  dropZone,
  LineCard,
  LineSummary,
  moveMenu,
  type Target,
  TicketFiles,
  TicketSummary,
  TicketTitle,
  targetOf,
  Zone,
} from './ticket-board-decl.tsx';
import type { DeclarationParts } from './types.ts';

export function TicketBoard({
  parts,
  onMoved,
  onDeclare,
}: {
  parts: DeclarationParts;
  onMoved: () => void;
  onDeclare: (ticket: TicketRow) => void;
}) {
  const { declare, lines, tickets, editable, selected, run } = parts;
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
    if (line && e.over) void move(carried(line), targetOf(e.over.id));
  };

  const cards = (of: LineRow[]) => (
    <div className="customs-zone-lines">
      {of.map((l) => (
        <LineCard
          key={l.id}
          line={l}
          editable={editable}
          selected={selected.includes(l.id)}
          moveTo={moveMenu(l, tickets, t)}
          onMove={(target) => void move(carried(l), target)}
        />
      ))}
    </div>
  );
  const undivided = lines.filter((l) => !l.assortId);

  return (
    <DndContext
      accessibility={boardAnnouncements(lines, tickets, t)}
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
            {undivided.length ? (
              cards(undivided)
            ) : (
              <Typography.Text type="secondary">{t('customs.board.undividedHint')}</Typography.Text>
            )}
          </Zone>
        ) : null}
        {tickets.map((x) => (
          <Zone
            key={x.id}
            target={x.id}
            testId={`zone-ticket-${x.ticketNo}`}
            title={<TicketTitle ticket={x} />}
            extra={x.entryNumber ? <Typography.Text code>{x.entryNumber}</Typography.Text> : null}
          >
            <TicketSummary ticket={x} />
            {cards(lines.filter((l) => l.assortId === x.id))}
            <TicketFiles declare={declare} ticket={x} onDeclare={onDeclare} />
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

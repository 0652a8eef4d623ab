// The box logistics machine's commands as the web offers them: which permission each needs, which
// inputs its form asks, and the call it makes for a selection of boxes. The events a box allows come
// from the server (`logisticsActions`, read from the contract's machine); this only says how to ask.
import type { Grant, Permission } from '@tradelane/contract';
import { type LogisticsEvent, logisticsEventLabels } from '@tradelane/contract';
import { logisticsOps } from '@tradelane/contract/api/logistics';
import { type Lang, pick } from '../../i18n/index.ts';
import { type LogisticsBox, logisticsApi } from './logistics-api.ts';

export type CommandForm = 'none' | 'place' | 'reason' | 'vehicle' | 'container' | 'vessel' | 'discharge';

export interface FormValues {
  accessoryInfoId?: number;
  containerId?: number;
  place?: string;
  reason?: string;
  vessel?: string;
  voyage?: string;
  etd?: string | null;
  blNumber?: string;
  /** Seal numbers by container id, asked as containers go on board. */
  seals?: Record<string, string | undefined>;
  port?: string;
  eta?: string | null;
  ata?: string | null;
}

interface BoxCommand {
  /** The operation the command calls: who may call it is its caller's permission, in the contract. */
  operation: { caller: { permission: Permission } };
  form: CommandForm;
  danger?: boolean;
  run: (boxes: LogisticsBox[], v: FormValues) => Promise<{ totalElements: number }>;
}

const ids = (boxes: LogisticsBox[]) => boxes.map((b) => b.id);
const text = (s: string | undefined) => s?.trim() || undefined;

/** Boxes in containers move with their containers; the others (out of gauge) as break bulk. */
export function byContainer(boxes: LogisticsBox[]) {
  const containers = [...new Set(boxes.flatMap((b) => (b.containerId ? [b.containerId] : [])))];
  const loose = boxes.filter((b) => !b.containerId).map((b) => b.id);
  return {
    ...(containers.length ? { ids: containers } : {}),
    ...(loose.length ? { boxPieceIds: loose } : {}),
  };
}

/** Commands offered on selected boxes (ship and sign are the batch's: see BoxesTab). */
export const BOX_COMMANDS: Partial<Record<LogisticsEvent, BoxCommand>> = {
  load: {
    operation: logisticsOps.load,
    form: 'vehicle',
    run: (b, v) => logisticsApi.load(Number(v.accessoryInfoId), ids(b)),
  },
  offLoad: {
    operation: logisticsOps.undoLoading,
    form: 'reason',
    danger: true,
    run: (b, v) => logisticsApi.undoLoading({ boxPieceIds: ids(b), reason: v.reason ?? '' }),
  },
  transit: {
    operation: logisticsOps.transit,
    form: 'place',
    run: (b, v) => logisticsApi.transit({ ids: ids(b), place: text(v.place) }),
  },
  stuff: {
    operation: logisticsOps.stuff,
    form: 'container',
    run: (b, v) => logisticsApi.stuff(Number(v.containerId), ids(b)),
  },
  undoPacking: {
    operation: logisticsOps.undoPacking,
    form: 'reason',
    danger: true,
    run: (b, v) => logisticsApi.undoPacking({ boxPieceIds: ids(b), reason: v.reason ?? '' }),
  },
  onBoard: {
    operation: logisticsOps.onBoard,
    form: 'vessel',
    run: (b, v) =>
      logisticsApi.onBoard({
        ...byContainer(b),
        vessel: v.vessel ?? '',
        voyage: v.voyage ?? '',
        etd: v.etd ?? null,
        blNumber: text(v.blNumber) ?? null,
        seals: Object.entries(v.seals ?? {}).flatMap(([id, seal]) =>
          text(seal) ? [{ containerId: Number(id), sealNumber: text(seal) as string }] : [],
        ),
      }),
  },
  discharge: {
    operation: logisticsOps.discharge,
    form: 'discharge',
    run: (b, v) =>
      logisticsApi.discharge({
        ...byContainer(b),
        port: v.port ?? '',
        eta: v.eta ?? null,
        ata: v.ata ?? null,
      }),
  },
  unpack: {
    operation: logisticsOps.unpack,
    form: 'none',
    run: (b) => logisticsApi.unpack(byContainer(b)),
  },
  deliver: {
    operation: logisticsOps.deliver,
    form: 'place',
    run: (b, v) => logisticsApi.deliver({ ids: ids(b), place: text(v.place) }),
  },
  undoDelivery: {
    operation: logisticsOps.undoDelivery,
    form: 'reason',
    danger: true,
    run: (b, v) => logisticsApi.undoDelivery({ ids: ids(b), reason: v.reason ?? '' }),
  },
  receive: {
    operation: logisticsOps.receive,
    form: 'none',
    run: (b) => logisticsApi.receive({ ids: ids(b) }),
  },
  undoReceive: {
    operation: logisticsOps.undoReceive,
    form: 'reason',
    danger: true,
    run: (b, v) => logisticsApi.undoReceive({ ids: ids(b), reason: v.reason ?? '' }),
  },
  backSupplier: {
    operation: logisticsOps.backSupplier,
    form: 'reason',
    danger: true,
    run: (b, v) => logisticsApi.backSupplier({ ids: ids(b), reason: v.reason ?? '' }),
  },
};

/** The order commands are offered in: forward steps first, then the undos. */
const ORDER = Object.keys(BOX_COMMANDS) as LogisticsEvent[];
const FORWARD: LogisticsEvent[] = [
  'load',
  'transit',
  'stuff',
  'onBoard',
  'discharge',
  'unpack',
  'deliver',
  'receive',
];

export function eventLabel(event: LogisticsEvent, lang: Lang): string {
  const l = logisticsEventLabels[event];
  return pick(lang, l.zh, l.en);
}

/** The commands every one of the boxes allows, that the caller holds the permission for. */
export function commonCommands(boxes: LogisticsBox[], can: (permission: Grant) => boolean): LogisticsEvent[] {
  if (!boxes.length) return [];
  return ORDER.filter((e) => {
    const permission = BOX_COMMANDS[e]?.operation.caller.permission;
    return permission !== undefined && boxes.every((b) => b.logisticsActions.includes(e)) && can(permission);
  });
}

/** The one next step a site user is offered on a scanned box: a forward step whose form asks little. */
export function nextStep(box: LogisticsBox, can: (permission: Grant) => boolean): LogisticsEvent | undefined {
  return FORWARD.find((e) => {
    const c = BOX_COMMANDS[e];
    return (
      c &&
      box.logisticsActions.includes(e) &&
      can(c.operation.caller.permission) &&
      ['none', 'place'].includes(c.form)
    );
  });
}

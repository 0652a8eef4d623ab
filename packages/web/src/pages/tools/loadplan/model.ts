// Rows of the 3D loading tool's input tables, as the user edits them (lengths in the chosen unit).
import type { BoxSpec, ContainerSpec, ShipmentPlan } from '@tradelane/loadplan';

/** One box type as entered. Numbers are null while a cell is empty. */
export interface BoxRow {
  key: string;
  name: string;
  l: number | null;
  w: number | null;
  h: number | null;
  weight: number | null;
  qty: number | null;
  /** Which of (L, W, H) may stand vertical; [false, false, true] is "this side up". */
  vertical: [boolean, boolean, boolean];
  stackable: boolean;
  /** Max load on top in the weight unit; null = no limit. */
  maxLoadOnTop: number | null;
  /** Loading group: lower groups go in first (back wall), higher ones nearer the door. */
  group: number;
}

/** One container type: a standard one (id from STANDARD_CONTAINERS) or a custom one. Sizes in mm, kg. */
export interface ContainerRow {
  key: string;
  /** Standard type code (20GP…) or '' for a custom container. */
  code: string;
  /** Custom containers carry their own name. */
  name: string;
  enabled: boolean;
  l: number | null;
  w: number | null;
  h: number | null;
  maxPayload: number | null;
  cost: number | null;
  /** How many may be used; null = unlimited. */
  available: number | null;
}

export type PlanMode = 'fewest' | 'cheapest';

export interface PlannedContainer {
  spec: ContainerSpec;
  code: string;
  name: string;
}

/** A finished plan with what it was planned from, so the views show names and weights of that run. */
export interface PlanResult {
  id: string;
  plan: ShipmentPlan;
  boxes: BoxSpec[];
  names: string[];
  /** The container types offered, with what names them (the label is derived in the current language). */
  containers: PlannedContainer[];
  ms: number;
  mode: PlanMode;
  where: 'browser' | 'server';
}

let seq = 0;
export function newKey(prefix: string): string {
  seq += 1;
  return `${prefix}${Date.now().toString(36)}${seq}`;
}

export function emptyBoxRow(): BoxRow {
  return {
    key: newKey('b'),
    name: '',
    l: null,
    w: null,
    h: null,
    weight: null,
    qty: 1,
    // A new row is "this side up" (only H vertical): a tall cabinet must not be laid on its side unasked.
    vertical: [false, false, true],
    stackable: true,
    maxLoadOnTop: null,
    group: 0,
  };
}

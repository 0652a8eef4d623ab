// Material-list life cycle → the buttons a caller sees, read from the contract's state machine
// (materialListMachine) and gated by the permission strings of the supplies menu.
import type { Grant, Permission } from '@tradelane/contract';
import {
  allowedEvents,
  editableListStatuses,
  materialListMachine,
  type Party,
} from '@tradelane/contract/project';

export type ListButton = 'submit' | 'confirm' | 'back';

const NEEDS: Record<ListButton, Permission> = {
  submit: 'supplies:submit',
  confirm: 'supplies:confirm',
  back: 'supplies:confirm',
};

/** Buttons for a list in `status` for `party`, in display order, each only if the roles allow it. */
export function listButtons(
  status: number | null | undefined,
  party: Party | null,
  can: (permission: Grant) => boolean,
): ListButton[] {
  if (status === null || status === undefined || !party) return [];
  const events = allowedEvents(materialListMachine, status, party);
  return (['submit', 'confirm', 'back'] as const).filter((e) => events.includes(e) && can(NEEDS[e]));
}

/** Whether rows may be added, edited, deleted or imported by this caller now. */
export function rowsEditable(
  status: number | null | undefined,
  party: Party | null,
  can: (permission: Grant) => boolean,
): boolean {
  if (party !== 'supplier' || status === null || status === undefined) return false;
  return editableListStatuses.includes(status) && can('supplies:edit');
}

/** Which list a page opens first: the shipper's next review (submitted), else the fullest list. */
export function defaultList<L extends { id: number; status: number; rows: number }>(
  lists: L[],
  party: Party | null,
): L | null {
  if (!lists.length) return null;
  if (party === 'shipper') {
    const waiting = lists.find((l) => l.status === 1);
    if (waiting) return waiting;
  }
  return lists.reduce((best, l) => (l.rows > best.rows ? l : best), lists[0] as L);
}

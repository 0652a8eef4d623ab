// Material-list life cycle → the buttons a caller sees: the commands the server says the caller may fire
// on the list now (the row's `actions`, from the kernel and the contract's materialListMachine, own side
// only), each gated by the permission strings of the supplies menu.
import { type Grant, type MaterialListEvent, MaterialListStatus, type Permission } from '@tradelane/contract';
import type { Party } from '@tradelane/contract/project';

export type ListButton = 'submit' | 'confirm' | 'back';

const NEEDS: Record<ListButton, Permission> = {
  submit: 'supplies:submit',
  confirm: 'supplies:confirm',
  back: 'supplies:confirm',
};

/** What the server sends with each list: the events the caller may fire on it now. */
export interface WithActions {
  actions?: readonly MaterialListEvent[];
}

/** Buttons for a list, in display order: each one the list's `actions` offer and the roles allow. */
export function listButtons(
  list: WithActions | null | undefined,
  can: (permission: Grant) => boolean,
): ListButton[] {
  const actions = list?.actions ?? [];
  return (['submit', 'confirm', 'back'] as const).filter((e) => actions.includes(e) && can(NEEDS[e]));
}

/** Whether rows may be added, edited, deleted or imported by this caller now (the list offers `edit`). */
export function rowsEditable(
  list: WithActions | null | undefined,
  can: (permission: Grant) => boolean,
): boolean {
  return (list?.actions ?? []).includes('edit') && can('supplies:edit');
}

/** Which list a page opens first: the shipper's next review (submitted), else the fullest list. */
export function defaultList<L extends { id: number; status: number; rows: number }>(
  lists: L[],
  party: Party | null,
): L | null {
  if (!lists.length) return null;
  if (party === 'shipper') {
    const waiting = lists.find((l) => l.status === MaterialListStatus.submitted);
    if (waiting) return waiting;
  }
  return lists.reduce((best, l) => (l.rows > best.rows ? l : best), lists[0] as L);
}

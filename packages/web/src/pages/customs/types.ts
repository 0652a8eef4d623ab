// Shapes the workbench's parts share.
import type { DeclareRow, LineRow, TicketRow } from './customs-api.ts';

export type Lang = 'zh' | 'en';
export type Option = { value: string; label: string };
/** Runs a call, says it is done and refreshes the workbench; false when it failed (the client showed why). */
export type Run = (f: () => Promise<unknown>, ok?: string) => Promise<boolean>;

/** What the declaration's lines and tickets cards share: the declaration, its lines and tickets, whether
 * it may be edited, the lines picked (to move between tickets) and how to run a call. */
export interface DeclarationParts {
  declare: DeclareRow;
  lines: LineRow[];
  tickets: TicketRow[];
  editable: boolean;
  selected: number[];
  setSelected: (ids: number[]) => void;
  run: Run;
}

// An exception's commands as the inbox, its drawer and the home card offer them: how each looks (assign asks
// through its own form; resolve and reopen ask a text) and which call runs it.
import type { CommandSpec } from '../../components/workflow/CommandBar.tsx';
import { type ExceptionRow, towerApi } from './tower-api.ts';

/** The order the commands are offered in. */
export const EXCEPTION_EVENTS = ['assign', 'resolve', 'reopen', 'close'] as const;

/** How each command looks. */
export function exceptionCommands(
  row: ExceptionRow,
  assign: (row: ExceptionRow) => void,
): Record<string, CommandSpec> {
  return {
    assign: { labelKey: 'tower.assign', ask: () => assign(row) },
    resolve: {
      labelKey: 'tower.resolve',
      reason: true,
      reasonTitleKey: 'tower.resolveTitle',
      reasonLabelKey: 'tower.resolution',
      reasonRequiredKey: 'tower.resolutionRequired',
      reasonOkKey: 'tower.resolve',
      doneKey: 'tower.resolved',
    },
    close: { labelKey: 'tower.close', confirmKey: 'tower.closeConfirm', doneKey: 'tower.closed' },
    reopen: {
      labelKey: 'tower.reopen',
      reason: true,
      reasonTitleKey: 'tower.reopenTitle',
      reasonLabelKey: 'tower.reopenReason',
      reasonRequiredKey: 'tower.reopenRequired',
      reasonOkKey: 'tower.reopen',
      doneKey: 'tower.reopened',
    },
  };
}

/** Runs an exception's event; the reason dialog's text is the resolution or the reopen reason. */
export function runException(row: ExceptionRow, event: string, reason?: string): Promise<unknown> {
  if (event === 'resolve') return towerApi.resolve(row.id, reason ?? '');
  if (event === 'reopen') return towerApi.reopen(row.id, reason ?? '');
  if (event === 'close') return towerApi.close(row.id);
  return Promise.reject(new Error(`no command ${event}`));
}

export const isPastDue = (r: Pick<ExceptionRow, 'dueDate' | 'status'>) =>
  r.status < 2 && r.dueDate !== null && r.dueDate < new Date().toISOString().slice(0, 10);

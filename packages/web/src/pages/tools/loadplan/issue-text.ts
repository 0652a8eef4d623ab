// Localised text of a box-table issue.
import type { TFunction } from 'i18next';
import type { Issue } from './box-parse.ts';

export function issueText(t: TFunction, issue: Issue): string {
  const field = issue.field === 'row' ? '' : t(`loadplan.col.${issue.field}`);
  return t(`loadplan.issue.${issue.code}`, { row: issue.row, field });
}

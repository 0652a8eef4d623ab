// The label of a declared field, filter or column: its own key where the label is special, else the
// family's field label from the contract (`resources.<family>.fields.<field>`).
import { fieldLabelKey } from '@tradelane/contract/labels';

/** The i18n key labelling `name` of `family` unless `key` names a special one. */
export function labelKeyOf(family: string | undefined, name: string, key?: string): string {
  if (key) return key;
  return family ? fieldLabelKey(family, name) : name;
}

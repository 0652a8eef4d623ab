// A material row's unit: typed freely, with the units English documents know offered as you type (a unit
// the table knows prints in English on English papers; another one prints as written).
import { unitsOfMeasure } from '@tradelane/contract';
import { AutoComplete } from 'antd';
import { useTranslation } from 'react-i18next';

export function UnitInput(props: Record<string, unknown>) {
  const { t } = useTranslation();
  const value = typeof props.value === 'string' ? props.value : '';
  const q = value.trim().toLowerCase();
  const options = unitsOfMeasure
    .filter((u) => !q || [u.zh, u.en, ...u.aliases].some((f) => f.toLowerCase().includes(q)))
    .map((u) => ({ value: u.zh, label: `${u.zh} · ${u.en}` }));
  return (
    <AutoComplete
      {...props}
      value={value}
      options={options}
      placeholder={t('project.supplies.unitHint')}
      data-testid="unit-input"
    />
  );
}

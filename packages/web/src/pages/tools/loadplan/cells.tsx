// The figure cell both planner tables (box types, container types) edit their numbers in.
import { InputNumber, type InputNumberProps } from 'antd';

/** A figure of a row, edited in place: never negative, blank is null, named by its column for a reader. */
export function NumberCell({
  value,
  label,
  onChange,
  ...limits
}: {
  value: number | null;
  label: string;
  onChange: (value: number | null) => void;
} & Pick<InputNumberProps<number>, 'precision' | 'max' | 'placeholder' | 'status'>) {
  return (
    <InputNumber<number>
      size="small"
      min={0}
      {...limits}
      value={value}
      aria-label={label}
      style={{ width: '100%' }}
      onChange={(v) => onChange(typeof v === 'number' ? v : null)}
    />
  );
}

// A date picker whose value is the wire's 'YYYY-MM-DD' string (for declared forms).
import { DatePicker } from 'antd';
import dayjs from 'dayjs';

export interface DateFieldProps {
  value?: string | null;
  onChange?: (v: string | null) => void;
  id?: string;
}

export function DateField(props: DateFieldProps) {
  return (
    <DatePicker
      id={props.id}
      style={{ width: '100%' }}
      value={props.value ? dayjs(props.value) : null}
      onChange={(d) => props.onChange?.(d ? d.format('YYYY-MM-DD') : null)}
    />
  );
}

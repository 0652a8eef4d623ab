import { DeleteOutlined } from '@ant-design/icons';
import { Button } from 'antd';

/** Takes a row out of an editable table (one not saved yet): a small red bin, named for a reader. */
export function RemoveRowButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={label} onClick={onClick} />
  );
}

// Tags of one material row (urgent, dangerous goods, spare part); an empty choice clears them.
import { Modal, Select } from 'antd';
import { useState } from 'react';
import { useSubmit } from '../../api/use-submit.ts';
import type { DeclContext } from '../../components/resource/types.ts';
import { type SuppliesRow, suppliesApi } from '../project/project-api.ts';

export function TagsModal(props: {
  row: SuppliesRow;
  ctx: DeclContext;
  onClose: () => void;
  onDone: () => unknown;
}) {
  const { t } = props.ctx;
  const [tags, setTags] = useState<string[]>(props.row.tags ?? []);
  const { run, busy } = useSubmit(() => suppliesApi.tag(props.row.id, tags), {
    onDone: async () => {
      await props.onDone();
      props.onClose();
    },
  });
  return (
    <Modal
      open
      title={`${t('project.supplies.tags')} · ${props.row.name}`}
      onCancel={props.onClose}
      confirmLoading={busy}
      onOk={() => void run()}
    >
      <Select
        mode="multiple"
        style={{ width: '100%' }}
        value={tags}
        onChange={setTags}
        options={props.ctx.dict('material_tag').map((o) => ({ value: String(o.value), label: o.label }))}
      />
    </Modal>
  );
}

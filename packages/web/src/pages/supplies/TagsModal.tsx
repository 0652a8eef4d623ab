// Tags of one material row (urgent, dangerous goods, spare part); an empty choice clears them.
import { App, Modal, Select } from 'antd';
import { useState } from 'react';
import type { DeclContext } from '../../components/resource/types.ts';
import { type SuppliesRow, suppliesApi } from '../project/project-api.ts';

export function TagsModal(props: {
  row: SuppliesRow;
  ctx: DeclContext;
  onClose: () => void;
  onDone: () => unknown;
}) {
  const { t } = props.ctx;
  const { message } = App.useApp();
  const [tags, setTags] = useState<string[]>(props.row.tags ?? []);
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={`${t('project.supplies.tags')} · ${props.row.name}`}
      onCancel={props.onClose}
      confirmLoading={busy}
      onOk={async () => {
        setBusy(true);
        try {
          await suppliesApi.tag(props.row.id, tags);
          void message.success(t('common.operationSuccess'));
          await props.onDone();
          props.onClose();
        } catch {
          /* shown by the request client */
        } finally {
          setBusy(false);
        }
      }}
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

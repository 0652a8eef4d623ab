// Abnormal records of a batch (list, raise with photos) as a declaration; the shipper resolves one
// with a note. Photos show as thumbnails with a preview.
import type { Grant } from '@tradelane/contract';
import { App, Button, Image, Input, Modal, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { ResourcePage } from '../../components/resource/ResourcePage.tsx';
import type { DeclContext, ResourceDecl } from '../../components/resource/types.ts';
import { StatusTag } from '../../components/status/status.tsx';
import { AbnormalModal, usePhotoUrl } from './AbnormalModal.tsx';
import { type AbnormalRow, type LogisticsBox, logisticsApi } from './logistics-api.ts';
import { useLogisticsRefresh } from './use-run.ts';

function Photo({ url, name }: { url: string; name: string }) {
  const src = usePhotoUrl(url);
  return src ? <Image src={src} alt={name} width={40} height={40} /> : <span className="lg-photo-wait" />;
}

function Photos({ row }: { row: AbnormalRow }) {
  if (!row.photos.length) return <span>-</span>;
  return (
    <Image.PreviewGroup>
      <div className="lg-photos">
        {row.photos.map((p) => (
          <Photo key={p.id} url={p.url} name={p.name} />
        ))}
      </div>
    </Image.PreviewGroup>
  );
}

export const ABNORMAL_DICTS = ['abnormal_status'];

export function AbnormalTab(props: {
  batchId: number;
  boxes: LogisticsBox[];
  ctx: DeclContext;
  has: (permission: Grant) => boolean;
}) {
  const { batchId, ctx } = props;
  const { t } = ctx;
  const refresh = useLogisticsRefresh();
  const { message } = App.useApp();
  const [raising, setRaising] = useState(false);
  const [resolving, setResolving] = useState<AbnormalRow | null>(null);
  const [note, setNote] = useState('');
  const decl = useMemo<ResourceDecl<AbnormalRow>>(
    () => ({
      name: 'abnormalRecord',
      fixedParams: { batchId },
      exportable: false,
      filters: [
        { name: 'blurry', labelKey: 'admin.common.keyword', type: 'text', width: 180 },
        {
          name: 'status',
          type: 'dict',
          dict: 'abnormal_status',
          width: 130,
        },
      ],
      columns: [
        { key: 'boxNumber', width: 180, fixed: 'left' },
        { key: 'typeLabel', width: 100 },
        { key: 'quantity', width: 70 },
        {
          key: 'note',
          width: 220,
          kind: 'ellipsis',
          render: (r) => (
            <span className="rp-ellipsis" title={r.note ?? ''}>
              {r.note}
              {r.resolveNote && (
                <Typography.Text type="secondary" className="pw-sub">
                  {` · ${t('logistics.abnormal.resolution', { note: r.resolveNote })}`}
                </Typography.Text>
              )}
            </span>
          ),
        },
        {
          key: 'photos',
          width: 200,
          render: (r) => <Photos row={r} />,
        },
        { key: 'atStatusLabel', width: 100 },
        { key: 'raisedByName', width: 170, kind: 'ellipsis' },
        { key: 'createTime', width: 160, kind: 'datetime' },
        {
          key: 'status',
          width: 90,
          render: (r, c) => <StatusTag dict="abnormal_status" value={r.status} ctx={c} />,
        },
      ],
      permissions: {},
      rowActions: [
        {
          key: 'resolve',
          labelKey: 'logistics.abnormal.resolve',
          need: { permission: ['abnormalRecord:resolve'] },
          visible: (r) => r.actions.includes('resolve'),
          run: (r) => {
            setNote('');
            setResolving(r);
          },
        },
      ],
    }),
    [batchId, t],
  );
  return (
    <>
      <ResourcePage<AbnormalRow>
        decl={decl}
        titleKey="logistics.abnormal.what"
        dicts={ABNORMAL_DICTS}
        compact
        toolbar={
          props.has('abnormalRecord:add') && (
            <Button type="primary" onClick={() => setRaising(true)}>
              {t('logistics.abnormal.add')}
            </Button>
          )
        }
      />
      <AbnormalModal open={raising} boxes={props.boxes} onClose={() => setRaising(false)} />
      <Modal
        open={Boolean(resolving)}
        title={t('logistics.abnormal.resolveTitle', { boxNumber: resolving?.boxNumber ?? '' })}
        okText={t('logistics.abnormal.resolve')}
        onCancel={() => setResolving(null)}
        onOk={async () => {
          if (!resolving) return;
          const ok = await logisticsApi.resolveAbnormal(resolving.id, note.trim() || null).then(
            () => true,
            () => false,
          );
          if (!ok) return;
          void message.success(t('logistics.abnormal.resolved'));
          await refresh();
          setResolving(null);
        }}
      >
        <Input.TextArea
          rows={3}
          maxLength={1000}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          aria-label={t('logistics.abnormal.resolveNote')}
          placeholder={t('logistics.abnormal.resolveNote')}
        />
      </Modal>
    </>
  );
}

// The generated family, one tab per file, each in a code view with line numbers and a copy button.
import { CopyOutlined } from '@ant-design/icons';
import type { GeneratedFile } from '@tradelane/contract';
import { App, Button, Modal, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  preview: { family: string; files: GeneratedFile[] } | null;
  onClose: () => void;
}

function CodeView({ file }: { file: GeneratedFile }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lines = file.content.replace(/\n$/, '').split('\n');
  return (
    <div className="cg-code-wrap">
      <div className="cg-code-bar">
        <span className="cg-mono">{file.path}</span>
        <Button
          size="small"
          icon={<CopyOutlined />}
          onClick={() =>
            void navigator.clipboard?.writeText(file.content).then(() => message.success(t('codegen.copied')))
          }
        >
          {t('codegen.copy')}
        </Button>
      </div>
      <pre className="cg-code" data-path={file.path}>
        {lines.map((l, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines of one file, in order, never reordered
          <div key={i} className="cg-line">
            <span className="cg-ln">{i + 1}</span>
            <code>{l || ' '}</code>
          </div>
        ))}
      </pre>
    </div>
  );
}

/** The tab label: the path inside its package ('server/db/schema-x.ts', 'web/i18n/zh/x.ts'). */
const short = (path: string) => path.replace(/^packages\//, '').replace('/src/', '/');

export function PreviewModal({ preview, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      open={Boolean(preview)}
      onCancel={onClose}
      footer={null}
      width={1200}
      title={t('codegen.previewTitle', { family: preview?.family ?? '' })}
      destroyOnHidden
    >
      {preview ? (
        <Tabs
          tabPlacement="start"
          className="cg-tabs"
          items={preview.files.map((f) => ({
            key: f.path,
            label: short(f.path),
            children: <CodeView file={f} />,
          }))}
        />
      ) : null}
    </Modal>
  );
}

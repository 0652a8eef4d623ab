// Paste box types copied from Excel (tab-separated lines), with a live check of what was recognised.
import { Alert, Input, Modal, Radio, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parsePasted } from './box-parse.ts';
import { issueText } from './issue-text.ts';
import type { BoxRow } from './model.ts';

const SHOWN_ISSUES = 6;

export function PasteDialog({
  open,
  onClose,
  onApply,
}: {
  open: boolean;
  onClose: () => void;
  onApply: (rows: BoxRow[], append: boolean) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [append, setAppend] = useState(false);
  const parsed = useMemo(() => (text.trim() ? parsePasted(text) : null), [text]);
  return (
    <Modal
      open={open}
      title={t('loadplan.pasteTitle')}
      onCancel={onClose}
      okButtonProps={{ disabled: !parsed || parsed.rows.length === 0 }}
      onOk={() => {
        if (parsed) onApply(parsed.rows, append);
        setText('');
      }}
      width={720}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('loadplan.pasteHint')}</Typography.Paragraph>
      <Input.TextArea
        rows={8}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('loadplan.pastePlaceholder')}
        aria-label={t('loadplan.pasteTitle')}
        data-testid="loadplan-paste-text"
        className="loadplan-mono"
      />
      <Radio.Group
        value={append}
        onChange={(e) => setAppend(e.target.value === true)}
        className="loadplan-gap"
      >
        <Radio value={false}>{t('loadplan.pasteReplace')}</Radio>
        <Radio value={true}>{t('loadplan.pasteAppend')}</Radio>
      </Radio.Group>
      {parsed && (
        <Alert
          className="loadplan-gap"
          type={parsed.issues.length ? 'warning' : 'success'}
          title={t('loadplan.pasteParsed', { count: parsed.rows.length })}
          description={
            parsed.issues.length ? (
              <ul className="loadplan-issues">
                {parsed.issues.slice(0, SHOWN_ISSUES).map((i) => (
                  <li key={`${i.row}-${i.field}-${i.code}`}>{issueText(t, i)}</li>
                ))}
                {parsed.issues.length > SHOWN_ISSUES && (
                  <li>{t('loadplan.moreIssues', { count: parsed.issues.length - SHOWN_ISSUES })}</li>
                )}
              </ul>
            ) : undefined
          }
        />
      )}
    </Modal>
  );
}

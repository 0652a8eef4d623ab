// An English-name input with a "translate" button that fills it from the Chinese name in the same form
// (the material row's English name): the product's glossary first, then the translation service.
import { TranslationOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateText } from './translate-api.ts';

export function TranslateInput(
  props: { value?: string; onChange?: (v: string) => void; sourceField?: string } & Record<string, unknown>,
) {
  const { value, onChange, sourceField = 'name', ...rest } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const form = Form.useFormInstance();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    const source = String(form.getFieldValue(sourceField) ?? '').trim();
    if (!source) {
      void message.warning(t('services.translate.needName'));
      return;
    }
    setBusy(true);
    try {
      const a = await translateText(source, 'zh', 'en');
      if (a.text) {
        onChange?.(a.text);
        void message.success(
          t('services.translate.filled', { source: t(`services.translate.source_${a.source}`) }),
        );
      } else {
        const hints = a.terms.map((x) => `${x.term} → ${x.translation}`).join('；');
        void message.warning(hints ? `${a.reason} ${hints}` : (a.reason ?? ''));
      }
    } catch {
      /* shown by the request client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input allowClear {...rest} value={value} onChange={(e) => onChange?.(e.target.value)} />
      <Button
        icon={<TranslationOutlined />}
        loading={busy}
        onClick={() => void run()}
        data-testid="translate-name"
      >
        {t('services.translate.button')}
      </Button>
    </Space.Compact>
  );
}

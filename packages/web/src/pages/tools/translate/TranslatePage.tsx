// The translation page: zh↔en for material names and free text, saying where the answer
// came from (glossary, own materials, HS, service) or why there is none, with the glossary terms found.
import { SwapOutlined } from '@ant-design/icons';
import { App, Button, Card, Col, Input, List, Row, Segmented, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../components/domain/project.css';
import { type TranslateAnswer, translateText } from './translate-api.ts';

type From = 'auto' | 'zh' | 'en';

export default function TranslatePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [from, setFrom] = useState<From>('auto');
  const [answer, setAnswer] = useState<TranslateAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (!text.trim()) return;
    setBusy(true);
    try {
      setAnswer(await translateText(text.trim(), from));
    } catch {
      /* shown by the request client */
    } finally {
      setBusy(false);
    }
  };
  const swap = () => {
    if (!answer?.text) return;
    setText(answer.text);
    setFrom(answer.to);
    setAnswer(null);
  };
  return (
    <div className="pw-page" data-testid="translate-tool">
      <Card size="small" title={t('services.translate.title')}>
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <Space direction="vertical" style={{ width: '100%' }}>
              <Space wrap>
                <Typography.Text type="secondary">{t('services.translate.from')}</Typography.Text>
                <Segmented<From>
                  value={from}
                  onChange={setFrom}
                  options={(['auto', 'zh', 'en'] as const).map((v) => ({
                    value: v,
                    label: t(`services.translate.${v}`),
                  }))}
                />
              </Space>
              <Input.TextArea
                rows={6}
                maxLength={2000}
                showCount
                value={text}
                aria-label={t('services.translate.text')}
                placeholder={t('services.translate.textPlaceholder')}
                onChange={(e) => setText(e.target.value)}
                onPressEnter={(e) => {
                  if (e.ctrlKey || e.metaKey) void run();
                }}
              />
              <Space>
                <Button type="primary" loading={busy} disabled={!text.trim()} onClick={() => void run()}>
                  {t('services.translate.run')}
                </Button>
                <Button icon={<SwapOutlined />} disabled={!answer?.text} onClick={swap} />
              </Space>
            </Space>
          </Col>
          <Col xs={24} lg={12}>
            <Typography.Text type="secondary">{t('services.translate.result')}</Typography.Text>
            <div className="pw-translation" data-testid="translation">
              {answer?.text ? (
                <>
                  <Typography.Paragraph
                    style={{ fontSize: 16, whiteSpace: 'pre-wrap', marginTop: 8 }}
                    copyable={{ tooltips: [t('services.translate.copy'), t('services.translate.copied')] }}
                  >
                    {answer.text}
                  </Typography.Paragraph>
                  <Space>
                    <Typography.Text type="secondary">{t('services.translate.source')}</Typography.Text>
                    <Tag color={answer.source === 'service' ? 'blue' : 'green'}>
                      {t(`services.translate.source_${answer.source}`)}
                    </Tag>
                    <Tag>{`${t(`services.translate.${answer.from}`)} → ${t(`services.translate.${answer.to}`)}`}</Tag>
                  </Space>
                </>
              ) : answer ? (
                <Typography.Paragraph type="warning" style={{ marginTop: 8 }}>
                  {answer.reason}
                </Typography.Paragraph>
              ) : null}
              {answer && answer.terms.length > 0 && (
                <List
                  size="small"
                  header={t('services.translate.terms')}
                  dataSource={answer.terms}
                  renderItem={(x) => (
                    <List.Item>
                      <Typography.Text>{x.term}</Typography.Text>
                      <Typography.Text
                        type="secondary"
                        copyable={{ onCopy: () => void message.success(t('services.translate.copied')) }}
                      >
                        {x.translation}
                      </Typography.Text>
                    </List.Item>
                  )}
                />
              )}
            </div>
          </Col>
        </Row>
      </Card>
    </div>
  );
}

// The administrator's translation and weather service settings: empty fields fall back to the
// environment; the translation key is write-only.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { servicesOps } from '@tradelane/contract/api/services';
import { Button, Card, Checkbox, Col, Form, Input, InputNumber, Row } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client.ts';
import { useSubmit } from '../../../api/use-submit.ts';

export function ServiceSettingsCard() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm();
  const q = useQuery({
    queryKey: ['services', 'settings'],
    queryFn: () => call(servicesOps.settings),
  });
  useEffect(() => {
    if (q.data) form.setFieldsValue({ ...q.data.saved, translateKey: '', clearTranslateKey: false });
  }, [q.data, form]);
  const env = q.data?.environment;
  const fallback = (v: unknown) =>
    t('services.settings.envDefault', { value: v ?? t('services.settings.none') });
  const { run: save, busy: saving } = useSubmit(
    async () => {
      const v = await form.validateFields();
      await call(servicesOps.saveSettings, {
        translateUrl: v.translateUrl || null,
        translateKey: v.translateKey || undefined,
        clearTranslateKey: v.clearTranslateKey || undefined,
        weatherUrl: v.weatherUrl || null,
        windLimitKmh: v.windLimitKmh ?? null,
        rainLimitMm: v.rainLimitMm ?? null,
      });
    },
    {
      success: 'services.settings.saved',
      onDone: async () => {
        await qc.invalidateQueries({ queryKey: ['services'] });
        await qc.invalidateQueries({ queryKey: ['weather'] });
      },
    },
  );
  return (
    <Card
      size="small"
      title={t('services.settings.title')}
      loading={q.isLoading}
      data-testid="service-settings"
    >
      <Form form={form} layout="vertical">
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item
              name="weatherUrl"
              label={t('services.settings.weatherUrl')}
              extra={fallback(env?.weatherUrl)}
            >
              <Input allowClear />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="windLimitKmh"
              label={t('services.settings.windLimit')}
              extra={fallback(env?.windLimitKmh)}
            >
              <InputNumber min={1} max={400} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="rainLimitMm"
              label={t('services.settings.rainLimit')}
              extra={fallback(env?.rainLimitMm)}
            >
              <InputNumber min={1} max={2000} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="translateUrl"
              label={t('services.settings.translateUrl')}
              extra={fallback(env?.translateUrl)}
            >
              <Input allowClear />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="translateKey"
              label={t('services.settings.translateKey')}
              extra={q.data?.saved.hasTranslateKey ? t('services.settings.translateKeyKept') : undefined}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            {q.data?.saved.hasTranslateKey && (
              <Form.Item name="clearTranslateKey" valuePropName="checked" style={{ marginTop: -12 }}>
                <Checkbox>{t('services.settings.clearKey')}</Checkbox>
              </Form.Item>
            )}
          </Col>
        </Row>
        <Button type="primary" loading={saving} onClick={() => void save()}>
          {t('services.settings.save')}
        </Button>
      </Form>
    </Card>
  );
}

import { isMobile, trimStrings } from '@tradelane/contract';
import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/endpoints.ts';
import { BUTTON_LOADING_MS } from '../config.ts';
import { useDialogs } from '../stores/dialogs.ts';
import { useSession } from '../stores/session.ts';
import { validValues } from '../utils/form.ts';

interface FeedbackForm {
  commentsOrFeedback: string;
  phone: string;
  email?: string;
}

export function FeedbackDialog() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const open = useDialogs((s) => s.feedbackOpen);
  const openFeedback = useDialogs((s) => s.openFeedback);
  const user = useSession((s) => s.user);
  const [form] = Form.useForm<FeedbackForm>();
  const [loading, setLoading] = useState(false);

  const submit = async () => {
    const raw = await validValues<FeedbackForm>(form);
    if (!raw) return;
    const values = trimStrings(raw);
    setLoading(true);
    try {
      let createUnit = user?.corporateName ?? '';
      if (!createUnit) createUnit = (await api.corporateName().catch(() => null))?.corporateName ?? '';
      const res = await api.feedback({
        commentsOrFeedback: values.commentsOrFeedback,
        phone: values.phone,
        userId: user?.id,
        email: values.email || user?.email || '',
        createUnit,
      });
      if (res) {
        void message.success(t('common.operationSuccess'));
        form.resetFields();
        openFeedback(false);
      } else {
        void message.error(t('common.submitFailed'));
      }
    } catch {
      /* the request client showed why */
    } finally {
      setTimeout(() => setLoading(false), BUTTON_LOADING_MS);
    }
  };

  return (
    <Modal
      title={t('feedback.title')}
      open={open}
      onCancel={() => openFeedback(false)}
      onOk={submit}
      okText={t('common.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={loading}
      destroyOnHidden
      data-testid="feedback-dialog"
    >
      <Form<FeedbackForm>
        form={form}
        layout="vertical"
        initialValues={{ phone: user?.phone ?? '', email: user?.email ?? '' }}
      >
        <Form.Item
          name="commentsOrFeedback"
          label={t('feedback.content')}
          rules={[
            { required: true, message: t('validate.feedbackRequired') },
            { min: 1, max: 500, message: t('validate.feedbackLength') },
          ]}
        >
          <Input.TextArea rows={5} showCount maxLength={600} placeholder={t('feedback.contentPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('feedback.phone')}
          rules={[
            { required: true, message: t('validate.phoneRequired') },
            {
              validator: (_, value: string | undefined) =>
                isMobile((value ?? '').trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('validate.mobileFormat'))),
            },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="email" label={t('feedback.email')}>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { isMobile, isStrLenWithin, trimStrings } from '@tradelane/contract';
import { Button, Form, Input, Radio } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import type { UserInfo } from '../../api/types.ts';
import { useSubmit } from '../../api/use-submit.ts';
import { useSession } from '../../stores/session.ts';

interface BasicForm {
  nickName: string;
  phone: string;
  gender: string;
}

export function BasicInfoForm({ user, onSaved }: { user: UserInfo | null; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BasicForm>();

  useEffect(() => {
    form.setFieldsValue({
      nickName: user?.nickName ?? '',
      phone: user?.phone ?? '',
      gender: user?.gender ?? '',
    });
  }, [form, user]);

  const { run: save, busy: loading } = useSubmit(
    async (values: BasicForm) => {
      const saved = await api.updateCenter(trimStrings(values));
      useSession.getState().setUser(saved ?? values);
    },
    { onDone: onSaved },
  );

  return (
    <Form<BasicForm> form={form} layout="vertical" onFinish={save} style={{ maxWidth: 420 }}>
      <Form.Item
        name="nickName"
        label={t('user.nickName')}
        rules={[
          { required: true, whitespace: true, message: t('validate.required') },
          {
            validator: (_, v: string | undefined) =>
              !v || isStrLenWithin(v, 2, 40)
                ? Promise.resolve()
                : Promise.reject(new Error(t('validate.stringLength'))),
          },
        ]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('user.phone')}
        rules={[
          {
            validator: (_, v: string | undefined) =>
              isMobile((v ?? '').trim())
                ? Promise.resolve()
                : Promise.reject(new Error(t('validate.mobileFormat'))),
          },
        ]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="gender" label={t('user.gender')}>
        <Radio.Group>
          <Radio value="男">{t('user.male')}</Radio>
          <Radio value="女">{t('user.female')}</Radio>
        </Radio.Group>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={loading}>
        {t('common.save')}
      </Button>
    </Form>
  );
}

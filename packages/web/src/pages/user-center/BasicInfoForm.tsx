import { type InputOf, trimStrings, userCreate } from '@tradelane/contract';
import type { accountOps } from '@tradelane/contract/api/account';
import { Button, Form, Input, Radio } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import type { UserInfo } from '../../api/types.ts';
import { useSubmit } from '../../api/use-submit.ts';
import { fieldRules, requiredText } from '../../components/resource/schema-rules.ts';
import { useSession } from '../../stores/session.ts';

/** The profile form: what PUT /api/users/center takes, every field shown. */
type BasicForm = Required<InputOf<typeof accountOps.center>>;

export function BasicInfoForm({ user, onSaved }: { user: UserInfo | null; onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const [form] = Form.useForm<BasicForm>();

  useEffect(() => {
    form.setFieldsValue({
      nickName: user?.nickName ?? '',
      phone: user?.phone ?? '',
      // The server keeps only the genders the profile takes.
      gender: (user?.gender ?? '') as BasicForm['gender'],
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
        // The profile keeps a nickname (the contract lets a user body leave it out); its length is the contract's.
        rules={[
          { required: true, whitespace: true, message: requiredText(t('user.nickName'), lang) },
          ...fieldRules(userCreate.shape.nickName, t('user.nickName'), lang),
        ]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('user.phone')}
        rules={fieldRules(userCreate.shape.phone, t('user.phone'), lang)}
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

// The dialog a command that needs a reason opens (return, reject): one required text, OK runs the command
// with it, a refusal keeps the dialog open (the request client shows why).
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

export function ReasonDialog(props: {
  open: boolean;
  title: string;
  /** The field's label (default "Reason"). */
  label?: string;
  placeholder?: string;
  requiredMessage?: string;
  okText?: string;
  busy?: boolean;
  onCancel: () => void;
  /** Runs the command with the trimmed reason. */
  onSubmit: (reason: string) => unknown;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open={props.open}
      title={props.title}
      onCancel={props.onCancel}
      confirmLoading={props.busy}
      okText={props.okText}
      okButtonProps={{ danger: true }}
      onOk={async () => {
        const v = await form.validateFields().catch(() => null);
        if (v) await props.onSubmit(v.reason.trim());
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label={props.label ?? t('workflow.reason.label')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: props.requiredMessage ?? t('workflow.reason.required'),
            },
          ]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount placeholder={props.placeholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

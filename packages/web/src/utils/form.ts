import type { FormInstance } from 'antd';

/**
 * The form's values, or null when a rule failed. antd shows the messages beside the fields, so a failed
 * validation is an answer, not an error: nothing is thrown (no unhandled promise rejection).
 */
export async function validValues<V>(form: FormInstance, names?: string[]): Promise<V | null> {
  try {
    return (await (names ? form.validateFields(names) : form.validateFields())) as V;
  } catch (err) {
    if (err && typeof err === 'object' && 'errorFields' in err) return null;
    throw err;
  }
}

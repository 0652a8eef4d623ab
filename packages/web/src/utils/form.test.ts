import type { FormInstance } from 'antd';
import { describe, expect, it } from 'vitest';
import { validValues } from './form.ts';

const formThat = (validate: () => Promise<unknown>) =>
  ({ validateFields: validate }) as unknown as FormInstance;

describe('validValues', () => {
  it('answers null on failed rules instead of rejecting', async () => {
    const failing = formThat(() => Promise.reject({ errorFields: [{ name: ['x'], errors: ['required'] }] }));
    await expect(validValues(failing)).resolves.toBeNull();
  });
  it('returns the values, and passes other errors on', async () => {
    await expect(validValues(formThat(() => Promise.resolve({ a: 1 })))).resolves.toEqual({ a: 1 });
    await expect(validValues(formThat(() => Promise.reject(new Error('boom'))))).rejects.toThrow('boom');
  });
});

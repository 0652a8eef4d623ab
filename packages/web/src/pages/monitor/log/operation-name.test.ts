import { describe, expect, it } from 'vitest';
import { i18n, loadLanguage } from '../../../i18n/index.ts';
import { operationName } from './operation-name.ts';

describe('operation names', () => {
  it('names described operations and generic API calls in both languages', async () => {
    await loadLanguage('en', true);
    await i18n.changeLanguage('en');
    const t = i18n.t.bind(i18n);
    expect(operationName('login', t)).toBe('Log in');
    expect(operationName('POST /api/projectBatch', t)).toBe('Create · Batch');
    expect(operationName('DELETE /api/users', t)).toBe('Delete · User');
    expect(operationName('PUT /api/materialList/:id/submit', t)).toBe('Submit · Material list');
    await loadLanguage('zh', true);
    await i18n.changeLanguage('zh');
    expect(operationName('login', t)).toBe('登录');
    expect(operationName('POST /api/projectBatch', t)).toBe('新增 · 批次');
    expect(operationName(null, t)).toBe('-');
    // Commands and families of the later modules are named too, never by their ids.
    expect(operationName('POST /api/tradePolicy/applicable', t)).toBe('查询适用政策 · 贸易政策');
    expect(operationName('POST /api/billLading/submit', t)).toBe('提交 · 提单');
    expect(operationName('POST /api/container/undoPacking', t)).toBe('撤销装箱 · 集装箱');
    expect(operationName('PUT /api/deliveryEntrust', t)).toBe('修改 · 托运委托');
  });
});

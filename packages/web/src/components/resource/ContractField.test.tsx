import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ContractField } from './ContractField.tsx';
import { requiredText } from './schema-rules.ts';

afterEach(cleanup);

const SHAPE = { host: z.string().min(1), note: z.string().optional() };
const LABELS = { host: 'admin.mailTool.host', note: 'admin.mailTool.port' };

function Sheet({ extra = false }: { extra?: boolean }) {
  const given = [{ required: true, message: 'given rule' }];
  return (
    <Form>
      {(['host', 'note'] as const).map((name) => (
        <ContractField
          key={name}
          shape={SHAPE}
          name={name}
          labelKey={LABELS[name]}
          rules={extra && name === 'note' ? given : []}
        >
          <Input />
        </ContractField>
      ))}
      <Button htmlType="submit">ok</Button>
    </Form>
  );
}

// antd's first render is slow on a loaded machine.
describe('ContractField', { timeout: 30_000 }, () => {
  it('labels the input from the catalogue and requires what the contract requires, named by that label', async () => {
    render(<Sheet />);
    expect(screen.getByText('服务器')).toBeTruthy();
    fireEvent.click(screen.getByRole('button'));
    expect(await screen.findByText(requiredText('服务器', 'zh'))).toBeTruthy();
    expect(screen.queryByText(requiredText('端口', 'zh'))).toBeNull();
  });
  it('adds the rules it is given after the contract’s', async () => {
    render(<Sheet extra />);
    fireEvent.click(screen.getByRole('button'));
    expect(await screen.findByText('given rule')).toBeTruthy();
  });
});

import { cleanup, render, screen } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import type { DeclContext } from '../resource/types.ts';
import { WorkflowTimeline } from './Timeline.tsx';

afterEach(cleanup);

const ctx = (lang: 'zh' | 'en'): DeclContext => ({
  t: i18n.getFixedT(lang) as TFunction,
  lang,
  dict: () => [],
  dictLabel: (_: string, v: unknown) => String(v),
});

describe('WorkflowTimeline', { timeout: 30_000 }, () => {
  it('shows what, the note, who, company, when and where in the user language', () => {
    render(
      <WorkflowTimeline
        ctx={ctx('en')}
        events={[
          {
            id: 1,
            time: '2026-03-02T08:05:00Z',
            byName: 'Li Lei',
            byTenantName: 'Acme Logistics',
            entity: 'billLading',
            action: 'reject',
            fromStatus: '1',
            toStatus: '3',
            place: 'CNSHA',
            note: 'wrong vessel',
          },
        ]}
      />,
    );
    expect(screen.getByText('Bill of lading · Rejected (Submitted → Rejected (draft again))')).toBeTruthy();
    expect(screen.getByText('wrong vessel')).toBeTruthy();
    const who = screen.getByText(/Li Lei/);
    expect(who.textContent).toMatch(/^2026-03-02 \d\d:05(:00)? · Li Lei · Acme Logistics · CNSHA$/);
  });
  it('says so when nothing happened yet', () => {
    render(<WorkflowTimeline ctx={ctx('zh')} events={[]} />);
    expect(screen.getByText('暂无动态')).toBeTruthy();
  });
});

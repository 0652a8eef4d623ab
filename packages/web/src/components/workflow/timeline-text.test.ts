import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import type { DeclContext } from '../resource/types.ts';
import { timelineColor, timelineText, timelineWhat } from './timeline-text.ts';

const labels: Record<string, Record<string, string>> = {
  supplies_status: { '0': 'Draft', '1': 'Submitted', '3': 'Returned' },
};
const ctxIn = (lang: 'zh' | 'en'): DeclContext => ({
  t: i18n.getFixedT(lang) as TFunction,
  lang,
  dict: () => [],
  dictLabel: (name: string, v: unknown) => labels[name]?.[String(v)] ?? String(v),
});

describe('timeline text', () => {
  it('names the family, the event, the status move in words and the note', () => {
    expect(
      timelineText(
        {
          time: '',
          by: 'shipper',
          entity: 'materialList',
          entityId: 1,
          action: 'back',
          fromStatus: '1',
          toStatus: '3',
          note: 'price wrong',
        },
        ctxIn('en'),
      ),
    ).toBe('Material list · Returned (Submitted → Returned) — price wrong');
  });
  it('words the papers events (the bug: raw codes) from the family and the contract labels, in both languages', () => {
    const e = { time: '', entity: 'billLading', action: 'submit', fromStatus: '0', toStatus: '1' };
    expect(timelineWhat(e, ctxIn('en'))).toBe('Bill of lading · Submitted (Draft → Submitted)');
    expect(timelineWhat(e, ctxIn('zh'))).toBe('提单 · 已提交（草稿 → 已提交）');
    const rec = { time: '', entity: 'reconciliation', action: 'reject', fromStatus: '1', toStatus: '3' };
    expect(timelineWhat(rec, ctxIn('zh'))).not.toMatch(/reconciliation|reject/);
    expect(timelineWhat({ time: '', entity: 'deliveryEntrust', action: 'accept' }, ctxIn('en'))).toBe(
      'Shipping instruction · Accepted',
    );
  });
  it('takes the family from the reader when the event has none, and leaves out a move that did not happen', () => {
    expect(
      timelineWhat({ time: '', action: 'confirm', fromStatus: '1', toStatus: '1' }, ctxIn('en'), 'document'),
    ).toBe('Document · Confirmed');
  });
  it('keeps an unknown family and event as their codes', () => {
    expect(timelineText({ time: '', entity: 'widget', action: 'wobble' }, ctxIn('en'))).toBe(
      'widget · wobble',
    );
  });
  it('colours approvals green, refusals and undos red, the rest blue', () => {
    expect(timelineColor('confirm')).toBe('green');
    expect(timelineColor('undoPacking')).toBe('red');
    expect(timelineColor('reject')).toBe('red');
    expect(timelineColor('submit')).toBe('blue');
  });
});

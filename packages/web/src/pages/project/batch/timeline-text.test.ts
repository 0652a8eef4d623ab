import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { DeclContext } from '../../../components/resource/types.ts';
import { timelineText } from './timeline-text.ts';

const labels: Record<string, Record<string, string>> = {
  supplies_status: { '0': 'Draft', '1': 'Submitted', '3': 'Returned' },
};
const ctx = {
  t: ((key: string, o?: { defaultValue?: string }) =>
    key === 'project.entity.materialList'
      ? 'Material list'
      : key === 'project.action.back'
        ? 'Returned'
        : (o?.defaultValue ?? key)) as TFunction,
  lang: 'en',
  dict: () => [],
  dictLabel: (name: string, v: unknown) => labels[name]?.[String(v)] ?? String(v),
} as DeclContext;

describe('timeline text', () => {
  it('names the entity, the action, the status move in words and the note', () => {
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
        ctx,
      ),
    ).toBe('Material list · Returned (Submitted → Returned) — price wrong');
  });
  it('falls back to the raw names and leaves out a move that did not happen', () => {
    expect(
      timelineText(
        {
          time: '',
          by: 'x',
          entity: 'boxPiece',
          entityId: 1,
          action: 'weigh',
          fromStatus: '0',
          toStatus: '0',
        },
        ctx,
      ),
    ).toBe('boxPiece · weigh');
  });
});

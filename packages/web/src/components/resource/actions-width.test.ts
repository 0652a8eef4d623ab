import { describe, expect, it } from 'vitest';
import { actionsColumnWidth, columnWidth, headerMinWidth, textWidth } from './actions-width.ts';

describe('actions column width', () => {
  it('counts CJK characters wider than latin ones', () => {
    expect(textWidth('确认')).toBe(28);
    expect(textWidth('Confirm')).toBe(52.5);
  });

  it('fits the widest row’s links, not a fixed width per possible action', () => {
    const zh = actionsColumnWidth(
      [
        ['查看', '下载'],
        ['编辑', '下载', '确认提单', '驳回'],
      ],
      '操作',
    );
    // 查看 下载 / 编辑 下载 确认提单 驳回: the second row, 10 characters and four links.
    expect(zh).toBe(Math.ceil(10 * 14 + 4 * 14 + 24 + 2));
    const en = actionsColumnWidth([['Edit', 'Download', 'Confirm B/L', 'Reject']], 'Actions');
    expect(en).toBeGreaterThan(zh);
    // With no row the header alone decides.
    expect(actionsColumnWidth([], '操作')).toBe(28 + 24 + 2);
  });
});

describe('header widths', () => {
  it('widens a declared width to its header’s longest word, never narrows it', () => {
    // "Packages" in a 70 px column broke as "Packa / ges".
    expect(columnWidth(70, 'Packages')).toBe(headerMinWidth('Packages'));
    expect(columnWidth(70, 'Packages')).toBeGreaterThan(70);
    expect(columnWidth(200, 'Currency')).toBe(200);
    expect(columnWidth(undefined, 'Currency')).toBeUndefined();
    // Words may wrap between them: only the longest word counts; a sort button needs its room.
    expect(headerMinWidth('Gross weight (kg)')).toBe(headerMinWidth('weight'));
    expect(headerMinWidth('Currency', true)).toBeGreaterThan(headerMinWidth('Currency'));
    expect(headerMinWidth('币种')).toBeLessThan(headerMinWidth('Currency'));
  });
});

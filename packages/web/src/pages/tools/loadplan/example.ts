// The example shipment the page opens with, so the tool is useful at once (sizes mm, weights kg).
import type { BoxRow } from './model.ts';
import { newKey } from './model.ts';

export function exampleBoxes(lang: 'zh' | 'en'): BoxRow[] {
  const zh = lang === 'zh';
  const row = (r: Omit<BoxRow, 'key'>): BoxRow => ({ key: newKey('b'), ...r });
  return [
    row({
      name: zh ? '水泵木箱' : 'Pump crate',
      l: 1200,
      w: 1000,
      h: 900,
      weight: 380,
      qty: 6,
      vertical: [false, false, true],
      stackable: false,
      maxLoadOnTop: null,
      group: 0,
    }),
    row({
      name: zh ? '电缆盘托盘' : 'Cable drum pallet',
      l: 1200,
      w: 800,
      h: 1100,
      weight: 520,
      qty: 8,
      vertical: [false, false, true],
      stackable: true,
      maxLoadOnTop: 600,
      group: 0,
    }),
    row({
      name: zh ? '阀门纸箱' : 'Valve carton',
      l: 600,
      w: 400,
      h: 400,
      weight: 22,
      qty: 90,
      vertical: [true, true, true],
      stackable: true,
      maxLoadOnTop: 150,
      group: 1,
    }),
    row({
      name: zh ? '备件箱' : 'Spare-parts box',
      l: 500,
      w: 500,
      h: 300,
      weight: 14,
      qty: 60,
      vertical: [true, true, true],
      stackable: true,
      maxLoadOnTop: null,
      group: 1,
    }),
  ];
}

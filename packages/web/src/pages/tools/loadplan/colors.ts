// One colour per box type, the same in the 3D view, the legend and the printed plan.
const PALETTE = [
  '#4e79a7',
  '#f28e2b',
  '#59a14f',
  '#e15759',
  '#76b7b2',
  '#edc948',
  '#b07aa1',
  '#ff9da7',
  '#9c755f',
  '#86bcb6',
  '#d4a6c8',
  '#a0cbe8',
];

export function typeColor(index: number): string {
  const fixed = PALETTE[index];
  if (fixed) return fixed;
  // Beyond the palette: spread hues by the golden angle.
  const hue = Math.round((index * 137.508) % 360);
  return `hsl(${hue}, 55%, 58%)`;
}

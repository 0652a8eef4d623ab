// One colour per box type, the same in the 3D view, the legend, the browser's print and the server's
// PDF: a fixed palette, then hues spread by the golden angle.
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

/** The box type's colour as red, green and blue (0–255). */
export function typeRgb(index: number): [number, number, number] {
  const fixed = PALETTE[index];
  if (fixed)
    return [1, 3, 5].map((i) => Number.parseInt(fixed.slice(i, i + 2), 16)) as [number, number, number];
  // Beyond the palette: hue by the golden angle at 55% saturation and 58% lightness (HSL to RGB).
  const h = (index * 137.508) % 360;
  const [s, l] = [0.55, 0.58];
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** The box type's colour as `#rrggbb`. */
export function typeColor(index: number): string {
  return `#${typeRgb(index)
    .map((v) => v.toString(16).padStart(2, '0'))
    .join('')}`;
}

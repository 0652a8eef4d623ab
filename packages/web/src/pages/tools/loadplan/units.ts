// Length and weight units of the box table. The engine works in whole millimetres and kilograms.

export type LengthUnit = 'mm' | 'cm' | 'm' | 'in';
export type WeightUnit = 'kg' | 'lb';

export const LENGTH_UNITS: readonly LengthUnit[] = ['mm', 'cm', 'm', 'in'];
export const WEIGHT_UNITS: readonly WeightUnit[] = ['kg', 'lb'];

const MM_PER: Record<LengthUnit, number> = { mm: 1, cm: 10, m: 1000, in: 25.4 };
const KG_PER: Record<WeightUnit, number> = { kg: 1, lb: 0.45359237 };

/** A length in the given unit → whole millimetres (the engine's unit), at least 1. */
export function toMm(value: number, unit: LengthUnit): number {
  return Math.max(1, Math.round(value * MM_PER[unit]));
}

/** Millimetres → the given unit, rounded to a precision that suits the unit. */
export function fromMm(mm: number, unit: LengthUnit): number {
  return roundTo(mm / MM_PER[unit], unit === 'mm' ? 0 : unit === 'm' ? 3 : 1);
}

export function toKg(value: number, unit: WeightUnit): number {
  return roundTo(value * KG_PER[unit], 3);
}

export function fromKg(kg: number, unit: WeightUnit): number {
  return roundTo(kg / KG_PER[unit], 2);
}

/** A length from one unit to another (for switching the table's unit). */
export function convertLength(value: number, from: LengthUnit, to: LengthUnit): number {
  return roundTo((value * MM_PER[from]) / MM_PER[to], to === 'mm' ? 0 : to === 'm' ? 3 : 1);
}

export function convertWeight(value: number, from: WeightUnit, to: WeightUnit): number {
  return roundTo((value * KG_PER[from]) / KG_PER[to], 2);
}

export function roundTo(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** m³ from three lengths in mm. */
export function cubicMetres(l: number, w: number, h: number): number {
  return (l * w * h) / 1e9;
}

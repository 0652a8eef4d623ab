import { describe, expect, it } from 'vitest';
import { convertLength, convertWeight, cubicMetres, fromKg, fromMm, toKg, toMm } from './units.ts';

describe('unit conversions', () => {
  it('turns lengths into whole millimetres for the engine', () => {
    expect(toMm(1200, 'mm')).toBe(1200);
    expect(toMm(120, 'cm')).toBe(1200);
    expect(toMm(1.2, 'm')).toBe(1200);
    expect(toMm(48, 'in')).toBe(1219);
    expect(toMm(12.34, 'cm')).toBe(123);
    expect(toMm(0.0001, 'mm')).toBe(1);
  });
  it('shows millimetres in other units with a precision that suits them', () => {
    expect(fromMm(1219, 'in')).toBe(48);
    expect(fromMm(1234, 'm')).toBe(1.234);
    expect(fromMm(1234, 'cm')).toBe(123.4);
  });
  it('converts weights between kg and lb', () => {
    expect(toKg(100, 'lb')).toBe(45.359);
    expect(toKg(22.5, 'kg')).toBe(22.5);
    expect(fromKg(45.359237, 'lb')).toBe(100);
    expect(convertWeight(1000, 'kg', 'lb')).toBe(2204.62);
  });
  it('switches a table between units and back without drift', () => {
    expect(convertLength(1200, 'mm', 'cm')).toBe(120);
    expect(convertLength(120, 'cm', 'm')).toBe(1.2);
    expect(convertLength(1.2, 'm', 'mm')).toBe(1200);
    expect(convertLength(convertLength(600, 'mm', 'in'), 'in', 'mm')).toBe(599);
  });
  it('gives cubic metres from millimetres', () => {
    expect(cubicMetres(1200, 1000, 1000)).toBeCloseTo(1.2);
  });
});

import {
  boxCreate,
  loadInput,
  onBoardInput,
  projectCreate,
  suppliesCreate,
  vesselCreate,
} from '@tradelane/contract';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldRules, isRequired, maxLengthOf, schemaRule, shapeOf } from './schema-rules.ts';

const check = (rule: ReturnType<typeof schemaRule>, v: unknown) =>
  (rule as { validator: (r: unknown, v: unknown) => Promise<void> }).validator({}, v);

describe('form rules from the contract', () => {
  it('knows the longest text a field takes', () => {
    expect(maxLengthOf(projectCreate.shape.name)).toBe(200);
    expect(maxLengthOf(projectCreate.shape.enName)).toBe(200);
    expect(maxLengthOf(projectCreate.shape.code)).toBe(64);
    expect(maxLengthOf(suppliesCreate.shape.quantity)).toBeUndefined();
  });
  it('refuses what the server refuses, naming the field by its label', async () => {
    const qty = schemaRule(suppliesCreate.shape.quantity, '数量', 'zh');
    await expect(check(qty, -5)).rejects.toThrow('数量：长度或数值过小（最小 0）');
    await expect(check(qty, 0)).rejects.toThrow(/数量/);
    await expect(check(qty, 3)).resolves.toBeUndefined();
    const start = schemaRule(projectCreate.shape.startDate, 'Start date', 'en');
    await expect(check(start, '2026-13-45')).rejects.toThrow('Start date: is not a valid date');
  });
  it("fills in a message's parameters (the expected check digit)", async () => {
    const imo = schemaRule(vesselCreate.shape.imo, 'IMO', 'en');
    await expect(check(imo, '9700850')).rejects.toThrow(
      'IMO: Wrong check digit in the IMO number: it should be 9',
    );
    await expect(check(imo, 'IMO 9700859')).resolves.toBeUndefined();
  });
  it('makes a field required exactly when its schema needs a value', async () => {
    expect(isRequired(boxCreate.shape.length)).toBe(true);
    expect(isRequired(boxCreate.shape.boxNumber)).toBe(false);
    expect(isRequired(boxCreate.shape.stackable)).toBe(false);
    const [required, schema] = fieldRules(boxCreate.shape.grossWeight, 'Gross weight', 'en');
    expect(required).toMatchObject({ required: true });
    expect((required as { message: string }).message).toMatch(/^Gross weight: /);
    await expect(check(schema as ReturnType<typeof schemaRule>, 0)).rejects.toThrow(/^Gross weight: /);
    expect(fieldRules(boxCreate.shape.boxNumber, 'Box number', 'en')).toHaveLength(1);
  });
  it('a required field takes a picked number and refuses blank text, in the contract words', async () => {
    const rules = fieldRules(shapeOf(onBoardInput).vessel as z.ZodType, '船名', 'zh');
    // Only `required` in antd's rule: its validator checks any type (a `whitespace` flag would demand text).
    expect(Object.keys(rules[0] as object).sort()).toEqual(['message', 'required']);
    await expect(check(rules[1] as ReturnType<typeof schemaRule>, '   ')).rejects.toThrow('船名：不能为空');
    await expect(check(rules[1] as ReturnType<typeof schemaRule>, 'EVER GIVEN')).resolves.toBeUndefined();
    const box = fieldRules(loadInput.shape.accessoryInfoId, '车辆', 'zh');
    await expect(check(box[1] as ReturnType<typeof schemaRule>, 7)).resolves.toBeUndefined();
  });
  it('reads the fields of an intersection (containers and the vessel) and of an object', () => {
    const shape = shapeOf(onBoardInput);
    expect(Object.keys(shape)).toEqual(expect.arrayContaining(['ids', 'vessel', 'voyage', 'etd']));
    expect(maxLengthOf(shape.voyage)).toBe(30);
    expect(isRequired(shape.vessel as NonNullable<typeof shape.vessel>)).toBe(true);
    expect(shapeOf(boxCreate).grossWeight).toBe(boxCreate.shape.grossWeight);
  });
});

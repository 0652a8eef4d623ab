// Every event of every machine the contract declares has its words in zh and en — as the timeline says
// it and as a button says it — and every machine belongs to a family the web knows.
import * as contract from '@tradelane/contract';
import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en/index.ts';
import { zh } from '../../i18n/zh/index.ts';
import { eventsOf, FAMILIES, type Machine, needsReason, statusText } from './labels.ts';

const machines = (Object.entries(contract) as [string, unknown][]).filter(
  (e): e is [string, Machine] =>
    e[0].endsWith('Machine') &&
    Array.isArray(e[1]) &&
    e[1].every((t) => typeof t === 'object' && t !== null && 'event' in t && 'from' in t),
);

describe('workflow labels', () => {
  it('finds the contract machines', () => {
    expect(machines.length).toBeGreaterThanOrEqual(18);
  });
  it('maps every contract machine to a family', () => {
    const mapped = new Set(Object.values(FAMILIES).flatMap((f) => f.machines));
    expect(machines.filter(([, m]) => !mapped.has(m)).map(([name]) => name)).toEqual([]);
  });
  it('names every family in both languages', () => {
    for (const family of Object.keys(FAMILIES)) {
      expect(zh.workflow.entity, family).toHaveProperty(family);
      expect(en.workflow.entity, family).toHaveProperty(family);
    }
  });
  it('words every event of every machine in zh and en, past and as a command', () => {
    const missing: string[] = [];
    for (const [name, machine] of machines)
      for (const event of eventsOf(machine))
        for (const [lang, cat] of [
          ['zh', zh],
          ['en', en],
        ] as const)
          for (const kind of ['event', 'command'] as const)
            if (!(cat.workflow[kind] as Record<string, string>)[event])
              missing.push(`${name}.${event} ${lang} ${kind}`);
    expect(missing).toEqual([]);
  });
  it('reads the status words and the reason guard from the contract', () => {
    expect(statusText('billLading', 3, 'en')).toBe(contract.billLadingStatusLabels[3]?.en);
    expect(statusText('nothing', 1, 'zh')).toBeNull();
    expect(needsReason([contract.billLadingMachine], 'reject', 1)).toBe(true);
    expect(needsReason([contract.billLadingMachine], 'confirm', 1)).toBe(false);
    expect(needsReason([contract.materialListMachine], 'back')).toBe(true);
  });
});

import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { familiesChangedBy, refreshResources, resourceKey } from './query-keys.ts';

describe('query keys by resource', () => {
  it('every query of a family starts with resource and the family name', () => {
    expect(resourceKey('boxPiece')).toEqual(['resource', 'boxPiece']);
    expect(resourceKey('boxPiece', 'batch', 7)).toEqual(['resource', 'boxPiece', 'batch', 7]);
  });

  it('a change reaches the family and the families it changes on the server, once each', () => {
    expect(familiesChangedBy(['materialList'])).toEqual([
      'materialList',
      'projectBatch',
      'project',
      'supplies',
    ]);
    expect(familiesChangedBy(['users'])).toEqual(['users']);
    const logistics = familiesChangedBy(['boxPiece', 'container']);
    expect(new Set(logistics).size).toBe(logistics.length);
    expect(logistics).toContain('abnormalRecord');
  });

  it('refreshes only those families: other families and non-resource queries stay fresh', async () => {
    const qc = new QueryClient();
    const keys = [
      resourceKey('materialList', { page: 0 }),
      resourceKey('materialList', 'detail', 3),
      resourceKey('projectBatch', 'workbench', 1),
      resourceKey('users', { page: 0 }),
      resourceKey('container', 'pick', 1),
      resourceKey('materialListTag'),
      ['ref', 'currencies'],
      ['myMessages'],
    ];
    for (const k of keys) qc.setQueryData(k, 1);
    await refreshResources(qc, ['materialList']);
    const stale = keys.filter((k) => qc.getQueryState(k)?.isInvalidated).map((k) => k.join('/'));
    expect(stale).toEqual([
      'resource/materialList/[object Object]',
      'resource/materialList/detail/3',
      'resource/projectBatch/workbench/1',
    ]);
  });
});

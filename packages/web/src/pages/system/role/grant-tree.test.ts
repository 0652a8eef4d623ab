import { describe, expect, it } from 'vitest';
import { toggleGrant } from './grant-tree.ts';

const rows = [
  { id: 1, pid: null },
  { id: 2, pid: 1 },
  { id: 3, pid: 2 },
  { id: 4, pid: 2 },
  { id: 5, pid: null },
];

describe('menu grant tree', () => {
  it('checking a menu grants its ancestors and its buttons', () => {
    expect([...toggleGrant(rows, new Set(), 2, true)].sort()).toEqual([1, 2, 3, 4]);
    expect([...toggleGrant(rows, new Set(), 3, true)].sort()).toEqual([1, 2, 3]);
  });
  it('unchecking removes the menu and everything below, keeping the directory', () => {
    expect([...toggleGrant(rows, new Set([1, 2, 3, 4, 5]), 2, false)].sort()).toEqual([1, 5]);
  });
});

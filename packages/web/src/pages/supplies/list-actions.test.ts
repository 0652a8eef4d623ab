import { describe, expect, it } from 'vitest';
import { defaultList, listButtons, rowsEditable } from './list-actions.ts';

const all = () => true;
const none = () => false;

describe('material list buttons from the state machine', () => {
  it('a supplier submits a draft or a returned list, nothing else', () => {
    expect(listButtons(0, 'supplier', all)).toEqual(['submit']);
    expect(listButtons(3, 'supplier', all)).toEqual(['submit']);
    expect(listButtons(1, 'supplier', all)).toEqual([]);
    expect(listButtons(2, 'supplier', all)).toEqual([]);
  });
  it('the shipper confirms or returns a submitted list only', () => {
    expect(listButtons(1, 'shipper', all)).toEqual(['confirm', 'back']);
    expect(listButtons(0, 'shipper', all)).toEqual([]);
    expect(listButtons(2, 'shipper', all)).toEqual([]);
  });
  it('logistics providers and admins get no buttons; missing permissions hide them', () => {
    expect(listButtons(1, 'logistics', all)).toEqual([]);
    expect(listButtons(1, null, all)).toEqual([]);
    expect(listButtons(1, 'shipper', none)).toEqual([]);
    expect(listButtons(0, 'supplier', (p) => p !== 'supplies:submit')).toEqual([]);
    expect(listButtons(undefined, 'supplier', all)).toEqual([]);
  });
  it('rows are editable by the supplier on draft and returned lists only', () => {
    expect(rowsEditable(0, 'supplier', all)).toBe(true);
    expect(rowsEditable(3, 'supplier', all)).toBe(true);
    expect(rowsEditable(1, 'supplier', all)).toBe(false);
    expect(rowsEditable(2, 'supplier', all)).toBe(false);
    expect(rowsEditable(0, 'shipper', all)).toBe(false);
    expect(rowsEditable(0, 'supplier', none)).toBe(false);
  });
});

describe('the list a page opens first', () => {
  const lists = [
    { id: 1, status: 0, rows: 0 },
    { id: 2, status: 2, rows: 9 },
    { id: 3, status: 1, rows: 5 },
  ];
  it('is the next review for the shipper', () => {
    expect(defaultList(lists, 'shipper')?.id).toBe(3);
  });
  it('is otherwise the fullest list', () => {
    expect(defaultList(lists, 'logistics')?.id).toBe(2);
    expect(defaultList(lists.slice(0, 1), 'shipper')?.id).toBe(1);
    expect(defaultList([], 'supplier')).toBeNull();
  });
});

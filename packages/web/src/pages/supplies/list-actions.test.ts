import type { MaterialListEvent } from '@tradelane/contract';
import { describe, expect, it } from 'vitest';
import { defaultList, listButtons, rowsEditable } from './list-actions.ts';

const all = () => true;
const none = () => false;

describe("material list buttons from the list's actions (the server's answer)", () => {
  const list = (...actions: MaterialListEvent[]) => ({ actions });
  it('offers the commands the list allows, in display order', () => {
    expect(listButtons(list('submit', 'edit'), all)).toEqual(['submit']);
    expect(listButtons(list('back', 'confirm'), all)).toEqual(['confirm', 'back']);
    expect(listButtons(list(), all)).toEqual([]);
    expect(listButtons(list('edit'), all)).toEqual([]);
  });
  it('missing permissions hide them; no list, no buttons', () => {
    expect(listButtons(list('confirm', 'back'), none)).toEqual([]);
    expect(listButtons(list('submit'), (p) => p !== 'supplies:submit')).toEqual([]);
    expect(listButtons(list('confirm', 'back'), (p) => p === 'supplies:confirm')).toEqual([
      'confirm',
      'back',
    ]);
    expect(listButtons(undefined, all)).toEqual([]);
    expect(listButtons({}, all)).toEqual([]);
  });
  it('rows are editable when the list offers edit and the roles allow it', () => {
    expect(rowsEditable(list('submit', 'edit'), all)).toBe(true);
    expect(rowsEditable(list('submit'), all)).toBe(false);
    expect(rowsEditable(list('confirm', 'back'), all)).toBe(false);
    expect(rowsEditable(list('edit'), none)).toBe(false);
    expect(rowsEditable(null, all)).toBe(false);
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

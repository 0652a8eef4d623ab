import { beforeEach, describe, expect, it } from 'vitest';
import { nextPathAfterClose, useTags } from './tags.ts';

const home = { path: '/', fullPath: '/', affix: true };
const a = { path: '/a', fullPath: '/a' };
const b = { path: '/b', fullPath: '/b?x=1' };

beforeEach(() => {
  useTags.getState().reset();
  const s = useTags.getState();
  s.addView(a);
  s.addView(home);
  s.addView(b);
});

describe('tags store', () => {
  it('adds each path once, affixed tabs first', () => {
    useTags.getState().addView(a);
    expect(useTags.getState().views.map((v) => v.path)).toEqual(['/', '/a', '/b']);
  });
  it('keeps the latest query of a path', () => {
    useTags.getState().addView({ path: '/b', fullPath: '/b?x=2' });
    expect(useTags.getState().views[2].fullPath).toBe('/b?x=2');
  });
  it('closes one view, never an affixed one', () => {
    useTags.getState().closeView('/a');
    useTags.getState().closeView('/');
    expect(useTags.getState().views.map((v) => v.path)).toEqual(['/', '/b']);
  });
  it('closes others and all, keeping affixed tabs', () => {
    expect(
      useTags
        .getState()
        .closeOthers('/b')
        .map((v) => v.path),
    ).toEqual(['/', '/b']);
    expect(
      useTags
        .getState()
        .closeAll()
        .map((v) => v.path),
    ).toEqual(['/']);
  });
  it('goes to the last view left after closing the active one', () => {
    expect(nextPathAfterClose([home, b])).toBe('/b?x=1');
    expect(nextPathAfterClose([])).toBe('/');
  });
});

import { boxesOps } from '@tradelane/contract/api/boxes';
import { families } from '@tradelane/contract/api/families';
import { projectOps } from '@tradelane/contract/api/project';
import { beforeEach, describe, expect, it } from 'vitest';
import { FUNCTIONS_KEY } from '../config.ts';
import { useSession } from '../stores/session.ts';
import {
  allowed,
  hasFunctionPermission,
  hasPermission,
  mayCall,
  type Need,
  storedFunctions,
} from './permissions.ts';

describe('hasPermission (spec §6)', () => {
  it('throws when given an empty list', () => {
    expect(() => hasPermission([], ['user:add'])).toThrow();
  });
  it('passes with at least one of the listed permission strings', () => {
    expect(hasPermission(['user:add'], ['user:list', 'user:add'])).toBe(true);
    expect(hasPermission(['user:del', 'user:add'], ['user:add'])).toBe(true);
    expect(hasPermission(['user:del'], ['user:add'])).toBe(false);
  });
  it('lets admin pass every check', () => {
    expect(hasPermission(['monitor:database'], ['admin'])).toBe(true);
  });
  it('reads the session roles by default', () => {
    useSession.setState({ roles: ['roles:edit'] });
    expect(hasPermission(['roles:edit'])).toBe(true);
    expect(hasPermission(['roles:del'])).toBe(false);
  });
});

describe('function permissions (menuId + functionName, from local storage)', () => {
  beforeEach(() => localStorage.clear());
  it('reads the list cached at login and ignores malformed entries', () => {
    localStorage.setItem(
      FUNCTIONS_KEY,
      JSON.stringify([{ menuId: 3, functionName: 'add' }, { menuId: '3', functionName: 'del' }, null]),
    );
    expect(storedFunctions()).toEqual([{ menuId: 3, functionName: 'add' }]);
    localStorage.setItem(FUNCTIONS_KEY, '{not json');
    expect(storedFunctions()).toEqual([]);
  });
  it('a reload’s session answer refreshes the stored list: a grant made since login shows its button', () => {
    localStorage.setItem(FUNCTIONS_KEY, JSON.stringify([{ menuId: 3, functionName: 'add' }]));
    expect(hasFunctionPermission(3, 'edit', ['user:list'])).toBe(false);
    useSession.getState().setInfo({
      user: useSession.getState().user as never,
      roles: ['user:list'],
      tenant_checksatus: 2,
      ifparther: true,
      stopday: null,
      function: [
        { menuId: 3, functionName: 'add' },
        { menuId: 3, functionName: 'edit' },
      ],
    } as never);
    expect(hasFunctionPermission(3, 'edit', ['user:list'])).toBe(true);
  });
  it('matches menuId and functionName exactly', () => {
    localStorage.setItem(FUNCTIONS_KEY, JSON.stringify([{ menuId: 3, functionName: 'add' }]));
    expect(hasFunctionPermission(3, 'add', ['user:list'])).toBe(true);
    expect(hasFunctionPermission(3, 'Add', ['user:list'])).toBe(false);
    expect(hasFunctionPermission(4, 'add', ['user:list'])).toBe(false);
    expect(hasFunctionPermission(3, 'ad', ['user:list'])).toBe(false);
    expect(hasFunctionPermission(99, 'x', ['admin'])).toBe(true);
  });
});

describe('allowed: the gate of every admin button', () => {
  const fns = [{ menuId: 3, functionName: 'add' }];
  it('needs the permission string and, where the menu id is known, the function', () => {
    const need: Need = { permission: ['user:add'], fn: 'add' };
    expect(allowed(need, { roles: ['user:add'], functions: fns, menuId: 3 })).toBe(true);
    expect(allowed(need, { roles: ['user:add'], functions: [], menuId: 3 })).toBe(false);
    expect(allowed(need, { roles: ['user:list'], functions: fns, menuId: 3 })).toBe(false);
    expect(allowed(need, { roles: ['user:add'], functions: [], menuId: null })).toBe(true);
    expect(allowed(need, { roles: ['admin'], functions: [], menuId: 3 })).toBe(true);
  });
  it('names permissions of the contract catalogue only (a typo fails typecheck)', () => {
    // @ts-expect-error 'user:ad' is no permission of the catalogue
    const typo: Need = { permission: ['user:ad'] };
    expect(allowed(typo, { roles: ['user:add'], functions: [], menuId: null })).toBe(false);
  });
  it('allows what declares no need, and throws on an empty permission list', () => {
    expect(allowed(undefined, { roles: [], functions: [], menuId: null })).toBe(true);
    expect(() => allowed({ permission: [] }, { roles: ['admin'], functions: [], menuId: null })).toThrow();
  });
});

describe('mayCall: a button read from its operation’s declaration', () => {
  const session = (party: 'shipper' | 'supplier' | 'logistics' | 'platform', roles: string[]) => ({
    roles,
    functions: [],
    menuId: null,
    party,
  });
  it('offers an invitation to a shipper holding the grant, to no other side even with every grant', () => {
    expect(mayCall(projectOps.invite, session('shipper', ['partner:add']))).toBe(true);
    expect(mayCall(projectOps.invite, session('shipper', ['partner:list']))).toBe(false);
    for (const side of ['supplier', 'logistics', 'platform'] as const)
      expect(mayCall(projectOps.invite, session(side, ['admin']))).toBe(false);
  });
  it('reads a family’s declared party, with the page’s grant for its create', () => {
    const need = { permission: ['project:add' as const] };
    expect(mayCall(families.project.create, session('shipper', ['project:add']), need)).toBe(true);
    expect(mayCall(families.project.create, session('platform', ['admin']), need)).toBe(true);
    expect(mayCall(families.project.create, session('supplier', ['project:add']), need)).toBe(false);
    expect(mayCall(families.project.create, session('shipper', ['project:list']), need)).toBe(false);
  });
  it('leaves an operation naming no side to its grants; one naming a side needs the side too', () => {
    expect(
      mayCall(families.vessel.create, session('supplier', ['vessel:add']), { permission: ['vessel:add'] }),
    ).toBe(true);
    expect(mayCall(boxesOps.pack, session('supplier', ['boxPiece:edit']))).toBe(true);
    expect(mayCall(boxesOps.pack, session('shipper', ['boxPiece:edit']))).toBe(false);
  });
});

// The caller's side (DESIGN §4): roleType follows the tenant's end; platform administrators are `platform`.
import { type Party, RoleType } from '@tradelane/contract';
import type { AuthContext } from '../http/auth.ts';

export function partyOf(auth: Pick<AuthContext, 'roleType' | 'isPlatformAdmin'>): Party {
  if (auth.isPlatformAdmin) return 'platform';
  if (auth.roleType === RoleType.supplier) return 'supplier';
  if (auth.roleType === RoleType.logistics) return 'logistics';
  return 'shipper';
}

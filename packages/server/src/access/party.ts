// The caller's side: roleType follows the tenant's end; platform administrators are `platform`.
import { type Party, partyOfRole } from '@tradelane/contract';
import type { AuthContext } from '../http/auth.ts';

export function partyOf(auth: Pick<AuthContext, 'roleType' | 'isPlatformAdmin'>): Party {
  return auth.isPlatformAdmin ? 'platform' : partyOfRole(auth.roleType);
}

// The caller's side: roleType follows the tenant's end; platform administrators are `platform`.
import { type Party, partyOfRole } from '@tradelane/contract';

export function partyOf(auth: { roleType: number; isPlatformAdmin: boolean }): Party {
  return auth.isPlatformAdmin ? 'platform' : partyOfRole(auth.roleType);
}

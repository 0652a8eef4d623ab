// Who sees bills of lading and tally sheets: a B/L is seen by the batch's shipper and the
// logistics provider that drew it up (on a batch it still serves); the tally by the shipper and the
// batch's logistics providers. Suppliers see neither (both speak of the whole batch's cargo).
import { eq, type SQL } from 'drizzle-orm';
import { partyOf } from '../../access/party.ts';
import { anyOf } from '../../db/any-of.ts';
import { billLadings, tallySheets } from '../../db/schema-lading.ts';
import type { Ctx } from '../../resources/engine.ts';
import { paperScope } from '../papers/paper.ts';
import { partnerBatchIds } from '../project/access.ts';

type Who = Pick<Ctx, 'db' | 'auth'>;

export const billLadingScope = paperScope(billLadings);

export const tallyScope = ({ db, auth }: Who): SQL | undefined => {
  if (auth.isPlatformAdmin) return undefined;
  const party = partyOf(auth);
  if (party === 'logistics') return anyOf(tallySheets.batchId, partnerBatchIds(db, auth.tenantId));
  if (party === 'supplier') return eq(tallySheets.id, -1);
  return eq(tallySheets.tenantId, auth.tenantId);
};

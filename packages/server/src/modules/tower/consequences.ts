// What follows a re-projection, in the same transaction: the exceptions the product opens or closes and
// the events that leave for webhooks. Every path that re-projects (a command, a saved plan, the job) ends here.
import type { Db } from '../../db/client.ts';
import type { Reprojected } from './reproject.ts';

/** Answers how many exceptions it opened. */
export async function towerAfterReprojection(_db: Db, _results: Reprojected[], _by: string): Promise<number> {
  return 0;
}

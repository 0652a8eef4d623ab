// Generic CRUD of one family and the Excel export, through the one typed client: a family's operations
// come from the contract (familyOperations), the rows are typed by the page that lists them.
import { familyOperations, rowNotWritten } from '@tradelane/contract';
import { call } from '../../api/client.ts';
import { downloadBlob } from '../../api/download.ts';
import type { RequestOptions } from '../../api/request.ts';
import type { Page } from '../../api/types.ts';
import type { Params } from './query.ts';

const opsOf = (name: string) => familyOperations(name, rowNotWritten);

export const resourceApi = {
  list: <T>(name: string, params: Params) => call(opsOf(name).list, params) as unknown as Promise<Page<T>>,
  create: <T>(name: string, body: unknown, opts?: RequestOptions) =>
    call(opsOf(name).create, body as Record<string, unknown>, opts) as Promise<T>,
  update: <T>(name: string, body: unknown, opts?: RequestOptions) =>
    call(opsOf(name).update, body as Record<string, unknown>, opts) as Promise<T>,
  remove: (name: string, ids: number[]) => call(opsOf(name).remove, ids),
  queryById: <T>(name: string, id: number) => call(opsOf(name).queryById, { id }) as Promise<T>,
};

/** The family's list as a sheet, with the list's filters, fetched with the token and saved as a file. */
export async function downloadExcel(name: string, params: Params, filename: string): Promise<void> {
  downloadBlob(await call(opsOf(name).download, params), filename);
}

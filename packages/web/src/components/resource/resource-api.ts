// Generic CRUD of one family and the Excel export through the one request client.
import { downloadBlob } from '../../api/download.ts';
import { http, type RequestOptions } from '../../api/request.ts';
import type { Page } from '../../api/types.ts';
import type { Params } from './query.ts';

export const resourceApi = {
  list: <T>(name: string, params: Params) => http.get<Page<T>>(`/api/${name}`, params),
  create: <T>(name: string, body: unknown, opts?: RequestOptions) => http.post<T>(`/api/${name}`, body, opts),
  update: <T>(name: string, body: unknown, opts?: RequestOptions) => http.put<T>(`/api/${name}`, body, opts),
  remove: (name: string, ids: number[]) => http.del<{ deleted: number }>(`/api/${name}`, { data: ids }),
  queryById: <T>(name: string, id: number) => http.get<T>(`/api/${name}/queryById`, { id }),
};

/** GET /api/<name>/download with the list's filters, fetched with the token and saved as a file. */
export async function downloadExcel(name: string, params: Params, filename: string): Promise<void> {
  const blob = await http.get<Blob>(`/api/${name}/download`, params, { responseType: 'blob' });
  downloadBlob(blob, filename);
}

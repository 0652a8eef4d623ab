// Forecasts: a batch's ports and site, or ports by UN/LOCODE.
import type { WeatherAnswer, WeatherPlace } from '@tradelane/contract';
import { http } from '../../../api/request.ts';

export type { WeatherAnswer, WeatherPlace };

export const weatherApi = {
  batch: (id: number) => http.get<WeatherAnswer>(`/api/weather/batch/${id}`),
  ports: (codes: string[]) => http.get<WeatherAnswer>('/api/weather/ports', { codes: codes.join(',') }),
};

// Forecasts: a batch's ports and site, or ports by UN/LOCODE.
import type { WeatherAnswer, WeatherPlace } from '@tradelane/contract';
import { servicesOps } from '@tradelane/contract/api/services';
import { call } from '../../../api/client.ts';

export type { WeatherAnswer, WeatherPlace };

export const weatherApi = {
  batch: (id: number) => call(servicesOps.batchWeather, { id }),
  ports: (codes: string[]) => call(servicesOps.portWeather, { codes: codes.join(',') }),
};

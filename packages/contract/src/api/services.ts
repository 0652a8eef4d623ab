// The auxiliary services: translation (glossary first, then the configured service), weather forecasts
// of a batch's ports and site or of ports by code, and where those services live (their settings).
import { serviceSettingsAnswer, translateAnswer, weatherAnswer } from '../answers/services.ts';
import { serviceSettingsInput, translateQuery, weatherBatchParams, weatherPortsQuery } from '../services.ts';
import { operation } from './operation.ts';

export const servicesOps = {
  translate: operation({
    method: 'GET',
    path: '/api/auxiliary/translate',
    summary: 'Translate zh↔en (glossary first)',
    tags: ['auxiliary'],
    caller: { permission: 'translate:use' },
    query: translateQuery,
    answer: translateAnswer,
  }),
  batchWeather: operation({
    method: 'GET',
    path: '/api/weather/batch/:id',
    summary: "Forecast for a batch's ports and project site",
    tags: ['weather'],
    caller: { signedIn: true },
    // The batch's id is the path's `:id` (the client fills it from the input; the server parses it there).
    query: weatherBatchParams.partial(),
    answer: weatherAnswer,
  }),
  portWeather: operation({
    method: 'GET',
    path: '/api/weather/ports',
    summary: 'Forecast for UN/LOCODE ports',
    tags: ['weather'],
    caller: { signedIn: true },
    query: weatherPortsQuery,
    answer: weatherAnswer,
  }),
  settings: operation({
    method: 'GET',
    path: '/api/services/settings',
    summary: 'Where the translation and weather services live, and the weather limits',
    tags: ['services'],
    caller: { permission: 'services:edit' },
    answer: serviceSettingsAnswer,
  }),
  saveSettings: operation({
    method: 'PUT',
    path: '/api/services/settings',
    summary: 'Save where the translation and weather services live, and the weather limits',
    tags: ['services'],
    caller: { permission: 'services:edit' },
    body: serviceSettingsInput,
    answer: serviceSettingsAnswer,
  }),
};

// The HS code lookups: search by words or by code prefix, names of given codes, sections and chapters,
// an earlier classification of a material, and the import of China's national tariff lines.
import { z } from 'zod';
import { hsChapterAnswer, hsPageAnswer, hsSectionAnswer } from '../answers/hs.ts';
import { customsImportAnswer, hsNameAnswer, hsSuggestionAnswer } from '../answers/services.ts';
import { hsByCodeQuery, hsByNameQuery, hsChaptersQuery, hsNamesBody, hsSuggestQuery } from '../hs-code.ts';
import { operation } from './operation.ts';

const tags = ['hs'] as const;
const signedIn = { signedIn: true } as const;

export const hsOps = {
  byName: operation({
    method: 'GET',
    path: '/api/hs/thirdParty/searcByName',
    summary: 'Search HS codes by words (en, zh)',
    tags,
    caller: signedIn,
    query: hsByNameQuery,
    answer: hsPageAnswer,
  }),
  byCode: operation({
    method: 'GET',
    path: '/api/hs/thirdParty/queryByCodeNew',
    summary: 'HS codes by code prefix',
    tags,
    caller: signedIn,
    query: hsByCodeQuery,
    answer: hsPageAnswer,
  }),
  names: operation({
    method: 'POST',
    path: '/api/hs/selectListHsName',
    summary: 'Names of given HS codes',
    tags,
    caller: signedIn,
    body: hsNamesBody,
    answer: z.array(hsNameAnswer),
  }),
  sections: operation({
    method: 'GET',
    path: '/api/hs/sections',
    summary: 'The sections of the Harmonized System (zh, en)',
    tags,
    caller: signedIn,
    answer: z.array(hsSectionAnswer),
  }),
  chapters: operation({
    method: 'GET',
    path: '/api/hs/chapters',
    summary: 'The chapters of the Harmonized System, of one section or all (zh, en)',
    tags,
    caller: signedIn,
    query: hsChaptersQuery,
    answer: z.array(hsChapterAnswer),
  }),
  suggest: operation({
    method: 'GET',
    path: '/api/hs/suggest',
    summary: 'Earlier HS classification of a material',
    tags,
    caller: signedIn,
    query: hsSuggestQuery,
    answer: hsSuggestionAnswer,
  }),
  importCodes: operation({
    method: 'POST',
    path: '/api/customsCode/import',
    summary:
      "Import China's national tariff lines (code, name, units, declaration elements) from an .xlsx file",
    tags,
    caller: { permission: 'customsCode:import' },
    upload: true,
    answer: customsImportAnswer,
    changes: ['customsCode'],
  }),
};

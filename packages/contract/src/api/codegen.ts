// The code generator's operations: the database's tables, a table's generator settings (read and save),
// and the family it generates (preview and download). Platform administrators only.
import { z } from 'zod';
import { listOf } from '../answers/common.ts';
import { codegenConfigInput, codegenFormTypes, codegenQueryTypes, zSqlIdentifier } from '../codegen.ts';
import { fileAnswer, operation } from './operation.ts';

const tags = ['generator'] as const;
const list = { permission: 'generator:list' } as const;
const tableQuery = z.object({ tableName: zSqlIdentifier });

/** A table of the database as the generator lists it, with the family declared on it and its saved settings. */
const tableAnswer = z.strictObject({
  tableName: z.string(),
  comment: z.string().nullable(),
  columns: z.number(),
  tenantScoped: z.boolean(),
  hasId: z.boolean(),
  family: z.string().nullable(),
  configured: z.boolean(),
  configFamily: z.string().nullable(),
  configTime: z.string().nullable(),
});

/** A table's columns with what each may be set to, and its settings (kept, or the defaults). */
const configAnswer = z.strictObject({
  table: z.strictObject({
    name: z.string(),
    comment: z.string().nullable(),
    tenantScoped: z.boolean(),
    family: z.string().nullable(),
    columns: z.array(
      z.strictObject({
        name: z.string(),
        dataType: z.string(),
        nullable: z.boolean(),
        hasDefault: z.boolean(),
        maxLength: z.number().nullable(),
        comment: z.string().nullable(),
        supported: z.boolean(),
        mustSend: z.boolean(),
        serverOwned: z.boolean(),
        formTypes: z.array(z.enum(codegenFormTypes)),
        queryTypes: z.array(z.enum(codegenQueryTypes)),
      }),
    ),
  }),
  config: codegenConfigInput,
  saved: z.boolean(),
  updateTime: z.string().nullable(),
});

export const codegenOps = {
  tables: operation({
    method: 'GET',
    path: '/api/generator/tables',
    summary: "The database's tables, with the family declared on each and its saved generator settings",
    tags,
    caller: list,
    query: z.object({
      name: z.string().trim().max(63).optional(),
      page: z.coerce.number().int().min(0).default(0),
      size: z.coerce.number().int().min(1).max(500).default(10),
    }),
    answer: listOf(tableAnswer),
  }),
  config: operation({
    method: 'GET',
    path: '/api/generator/config',
    summary: "A table's columns and its generator settings (kept, or the defaults)",
    tags,
    caller: list,
    query: tableQuery,
    answer: configAnswer,
  }),
  saveConfig: operation({
    method: 'PUT',
    path: '/api/generator/config',
    summary: "Save a table's generator settings",
    tags,
    caller: { permission: 'generator:edit' },
    body: codegenConfigInput,
    answer: configAnswer,
  }),
  preview: operation({
    method: 'GET',
    path: '/api/generator/preview',
    summary: 'The files the generator writes for a table',
    tags,
    caller: list,
    query: tableQuery,
    answer: z.strictObject({
      family: z.string(),
      files: z.array(z.strictObject({ path: z.string(), content: z.string() })),
    }),
  }),
  download: operation({
    method: 'GET',
    path: '/api/generator/download',
    summary: 'The files the generator writes for a table, as a zip',
    tags,
    caller: list,
    query: tableQuery,
    answer: fileAnswer,
  }),
};

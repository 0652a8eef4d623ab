// Reference data for forms: currencies (ISO 4217), countries, Incoterms 2020 and UN/LOCODE ports.
import { countryRows, currencies, incoterms2020 } from '@tradelane/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../http/errors.ts';
import { findPort, searchPorts } from './ports.ts';

const tags = ['reference'];

export async function referenceRoutes(app: FastifyInstance) {
  app.get(
    '/api/reference/currencies',
    { config: { signedIn: true }, schema: { tags, summary: 'ISO 4217 currencies (zh/en)' } },
    async () => ({
      content: currencies,
      totalElements: currencies.length,
    }),
  );
  app.get(
    '/api/reference/countries',
    { config: { signedIn: true }, schema: { tags, summary: 'ISO 3166 countries (zh/en)' } },
    async () => {
      const content = countryRows.map(([code, en, zh]) => ({ code, en, zh }));
      return { content, totalElements: content.length };
    },
  );
  app.get(
    '/api/reference/incoterms',
    { config: { signedIn: true }, schema: { tags, summary: 'Incoterms 2020' } },
    async () => ({
      content: incoterms2020,
      totalElements: incoterms2020.length,
    }),
  );
  app.get(
    '/api/reference/ports',
    { config: { signedIn: true }, schema: { tags, summary: 'Search UN/LOCODE sea ports' } },
    async (request) => {
      const q = z
        .object({
          q: z.string().trim().max(100).default(''),
          country: z.string().trim().length(2).optional(),
          size: z.coerce.number().int().min(1).max(200).default(20),
        })
        .parse(request.query);
      const content = searchPorts(q.q, { country: q.country, size: q.size });
      return { content, totalElements: content.length };
    },
  );
  app.get(
    '/api/reference/ports/:code',
    { config: { signedIn: true }, schema: { tags, summary: 'One port by code or alias' } },
    async (request) => {
      const { code } = z.object({ code: z.string().trim().min(5).max(6) }).parse(request.params);
      const port = findPort(code);
      if (!port) throw notFound();
      return port;
    },
  );
}

// Reference data for forms: currencies (ISO 4217), countries, Incoterms 2020 and UN/LOCODE ports.
import { countryRows, currencies, incoterms2020 } from '@tradelane/contract';
import { referenceOps as ops } from '@tradelane/contract/api/account';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { findPort, searchPorts } from './ports.ts';

export async function referenceRoutes(app: FastifyInstance) {
  mount(app, ops.currencies, async () => ({ content: currencies, totalElements: currencies.length }));
  mount(app, ops.countries, async () => {
    const content = countryRows.map(([code, en, zh]) => ({ code, en, zh }));
    return { content, totalElements: content.length };
  });
  mount(app, ops.incoterms, async () => ({ content: incoterms2020, totalElements: incoterms2020.length }));
  mount(app, ops.ports, async (request) => {
    const q = request.query;
    const content = searchPorts(q.q, { country: q.country, size: q.size });
    return { content, totalElements: content.length };
  });
  mount(app, ops.port, async (request) => {
    const port = findPort(request.query.code);
    if (!port) throw notFound();
    return port;
  });
}

// Public configuration the web needs before login: titles, idle timeout, captcha on/off.

import { systemOps } from '@tradelane/contract/api/system';
import type { FastifyInstance } from 'fastify';
import { mount } from '../../http/mount.ts';

export async function configRoutes(app: FastifyInstance) {
  mount(app, systemOps.config, async () => ({
    title: app.config.title,
    idleTimeoutMs: app.config.idleTimeoutMs,
    captcha: app.config.captcha,
    trialDays: app.config.trialDays,
    footerTxt: app.config.footerTxt,
    caseNumber: app.config.caseNumber,
    scanLinks: Boolean(app.config.publicUrl),
  }));
}

// Public configuration the web needs before login: titles, idle timeout, captcha on/off.
import type { FastifyInstance } from 'fastify';

export async function configRoutes(app: FastifyInstance) {
  app.get(
    '/api/auxiliary/config',
    { config: { public: true }, schema: { tags: ['auxiliary'] } },
    async () => ({
      title: app.config.title,
      idleTimeoutMs: app.config.idleTimeoutMs,
      captcha: app.config.captcha,
      trialDays: app.config.trialDays,
      footerTxt: app.config.footerTxt,
      caseNumber: app.config.caseNumber,
      scanLinks: Boolean(app.config.publicUrl),
    }),
  );
}

// What anyone may ask without a key: the instance's settings and whether it is up.
import { Hono } from 'hono';
import type { ServerContext } from '../../context.ts';

export function infoRoutes(ctx: ServerContext): Hono {
  const app = new Hono();
  app.get('/health', (c) =>
    c.json({
      version: 'brawlcup-local',
      name: 'GoTrue',
      description: 'GoTrue-compatible auth of the BrawlCup local stack',
    }),
  );
  app.get('/settings', (c) =>
    c.json({
      external: {
        anonymous_users: false,
        discord: !!ctx.config.externalProviders?.discord,
        email: true,
        phone: false,
      },
      disable_signup: ctx.config.enableSignup === false,
      mailer_autoconfirm: ctx.config.mailerAutoconfirm !== false,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
      password_min_length: ctx.config.minimumPasswordLength,
    }),
  );
  return app;
}

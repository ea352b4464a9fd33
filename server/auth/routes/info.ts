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
      external: { email: true, phone: false, anonymous_users: false },
      disable_signup: false,
      mailer_autoconfirm: true,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
      password_min_length: ctx.config.minimumPasswordLength,
    }),
  );
  return app;
}

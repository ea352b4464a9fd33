// With CONTACT_FORM_URL set, the form POSTs JSON to that external form service (a stand-in server
// here: it is not our backend) and succeeds on 2xx only.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { screen } from '@testing-library/react';
import { env } from '@/config/env';
import { renderApp } from '@/testing/render';

const service = vi.hoisted(() => {
  const state = { port: 0, status: 200, bodies: [] as unknown[] };
  return state;
});

let server: Server;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Access-Control-Allow-Headers', 'content-type');
      if (req.method === 'OPTIONS') return res.end();
      service.bodies.push({ contentType: req.headers['content-type'], body: JSON.parse(body) });
      res.statusCode = service.status;
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  service.port = (server.address() as AddressInfo).port;
  // The app reads its configuration once, when it loads: set the service on the configuration read
  // (kept for this file only, should the app's files ever share their modules: vitest.config.ts).
  env.CONTACT_FORM_URL = `http://127.0.0.1:${service.port}/f/brawlcup`;
});

afterAll(async () => {
  delete env.CONTACT_FORM_URL;
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function send() {
  const { user } = renderApp('/contactus');
  await user.type(await screen.findByLabelText(/Email/), 'fan@example.com');
  await user.type(screen.getByLabelText(/Subject/), 'Hello');
  await user.type(screen.getByLabelText(/Message/), 'Great cup!');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
}

describe('Contact Us with an external form service', () => {
  it('POSTs {email, subject, message} as JSON and shows success on 2xx', async () => {
    service.status = 200;
    await send();
    expect(await screen.findByText('Message submitted successfully!')).toBeInTheDocument();
    expect(service.bodies.at(-1)).toEqual({
      contentType: 'application/json',
      body: { email: 'fan@example.com', subject: 'Hello', message: 'Great cup!' },
    });
  });

  it('shows the failure in the error box when the service answers non-2xx', async () => {
    service.status = 500;
    await send();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your message could not be sent (the form service answered 500). Please try again.',
    );
    expect(screen.getByLabelText(/Subject/)).toHaveValue('Hello');
  });

  it("says it can't reach the server when the service is down", async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await send();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Can't reach the server. Check your connection and try again.",
    );
    server.listen(service.port, '127.0.0.1');
  });
});

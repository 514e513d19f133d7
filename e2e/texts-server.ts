// The fake Twilio's texts over HTTP for the browser tests (texts.ts reads them): GET /messages?to=<E.164>
// answers the texts sent to that number as JSON, oldest first. Started by the global setup beside the
// fake Twilio (fake-providers.ts), whose messages live in the setup's process, not the test files'.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeTwilio } from '../apps/server/test/fakes/fake-twilio.ts';

export interface Text {
  to: string;
  from: string;
  body: string;
}

export async function startTextLog(twilio: FakeTwilio): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method !== 'GET' || url.pathname !== '/messages') {
      response.writeHead(404).end();
      return;
    }
    const to = url.searchParams.get('to');
    const texts: Text[] = twilio.messages.filter((m) => !to || m.to === to).map((m) => ({ to: m.to, from: m.from, body: m.body }));
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(texts));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

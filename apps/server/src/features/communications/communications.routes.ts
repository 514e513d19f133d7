import * as api from '@willow/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Container } from '../../container.js';
import type { Router } from '../../platform/router.js';

/** Twilio answers: an empty TwiML response (nothing to text back). */
function emptyTwiml(reply: FastifyReply): never {
  void reply.type('text/xml').send('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
  return reply as never;
}

/** The address Twilio signed: the portal's public address (PUBLIC_URL) and the path and query it called. */
const signedUrl = (c: Container, req: FastifyRequest) => `${c.providers.publicUrl ?? `${req.protocol}://${req.host}`}${req.url}`;
const signatureOf = (req: FastifyRequest) => req.headers['x-twilio-signature'] as string | undefined;

export function communicationsRoutes(r: Router, c: Container) {
  r.route(api.listMessages, ({ auth, query }) => c.staffMessages.list(auth, query));
  r.route(api.getClientChannels, ({ auth, query }) => c.communications.channels(auth, query.clientId));
  r.route(api.sendClientEmail, ({ auth, body }) => c.staffMessages.sendEmail(auth, body.data));
  r.route(api.sendClientSms, ({ auth, body }) => c.staffMessages.sendSms(auth, body.data));
  r.route(api.sendDocumentPdf, ({ auth, body }) => c.documentMail.send(auth, body.data));

  r.publicRoute(api.twilioStatusCallback, async ({ query, body, req, reply }) => {
    await c.twilioWebhooks.status(query, body, signatureOf(req), signedUrl(c, req));
    return emptyTwiml(reply);
  });
  r.publicRoute(api.twilioInbound, async ({ query, body, req, reply }) => {
    await c.twilioWebhooks.inbound(query, body, signatureOf(req), signedUrl(c, req));
    return emptyTwiml(reply);
  });
}

import type { FastifyPluginAsync } from 'fastify';
import type { HttpContext } from './context.js';

/** The largest webhook delivery accepted (Stripe's and Linear's are a few KiB). */
export const HOOK_BODY_LIMIT = 1024 * 1024;

/**
 * `POST /hooks/{subscriptionId}`: the webhook receiver. No access token: a delivery proves itself by
 * the provider's signature (or channel token), checked over the raw bytes of the body, whatever its
 * content type. It answers 2xx only once the events are stored durably; a bad, missing or stale
 * signature or an unknown subscription gets 4xx and nothing is stored; a repeated delivery is
 * acknowledged and stored once, and so is a signed delivery resent under another unsigned id (a
 * changed `Linear-Delivery`). Anything slower (deliveries, a poll a notification asks for) runs
 * after the answer, within the providers' few seconds.
 */
export const hooksRoutes: FastifyPluginAsync<HttpContext> = async (app, { host }) => {
  // This plugin's own parsers (encapsulated): the body as bytes, never parsed or re-serialised.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: HOOK_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  // The serving host's background work (deliveries, polls, renewals) runs while it listens; its own
  // address is where the sandbox's simulators, on loopback, deliver.
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (!address || typeof address !== 'object') return;
    const name = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.address;
    await host.triggers.start(`http://${name.includes(':') ? `[${name}]` : name}:${address.port}`);
  });
  app.addHook('onClose', async () => host.triggers.stop());

  app.post<{ Params: { id: string } }>(
    '/hooks/:id',
    { config: { public: true, webhook: true }, bodyLimit: HOOK_BODY_LIMIT },
    async (request) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const outcome = await host.triggers.receive(request.params.id, { headers: request.headers, rawBody });
      return { received: true, ...outcome };
    },
  );
};

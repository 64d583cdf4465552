import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';
import { resolveSession } from '../auth/sessions';
import { recordEvent } from '../auth/lockout';
import { ApiError, forbidden, unauthenticated } from '../rpc/errors';
import { canSubscribe, MAX_LIVE_TOPICS } from '../../domain/live';
import { DEFAULT_LIVE_OPTIONS, LiveHub, type LiveHubOptions } from './hub';

declare module 'fastify' {
  interface FastifyInstance {
    /** This node's live fan-out (server/live/hub.ts). */
    live: LiveHub;
  }
}

export const LIVE_URL = '/api/v1/live';

/** Milliseconds an EventSource waits before reconnecting after the stream drops. */
const RETRY_MS = 3000;

function badTopics(message: string) {
  return new ApiError(400, 'VALIDATION', message, { topics: message });
}

/** `?topics=a,b`: trimmed, de-duplicated, at least one, at most MAX_LIVE_TOPICS. */
export function parseTopicsQuery(query: unknown): string[] {
  const raw = (query as { topics?: unknown } | null)?.topics;
  if (typeof raw !== 'string') throw badTopics('Say which topics to follow: ?topics=a,b');
  const list = [...new Set(raw.split(',').map((t) => t.trim()).filter(Boolean))];
  if (list.length === 0) throw badTopics('Say which topics to follow: ?topics=a,b');
  if (list.length > MAX_LIVE_TOPICS) throw badTopics(`Follow at most ${MAX_LIVE_TOPICS} topics per stream.`);
  return list;
}

/**
 * `GET /api/v1/live?topics=a,b`: a Server-Sent Events stream of changes to those topics.
 *
 * Not a slug: it streams, so it cannot return through the guard. It applies the same rules itself:
 * a full session (401 otherwise) and, for every topic, the permission domain/live.ts declares for
 * it (403 for an unknown or forbidden topic; authz_fail recorded like the guard does). The
 * sessions behind open streams are checked again every sessionCheckMs and their streams end when
 * the session does. To follow other topics the console opens a new stream and closes the old one:
 * an EventSource cannot send after it opens, and a separate "subscribe" call could land on another
 * API node than the one holding the stream.
 */
export async function registerLive(app: FastifyInstance, services: Services, options: Partial<LiveHubOptions> = {}): Promise<LiveHub> {
  const hub = new LiveHub(services, { ...DEFAULT_LIVE_OPTIONS, ...options });
  await hub.start();
  app.decorate('live', hub);
  // Before the server closes: open streams would otherwise hold it open.
  app.addHook('preClose', async () => hub.stop());

  app.get(LIVE_URL, { config: { rateLimit: false } }, async (request, reply) => {
    request.slug = 'live';
    const session = await resolveSession(services, request);
    request.adminId = session?.admin.id;
    if (!session || session.stage !== 'active') throw unauthenticated();
    const topics = parseTopicsQuery(request.query);
    if (!topics.every((t) => canSubscribe(session.roles, t))) {
      await recordEvent(services.db, services, 'authz_fail', { adminId: session.admin.id, ip: request.ip });
      throw forbidden();
    }

    reply.hijack();
    const res = reply.raw;
    request.raw.socket.setNoDelay(true);
    request.raw.socket.setKeepAlive(true);
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // Proxies such as nginx would otherwise buffer the stream.
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    const client = hub.add(session.id, topics, res);
    res.on('close', () => client.closedByPeer());
    client.write(`retry: ${RETRY_MS}\n\n`);
    // Tells the console (and tests) the subscription is in place: changes from here on arrive.
    client.send('ready', { topics });
  });
  return hub;
}

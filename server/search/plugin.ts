import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services';
import { getCollection } from './collections';
import { applyEmbedded } from './embedded';
import { SearchEngine } from './engine';
import { searchEngines } from './engines';
import { errors, TypesenseError } from './errors';
import { authenticate } from './keys';
import { readAfterOf } from '../rpc/readAfter';
import { withReadAfter } from '../db/replica';
import { multiSearch } from './multiSearch';
import { rejectForbiddenCharacters } from './params';
import { parseQueryString, rawQuery } from './queryString';

const KEY_HEADER = 'x-typesense-api-key';
const JSON_TYPE = 'application/json; charset=utf-8';

export { searchEngines } from './engines';

function headerKey(request: FastifyRequest): string | undefined {
  const v = request.headers[KEY_HEADER];
  return Array.isArray(v) ? v[0] : v;
}

/** Typesense answers cross-origin callers on every response, errors included (reference §8.4). */
function cors(reply: FastifyReply): void {
  reply.header('access-control-allow-origin', '*');
}

/**
 * The Typesense-compatible search API, mounted under a prefix (/api/v1/search). It speaks
 * Typesense's protocol, errors included, so it has its own error and not-found handlers.
 */
export async function searchPlugin(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { services } = opts;
  const engine = new SearchEngine(services.database);
  searchEngines.set(services, engine);
  const replica = services.database.replica;
  if (replica) engine.cache.onChange = () => replica.noteChange();
  const unlisten = await engine.cache.start(services.database, (err) => services.log.warn({ err }, 'search: change listener lost; cache off until it is back'));
  app.addHook('onClose', async () => unlisten());

  // SearchClient posts JSON as text/plain; any body is read as text and parsed here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  app.addHook('onRequest', async (_request, reply) => cors(reply));

  app.setErrorHandler((err, request, reply) => {
    cors(reply);
    if (err instanceof TypesenseError) return reply.status(err.status).send({ message: err.message });
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) return reply.status(status).send({ message: (err as Error).message });
    request.log.error({ err }, 'search failed');
    return reply.status(500).send({ message: 'Internal Server Error' });
  });
  app.setNotFoundHandler((_request, reply) => {
    cors(reply);
    return reply.status(404).send({ message: errors.routeNotFound().message });
  });

  app.options('/*', async (request, reply) => {
    reply.header('access-control-allow-methods', 'POST, GET, DELETE, PUT, PATCH, OPTIONS');
    const requested = request.headers['access-control-request-headers'];
    if (requested) reply.header('access-control-allow-headers', requested);
    reply.header('access-control-max-age', '3600');
    return reply.status(200).send({});
  });

  app.get('/health', async () => ({ ok: true }));

  app.get<{ Params: { collection: string } }>('/collections/:collection/documents/search', async (request, reply) => {
    const params = parseQueryString(rawQuery(request.raw.url ?? ''), { limitLength: true });
    rejectForbiddenCharacters(params);
    const name = request.params.collection;
    // Authentication first: a key not allowed for a collection gets 401 even when it does not exist.
    const embedded = await authenticate(services, headerKey(request) ?? params[KEY_HEADER], name);
    const collection = getCollection(name);
    if (!collection) throw errors.collectionNotFound();
    // Already JSON text (cached answers are kept so); sent as is, without re-serialising.
    const after = await readAfterOf(services, request);
    return reply.type(JSON_TYPE).send(await withReadAfter(after, () => engine.searchJson(collection, applyEmbedded(params, embedded))));
  });

  app.post('/multi_search', async (request, reply) => {
    const common = parseQueryString(rawQuery(request.raw.url ?? ''), { limitLength: false });
    rejectForbiddenCharacters(common);
    const after = await readAfterOf(services, request);
    return reply.type(JSON_TYPE).send(await withReadAfter(after, () => multiSearch(services, engine, common, headerKey(request), request.body ?? '')));
  });
}

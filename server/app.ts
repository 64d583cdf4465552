import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { isPublicPath } from '../domain/publicPages';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { systemClock, type Clock } from './clock';
import { createMailer, type Mailer } from './mail/mailer';
import { createFinanceSystem } from './integrations/finance';
import { createMailTransport, mailEventLog } from './integrations/mail';
import { registerMailgunWebhook } from './integrations/mail/route';
import { createBillingSystem } from './integrations/billing';
import { createGeocoder } from './integrations/geocoder';
import { createFileStore } from './integrations/files';
import { loadSecret } from './secrets';
import type { Services } from './services';
import { mountSlugs } from './rpc/guard';
import { allSlugs } from './rpc';
import { ApiError, errorAnswer, INTERNAL_ERROR } from './rpc/errors';
import { registerLive } from './live/route';
import { searchPlugin } from './search/plugin';
import { jobsNotStarted, openJobs, startWorkers, type JobHooks } from './jobs';
import { registerSecurityHeaders } from './securityHeaders';
import { registerAdmission } from './admission';
import { databaseRateLimitStore } from './rateLimitStore';

export interface AppOptions {
  config: Config;
  /** An open, migrated database; opened from config when absent. */
  database?: Database;
  clock?: Clock;
  /** Pino logger options or false. */
  logger?: boolean | object;
  /** Sees every route as it is added (the registry test lists them). */
  onRoute?: (route: RouteOptions) => void;
  /** Checkpoints inside background jobs (the crash test stops a worker at one). */
  jobHooks?: JobHooks;
  /**
   * Start the background jobs (pg-boss) with the app; default true. False builds an app that
   * enqueues nothing and runs no workers (tests of calls without jobs start faster and poll nothing).
   */
  jobs?: boolean;
}

export interface App {
  app: FastifyInstance;
  services: Services;
}


/** Builds the whole HTTP application: API, health checks and the console. Tests build it in-process. */
export async function buildApp(opts: AppOptions): Promise<App> {
  const { config } = opts;
  const baseLogger = {
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers["x-csrf-token"]', 'req.headers["x-typesense-api-key"]'],
  };
  const app = Fastify({
    // Logger options given by the caller (a test's stream, say) extend the defaults, keeping redaction.
    logger: typeof opts.logger === 'object' ? { ...baseLogger, ...opts.logger } : (opts.logger ?? baseLogger),
    // Our onResponse hook writes one access line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);

  let database = opts.database;
  if (!database) {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      readUrl: config.databaseReadUrl,
      dataDir: config.dataDir,
      pgliteThread: config.pgliteThread,
      onFailure: (err) => app.log.fatal({ err }, 'the embedded database stopped; every call that needs it fails until a restart'),
    });
    await database.migrate();
    app.addHook('onClose', async () => database!.close());
  }
  const clock = opts.clock ?? systemClock;
  const mailEvents = mailEventLog(database.db);
  const mailer: Mailer = createMailer({
    db: database.db,
    clock,
    log: app.log,
    transport: createMailTransport(config),
    events: mailEvents,
    from: config.mailFrom,
    production: config.env === 'production',
  });
  app.addHook('onClose', async () => mailer.close());
  const withJobs = opts.jobs ?? true;
  const jobs = withJobs ? await openJobs(database, config, app.log) : jobsNotStarted();
  // Before onClose (which closes the database): running jobs finish or are handed back for a retry.
  app.addHook('preClose', async () => jobs.stop());
  const fileStore = createFileStore(config.files);
  app.addHook('onClose', async () => fileStore.close());
  const services: Services = {
    config,
    database,
    db: database.db,
    clock,
    mailer,
    mailEvents,
    finance: createFinanceSystem(config, database.db),
    billing: createBillingSystem(config, database.db),
    geocoder: createGeocoder(config.geocoder, (err) => app.log.warn({ err }, 'geocoder failed; the local tables place the postcode if they know it')),
    files: fileStore,
    log: app.log,
    secrets: { otpPepper: await loadSecret(database.db, 'otp-pepper') },
    jobs,
  };
  if (withJobs && config.jobs.runWorkers) await startWorkers(services, opts.jobHooks);

  await registerSecurityHeaders(app);
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    // Counted in the database, so a limit holds across API nodes (server/rateLimitStore.ts).
    store: databaseRateLimitStore(database),
    errorResponseBuilder: (_req, ctx) =>
      new ApiError(ctx.statusCode, 'RATE_LIMITED', `Too many attempts. Please try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`),
  });

  // One access-log line per request: id, admin, slug, status, duration. Never bodies.
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { reqId: request.id, adminId: request.adminId, slug: request.slug, method: request.method, url: request.url.split('?')[0], status: reply.statusCode, durationMs: Math.round(reply.elapsedTime) },
      'request',
    );
  });

  app.setErrorHandler((err, request, reply) => {
    const answer = errorAnswer(err);
    if (answer) return reply.status(answer.status).send(answer.body);
    request.log.error({ err }, 'unexpected error');
    return reply.status(500).send(INTERNAL_ERROR.body);
  });

  // Before any API route is added, so every one of them is counted.
  registerAdmission(app, config.admission);

  // With a replica, its lag too; a node stays healthy when the replica is down (searches use the primary).
  app.get('/healthz', async () => (database!.replica ? { ok: true, replica: await database!.replica.status() } : { ok: true }));
  app.get('/readyz', async (_req, reply) => {
    try {
      await database!.query('SELECT 1');
      return { ok: true, database: database!.kind };
    } catch {
      return reply.status(503).send({ ok: false });
    }
  });

  mountSlugs(app, services, allSlugs);
  registerMailgunWebhook(app, services, config.mail.mailgun?.webhookSigningKey ?? null);
  await registerLive(app, services);
  await app.register(searchPlugin, { prefix: '/api/v1/search', services });

  const consoleIndex = path.join(config.consoleDir, 'index.html');
  const hasConsole = fs.existsSync(consoleIndex);
  if (hasConsole) {
    // Hashed file names: cached for a year. The build wrote .br and .gz copies (build/precompress.ts).
    await app.register(fastifyStatic, { root: config.consoleDir, index: false, wildcard: false, maxAge: '1y', immutable: true, preCompressed: true });
  }
  // The console uses browser-history URLs: every non-API path that is not a file gets index.html.
  // The sign-in pages get a copy without the build's modulepreload of the signed-in screens' code
  // (build/preloadChunks.ts): that is for the first load of a signed-in address, and a visitor
  // signing in has no use for it yet.
  const signInPage = hasConsole ? signInIndex(fs.readFileSync(consoleIndex, 'utf8')) : null;
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET' || !hasConsole) {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    }
    reply.header('cache-control', 'no-cache');
    if (signInPage && isPublicPath(request.url.split('?')[0])) {
      reply.header('vary', 'accept-encoding').type('text/html; charset=utf-8');
      if (!/\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.send(signInPage.html);
      return reply.header('content-encoding', 'br').send(signInPage.br);
    }
    return reply.sendFile('index.html', { cacheControl: false });
  });

  return { app, services };
}

/** index.html without its modulepreload links, as it is and compressed (brotli) once. */
function signInIndex(indexHtml: string): { html: string; br: Buffer } {
  const html = indexHtml.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  return { html, br: zlib.brotliCompressSync(html) };
}

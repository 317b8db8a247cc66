// The Fastify application: plugins, then one route plugin per resource group in
// SPEC.md's order. Built without listening, so tests drive it through app.inject.
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from './config';
import type { Db } from './db/connection';
import type { Mailer } from './services/mail';
import { createAuth } from './services/auth';
import { createUploads } from './services/uploads';
import { registerErrorHandler, errorBody } from './plugins/errors';
import { guards } from './plugins/authGuard';
import { authRoutes } from './routes/auth';
import { sessionRoutes } from './routes/session';
import { bankRoutes } from './routes/banks';
import { userRoutes } from './routes/users';
import { categoryRoutes } from './routes/categories';
import { networkRoutes } from './routes/networks';
import { outletRoutes } from './routes/outlets';
import { outletRadiusRoutes } from './routes/outletRadius';
import { cardRoutes } from './routes/cards';
import { offerRoutes } from './routes/offers';
import { cityRoutes } from './routes/cities';
import { csvRoutes } from './routes/csv';
import { searchRoutes } from './routes/search';

export interface AppDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  /** Built browser app to serve under /admin; omitted in API tests. */
  clientDir?: string;
  logger?: boolean;
  now?: () => number;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, mailer } = deps;
  const app = Fastify({
    logger: deps.logger ? { level: 'info' } : false,
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { allErrors: true } },
  });
  const auth = createAuth(db, mailer, deps.now);
  const uploads = createUploads(config.dataDir, config.uploadMaxBytes);

  registerErrorHandler(app);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    // Images are capped at UPLOAD_MAX_BYTES; add_csv raises its own cap for CSV files.
    limits: { fileSize: Math.max(config.uploadMaxBytes, 10 * 1024 * 1024), files: 4, fields: 50, fieldSize: 100_000 },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Cards & Offers Admin API', version: '1.0.0', description: 'Auth under /api/v1, administration under /admin/v1.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  app.get('/health', { schema: { hide: true } }, async () => {
    await db.query('select 1');
    return { status: 'ok', database: db.kind };
  });

  await app.register(async (api) => authRoutes(api, { db, auth, uploads }), { prefix: '/api/v1' });
  await app.register(
    async (admin) => {
      admin.addHook('onRequest', guards(auth).requireAdmin);
      sessionRoutes(admin, { db });
      // In the order of SPEC.md's Calls.
      for (const routes of [userRoutes, bankRoutes, categoryRoutes, networkRoutes, outletRoutes, outletRadiusRoutes, cardRoutes, offerRoutes, cityRoutes])
        routes(admin, { db, uploads });
      csvRoutes(admin, { db });
      searchRoutes(admin, { db });
    },
    { prefix: '/admin/v1' },
  );

  fs.mkdirSync(uploads.dir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploads.dir,
    prefix: '/uploads/',
    decorateReply: false,
    // @fastify/static 10 hands setHeaders the Fastify reply, not the raw response.
    setHeaders: (reply: FastifyReply) => {
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Content-Security-Policy', "default-src 'none'");
    },
  });

  serveClient(app, deps.clientDir);
  return app;
}

/**
 * The SPA under /admin: hashed assets from /admin/assets/ (cached for a year), and
 * index.html for every other /admin path so deep links load the app. Both are read from
 * disk per request, so a rebuild while the server runs is picked up.
 */
function serveClient(app: FastifyInstance, dir: string | undefined) {
  app.get('/', { schema: { hide: true } }, (_req, reply) => reply.redirect('/admin/'));
  if (!dir || !fs.existsSync(path.join(dir, 'index.html'))) return;
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  app.register(fastifyStatic, {
    root: path.join(dir, 'assets'),
    prefix: '/admin/assets/',
    index: false,
    decorateReply: false,
    setHeaders: (reply: FastifyReply) => {
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  const sendIndex = async (_req: unknown, reply: FastifyReply) =>
    reply
      .header('Cache-Control', 'no-cache')
      .header('X-Content-Type-Options', 'nosniff')
      .type('text/html; charset=utf-8')
      .send(await fs.promises.readFile(path.join(dir, 'index.html')));
  app.get('/admin', { schema: { hide: true } }, sendIndex);
  app.get('/admin/*', { schema: { hide: true } }, (req, reply) => {
    if (req.url.startsWith('/admin/v1/')) return reply.status(404).send(errorBody(`No route for ${req.method} ${req.url.split('?')[0]}`));
    return sendIndex(req, reply);
  });
}

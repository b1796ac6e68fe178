import { createLogger } from '@regatta/logging';
import { serve } from '@regatta/http';
import { docsPage, loadOpenApiDocument } from '@regatta/openapi';
import { createGatewayApp } from './app.js';
import { NoAuthenticator, type Authenticator } from './auth.js';
import { readConfig } from './config.js';

const VERSION = process.env['npm_package_version'] ?? '0.1.0';
const config = readConfig();
const logger = createLogger({ service: 'gateway', version: VERSION, level: config.LOG_LEVEL });

const authenticator: Authenticator = new NoAuthenticator();
const app = createGatewayApp({
  logger,
  authenticator,
  assertionSecret: config.assertionSecret,
  upstreams: config.upstreams,
  upstreamTimeoutMs: config.UPSTREAM_TIMEOUT_MS,
  trustedOrigins: config.trustedOrigins,
  openapiDocument: () => loadOpenApiDocument(),
  docsPage: () => docsPage(),
});

await serve({ app, port: config.PORT, host: config.HOST, logger, onShutdown: [async () => authenticator.close?.()] });

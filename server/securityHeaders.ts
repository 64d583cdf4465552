/**
 * The security headers of every answer (API, console, files), through @fastify/helmet. The
 * Content-Security-Policy allows only what the built console loads: its own scripts, styles and
 * calls (API, live updates and search are all on this origin); inline styles, because emotion
 * (MUI) writes <style> elements at run time; images from here, data: (the favicon), blob: and
 * https: (a customer's web-link logo may be an https address, domain/customers/logo.ts).
 * Documents open as blob: URLs in a new tab, which is navigation, not something the policy limits.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameSrc: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
};

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    // Our list only: helmet's defaults add upgrade-insecure-requests, which breaks a console
    // reached over plain http on anything but localhost.
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    referrerPolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    // Browsers heed it only over https; not for subdomains, which may be other teams' sites.
    strictTransportSecurity: { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false },
  });
}

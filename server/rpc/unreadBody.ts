/**
 * JSON bodies left unread for the handler: the upload calls carry a file as base64 text in JSON,
 * and reading such a body whole (then parsing it into one string, then decoding it) is what made
 * uploads cost memory many times their size. In a context prepared here Fastify hands the body
 * over as a stream instead; the guard has checked session, CSRF and permission before any of it
 * is read.
 */
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const bodies = new WeakMap<FastifyRequest, Readable>();

/** Makes this (encapsulated) context leave JSON bodies unread. */
export function leaveJsonUnread(scope: FastifyInstance): void {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', (request, payload, done) => {
    bodies.set(request, payload);
    done(null);
  });
}

/** The body of a request in such a context, as a stream (empty when the request had none). */
export function unreadBody(request: FastifyRequest): Readable {
  return bodies.get(request) ?? request.raw;
}

/**
 * The body's pieces for `for await`, leaving the stream open when the loop stops early: destroying
 * an unfinished request would close the connection before the refusal is sent. After an early
 * stop, call drain().
 */
export function bodyPieces(body: Readable): AsyncIterable<Buffer> {
  return body.iterator({ destroyOnReturn: false });
}

/** Reads and discards the rest of a body left half-read, so the answer reaches the client. */
export function drain(body: Readable): void {
  if (!body.readableEnded) body.resume();
}

import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import fp from 'fastify-plugin';

/** Up to this much of a body answered early is read and dropped, so its keep-alive connection serves on. */
const KEEP_ALIVE_DRAIN_BYTES = 1024 * 1024;
/** How long a connection closing under a larger body still reads (and drops) what keeps arriving. */
const LINGER_MS = 5_000;

/** Our side closes once the answer is out; the socket goes when the client closes its side or the time is up. */
function closeAfterLinger(socket: Socket): void {
  if (socket.destroyed || socket.writableEnded) return;
  socket.end();
  const timer = setTimeout(() => socket.destroy(), LINGER_MS).unref();
  socket.once('close', () => clearTimeout(timer));
}

/** Reads the rest of `raw` into nothing; past KEEP_ALIVE_DRAIN_BYTES it calls `tooMuch` once. */
function drain(raw: IncomingMessage, tooMuch: () => void): void {
  let dropped = 0;
  // Whatever read the body (the multipart parser, the JSON reader) has had its answer.
  raw.unpipe();
  raw.on('data', (chunk: Buffer) => {
    const before = dropped;
    dropped += chunk.length;
    if (before <= KEEP_ALIVE_DRAIN_BYTES && dropped > KEEP_ALIVE_DRAIN_BYTES) tooMuch();
  });
  raw.resume();
}

/**
 * An answer sent before its request's body has all arrived (a 413 at the photo limit, a 401 before an
 * upload, a form refused half-way) must still reach a client that is busy sending. Left alone, Node
 * either stops reading (the client's send stalls, and the connection hangs until the keep-alive timeout
 * resets it) or, under `Connection: close`, closes the socket while bytes still come in, and the
 * kernel's reset can destroy the answer before the client reads it. So the rest is read and dropped: a
 * small rest in full, keeping the connection; a large one until the client stops or LINGER_MS pass,
 * with our side closed after the answer (the lingering close of Apache and nginx).
 */
export const unreadBody = fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      const { raw } = request;
      const socket = raw.socket;
      // Requests made by inject() have no connection to keep.
      if (raw.complete || !(socket instanceof Socket) || socket.destroyed) return payload;
      // Node ends a `Connection: close` answer (ours, the client's or Fastify's body reader's) with
      // destroySoon, which closes at once: on this socket, that close lingers instead.
      socket.destroySoon = () => closeAfterLinger(socket);
      if (Number(raw.headers['content-length']) > KEEP_ALIVE_DRAIN_BYTES) reply.header('connection', 'close');
      drain(raw, () => {
        if (reply.raw.writableFinished) closeAfterLinger(socket);
        else reply.raw.once('finish', () => closeAfterLinger(socket));
      });
      return payload;
    });
  },
  { name: 'unread-body' },
);

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
 * An answer sent before its body has all arrived must still reach a client busy sending: left alone, Node stalls
 * the send or resets the socket under the answer. So the rest is read and dropped, a large rest with a lingering close.
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

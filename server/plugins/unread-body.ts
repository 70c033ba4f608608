import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import fp from 'fastify-plugin';

/** Read and dropped, so the keep-alive connection serves on. */
const KEEP_ALIVE_DRAIN_BYTES = 1024 * 1024;
const LINGER_MS = 5_000;

function closeAfterLinger(socket: Socket): void {
  if (socket.destroyed || socket.writableEnded) return;
  socket.end();
  const timer = setTimeout(() => socket.destroy(), LINGER_MS).unref();
  socket.once('close', () => clearTimeout(timer));
}

function drain(raw: IncomingMessage, tooMuch: () => void): void {
  let dropped = 0;
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
      // Node ends a `Connection: close` answer with destroySoon, which closes at once; here it lingers.
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

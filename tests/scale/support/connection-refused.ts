import net from 'node:net';

/** Whether a new TCP connection to this machine's `port` is refused: the server there has stopped listening. */
export function connectionRefused(port: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

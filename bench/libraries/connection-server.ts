import cluster from 'node:cluster';
import http from 'node:http';
import { balanceConnections, connectionBalance } from '#web-server/cluster/connection-balance.ts';

/**
 * Two worker processes on one port for bench/libraries/connections.ts, each answering after about 2 ms of
 * CPU (a rendered page costs a few): `ours` (workers accept themselves, SCHED_NONE, and the busier closes
 * its surplus: web-server/connection-balance.ts) or `round-robin` (node:cluster's default on Linux, the
 * primary accepting and handing out each connection). PORT is given; the primary prints it once both listen.
 */
const [kind = 'ours'] = process.argv.slice(2);
const port = Number(process.env.PORT);

if (cluster.isPrimary) {
  cluster.schedulingPolicy = kind === 'ours' ? cluster.SCHED_NONE : cluster.SCHED_RR;
  if (kind === 'ours') balanceConnections();
  let listening = 0;
  for (let i = 0; i < 2; i++) {
    cluster.fork().on('listening', () => {
      if (++listening === 2) console.log(port);
    });
  }
} else {
  const server = http.createServer();
  const closesConnection = kind === 'ours' ? connectionBalance(server) : () => false;
  server.on('request', (request, response) => {
    if (closesConnection(request.socket)) response.setHeader('Connection', 'close');
    const until = performance.now() + 2;
    while (performance.now() < until);
    response.end('ok');
  });
  server.listen(port, '127.0.0.1');
}

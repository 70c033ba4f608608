import { startRoundRobin } from './round-robin';

/**
 * The round-robin proxy (round-robin.ts) as a process of its own (`node --import tsx round-robin-server.ts
 * <port> <target>…`), so that it takes a core's share like a real load balancer rather than the load
 * generator's; it reports once it listens.
 */
const [port, ...targets] = process.argv.slice(2);
await startRoundRobin(targets, Number(port));
process.send?.('listening');

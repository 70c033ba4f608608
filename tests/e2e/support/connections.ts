import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** The kernel's ids (inodes) of the established TCP connections on local port `port`. */
function establishedOn(port: number): Set<string> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const [, local, , state, , , , , , inode] = line.trim().split(/\s+/);
      // State 01 is ESTABLISHED; the local address ends in the port, in hexadecimal.
      if (state === '01' && local && parseInt(local.split(':')[1] ?? '', 16) === port && inode) inodes.add(inode);
    }
  }
  return inodes;
}

/** How many of the connections to `port` each process holds, read from /proc (Linux). */
export function connectionsHeld(pids: number[], port: number): number[] {
  const established = establishedOn(port);
  return pids.map(
    (pid) =>
      readdirSync(`/proc/${pid}/fd`).filter((fd) => {
        try {
          const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
          return target.startsWith('socket:[') && established.has(target.slice('socket:['.length, -1));
        } catch {
          return false; // Closed between the listing and the read.
        }
      }).length,
  );
}

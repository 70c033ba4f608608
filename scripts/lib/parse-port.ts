/** A port from the environment, or `fallback` when unset; anything else is refused with the variable's name. */
export function parsePort(value: string | undefined, fallback: number, variable: string): number {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${variable} must be a port number between 1 and 65535, not "${value}".`);
  }
  return port;
}

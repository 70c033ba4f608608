import os from 'node:os';

/** The machine a benchmark ran on, and how busy it was when it started (other work skews the figures). */
export function machine() {
  return {
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    loadAverageAtStart: Math.round(os.loadavg()[0]! * 10) / 10,
  };
}

import os from 'node:os';

/** The machine a benchmark ran on, as every results file records it. */
export function machineDescription() {
  return {
    cpus: os.cpus().length,
    model: os.cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  };
}

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { round } from './stats';

const run = promisify(execFile);

export interface WrkSettings {
  threads: number;
  connections: number;
  seconds: number;
}

export interface WrkResult {
  requestsPerSecond: number;
  requests: number;
  /** Non-2xx/3xx answers plus socket errors (connect, read, write, time-out): a valid run has 0. */
  errors: number;
  /** Closed-loop latencies (each connection waits for its answer): a rough figure only. */
  p50Ms: number;
  p99Ms: number;
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

function durationMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text);
  if (!match) throw new Error(`Unreadable wrk duration "${text}"`);
  return Number(match[1]) * (UNIT_MS[match[2] as string] as number);
}

/** Reads the figures of `wrk --latency` from its text output. */
export function parseWrk(output: string): WrkResult {
  const number = (pattern: RegExp) => {
    const match = pattern.exec(output);
    if (!match) throw new Error(`wrk's output lacks ${pattern}:\n${output}`);
    return match[1] as string;
  };
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(output);
  return {
    requestsPerSecond: round(Number(number(/Requests\/sec:\s+([\d.]+)/)), 0),
    requests: Number(number(/(\d+) requests in /)),
    errors:
      Number(non2xx?.[1] ?? 0) +
      (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0),
    p50Ms: round(durationMs(number(/^\s+50%\s+(\S+)$/m))),
    p99Ms: round(durationMs(number(/^\s+99%\s+(\S+)$/m))),
  };
}

/** Runs wrk against `url` with the bearer token: the most requests a second the server answers. */
export async function runWrk(url: string, token: string, settings: WrkSettings): Promise<WrkResult> {
  const { stdout } = await run('wrk', [
    `-t${settings.threads}`,
    `-c${settings.connections}`,
    `-d${settings.seconds}s`,
    '--latency',
    '-H',
    `authorization: Bearer ${token}`,
    url,
  ]);
  return parseWrk(stdout);
}

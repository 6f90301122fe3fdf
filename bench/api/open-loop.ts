import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the open-loop generator sends: GET `url` with the bearer token, `rate` times a second. */
export interface OpenLoopPlan {
  url: string;
  token: string;
  rate: number;
  /** Sent at the same rate first and not counted (connections opened, code warmed). */
  warmupSeconds: number;
  /** Stops by itself after this long; without it, runs until `stop()`. */
  seconds?: number;
  /** Connections kept at most; a request scheduled while all are busy waits, and its wait counts. */
  maxSockets: number;
}

export interface OpenLoopResult {
  rate: number;
  /** Requests scheduled in the measured window, and how many got a 2xx answer. */
  scheduled: number;
  ok: number;
  /** Non-2xx answers, connection errors and time-outs. */
  errors: number;
  measuredSeconds: number;
  /** Latency from each request's scheduled send time to the end of its answer. */
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  /**
   * How late the generator itself sent, at the 99th percentile: when this is large, the
   * generator, not the server, fell behind (its lateness is still counted in the latencies).
   */
  sendLagP99Ms: number;
  /** The generator's niceness (-10 where the bench may raise it, else 0). */
  generatorNiceness: number;
}

export type WorkerMessage = { type: 'ready' } | { type: 'result'; result: OpenLoopResult };
export type ParentMessage = { type: 'start'; plan: OpenLoopPlan } | { type: 'stop' };

const workerFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'open-loop-worker.ts');

/**
 * The generator runs in a process of its own so that its timers do not queue behind the bench's
 * work; on this 2-core machine it still shares the cores with the server (see bench/README.md).
 */
export class OpenLoopGenerator {
  private readonly child: ChildProcess;
  private readonly ready: Promise<void>;
  private readonly result: Promise<OpenLoopResult>;

  constructor() {
    this.child = fork(workerFile, {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const exited = new Promise<never>((_, reject) =>
      this.child.once('exit', (code) => reject(new Error(`The open-loop generator exited with ${code}`))),
    );
    const messages = (type: WorkerMessage['type']) =>
      Promise.race([
        exited,
        new Promise<WorkerMessage>((resolve) => {
          const listener = (message: WorkerMessage) => {
            if (message.type !== type) return;
            this.child.off('message', listener);
            resolve(message);
          };
          this.child.on('message', listener);
        }),
      ]);
    this.ready = messages('ready').then(() => undefined);
    this.result = messages('result').then((message) => (message as { result: OpenLoopResult }).result);
    // Only one of them is awaited in a failed run; the other must not end the bench as unhandled.
    this.ready.catch(() => undefined);
    this.result.catch(() => undefined);
  }

  /** Resolves once the process is loaded, so that `start` begins sending at once. */
  whenReady(): Promise<void> {
    return this.ready;
  }

  async start(plan: OpenLoopPlan): Promise<void> {
    await this.ready;
    this.child.send({ type: 'start', plan } satisfies ParentMessage);
  }

  /** Ends an open-ended run; answers the figures once the requests under way have ended. */
  async stop(): Promise<OpenLoopResult> {
    this.child.send({ type: 'stop' } satisfies ParentMessage);
    return this.finished();
  }

  async finished(): Promise<OpenLoopResult> {
    return this.result;
  }
}

/** One fixed-length run of the generator. */
export async function runOpenLoop(plan: OpenLoopPlan & { seconds: number }): Promise<OpenLoopResult> {
  const generator = new OpenLoopGenerator();
  await generator.start(plan);
  return generator.finished();
}

/**
 * The open-loop generator's process (started by open-loop.ts): sends requests on a fixed schedule,
 * whether or not earlier ones were answered, and measures each latency from its scheduled send
 * time, so a server that stalls is charged for every request it held up (no coordinated omission).
 */
import http from 'node:http';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { OpenLoopPlan, OpenLoopResult, ParentMessage, WorkerMessage } from './open-loop';
import { percentile, round } from './stats';

const REQUEST_TIMEOUT_MS = 10_000;
/** How long the requests under way may take to end after the schedule stops. */
const DRAIN_TIMEOUT_MS = REQUEST_TIMEOUT_MS + 1_000;

const send = (message: WorkerMessage, then: () => void = () => undefined) => process.send?.(message, then);

async function run(plan: OpenLoopPlan, stopped: Promise<void>): Promise<OpenLoopResult> {
  const url = new URL(plan.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: plan.maxSockets });
  const intervalMs = 1000 / plan.rate;
  const warmupRequests = Math.round(plan.warmupSeconds * plan.rate);
  const latencies: number[] = [];
  const sendLags: number[] = [];
  let errors = 0;
  let inFlight = 0;
  let measuredScheduled = 0;

  const fire = (scheduledAt: number, measured: boolean) => {
    if (measured) {
      measuredScheduled += 1;
      sendLags.push(performance.now() - scheduledAt);
    }
    inFlight += 1;
    let settled = false;
    const settle = (ok: boolean) => {
      if (settled) return;
      settled = true;
      inFlight -= 1;
      if (!measured) return;
      if (ok) latencies.push(performance.now() - scheduledAt);
      else errors += 1;
    };
    const request = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        headers: { authorization: `Bearer ${plan.token}` },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (response) => {
        const ok = (response.statusCode ?? 0) >= 200 && (response.statusCode ?? 0) < 300;
        response.on('end', () => settle(ok));
        response.on('error', () => settle(false));
        response.resume();
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', () => settle(false));
    request.end();
  };

  let stopping = false;
  void stopped.then(() => (stopping = true));
  const startedAt = performance.now();
  const endAt =
    plan.seconds === undefined ? Infinity : startedAt + (plan.warmupSeconds + plan.seconds) * 1000;
  let measuredFrom = Infinity;
  let index = 0;
  while (!stopping) {
    const now = performance.now();
    if (now >= endAt) break;
    // Every request whose time has come goes now; a late timer sends a batch, each still timed
    // from its own scheduled moment.
    for (
      let due = startedAt + index * intervalMs;
      due <= now && due < endAt;
      due = startedAt + index * intervalMs
    ) {
      if (index === warmupRequests) measuredFrom = due;
      fire(due, index >= warmupRequests);
      index += 1;
    }
    await sleep(Math.max(0, Math.min(startedAt + index * intervalMs, endAt) - performance.now()));
  }
  const measuredUntil = Math.min(performance.now(), endAt);
  const drainDeadline = performance.now() + DRAIN_TIMEOUT_MS;
  while (inFlight > 0 && performance.now() < drainDeadline) await sleep(5);
  agent.destroy();
  errors += Math.max(0, measuredScheduled - latencies.length - errors);
  return {
    rate: plan.rate,
    scheduled: measuredScheduled,
    ok: latencies.length,
    errors,
    measuredSeconds: round(Math.max(0, measuredUntil - measuredFrom) / 1000),
    p50Ms: round(percentile(latencies, 0.5)),
    p90Ms: round(percentile(latencies, 0.9)),
    p99Ms: round(percentile(latencies, 0.99)),
    maxMs: round(percentile(latencies, 1)),
    sendLagP99Ms: round(percentile(sendLags, 0.99)),
    generatorNiceness,
  };
}

/**
 * The generator shares the 2 cores with the server and, during a render, with ffmpeg: at the
 * default priority its own lateness was up to half of the p99 measured during a render. Where the
 * bench may (root, or CAP_SYS_NICE), the generator's thread runs above everything else.
 */
const GENERATOR_NICENESS = -10;
const generatorNiceness = (() => {
  try {
    os.setPriority(GENERATOR_NICENESS);
  } catch {
    // Not allowed: measured at the default priority, and the results say so.
  }
  return os.getPriority();
})();

let stop: () => void = () => undefined;
const stopped = new Promise<void>((resolve) => (stop = resolve));
process.on('message', (message: ParentMessage) => {
  if (message.type === 'stop') stop();
  else
    void run(message.plan, stopped).then((result) => send({ type: 'result', result }, () => process.exit()));
});
// The bench ended (or died): nothing is left to send for.
process.on('disconnect', () => process.exit());
send({ type: 'ready' });

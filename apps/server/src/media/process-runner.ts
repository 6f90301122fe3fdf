import { existsSync } from 'node:fs';
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { BACKGROUND_NICENESS } from './background-priority';
import { cancelledError, MediaError } from './media-error';

export interface RunProcessOptions {
  signal?: AbortSignal;
  /** Kill the process when it runs longer than this. */
  timeoutMs?: number;
  /** Called with each complete line written to stdout (e.g. ffmpeg's `-progress pipe:1`). */
  onStdoutLine?: (line: string) => void;
  /** Keep stdout (up to `maxStdoutBytes`) in the result, e.g. ffprobe's JSON. */
  collectStdout?: boolean;
  maxStdoutBytes?: number;
  /** Files and folders removed when the process ends, whatever the outcome. */
  cleanup?: readonly string[];
  /** Sample the child's peak memory and CPU time (Linux /proc), for the benchmark. */
  trackResources?: boolean;
  /** A short name of the step for error messages, e.g. "render". */
  label?: string;
  /**
   * Run the tool in a process group of its own, for a tool that starts helpers (LibreOffice's
   * `soffice` starts `oosplash`, which starts `soffice.bin`): the whole group is killed at the
   * time-out, on abort, when the tool exits and when this process dies (`groupCommand`).
   */
  processGroup?: boolean;
}

export interface RunProcessResult {
  stdout: string;
  /** The end of stderr, where ffmpeg writes its reason for failing. */
  stderrTail: string;
  elapsedMs: number;
  /** Peak resident set size of the child in bytes, when tracked and the platform tells. */
  peakRssBytes?: number;
  /** User plus system CPU seconds of the child (last sample before it ended), when tracked. */
  cpuSeconds?: number;
}

const STDERR_TAIL_BYTES = 8 * 1024;
const DEFAULT_MAX_STDOUT_BYTES = 8 * 1024 * 1024;
const MEMORY_SAMPLE_MS = 50;

/** Linux reports CPU time in clock ticks of 1/100 s on every common architecture. */
const CLOCK_TICKS_PER_SECOND = 100;

async function readResources(pid: number): Promise<{ peakRssBytes?: number; cpuSeconds?: number }> {
  try {
    const [status, stat] = await Promise.all([
      fs.readFile(`/proc/${pid}/status`, 'utf8'),
      fs.readFile(`/proc/${pid}/stat`, 'utf8'),
    ]);
    const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(status);
    // Fields after the command name (which may hold spaces) start at "state"; utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return {
      ...(match ? { peakRssBytes: Number(match[1]) * 1024 } : {}),
      ...(Number.isFinite(ticks) ? { cpuSeconds: ticks / CLOCK_TICKS_PER_SECOND } : {}),
    };
  } catch {
    return {};
  }
}

export async function removePaths(paths: readonly string[] = []): Promise<void> {
  await Promise.all(paths.map((target) => fs.rm(target, { recursive: true, force: true })));
}

const linuxTool = (name: string) =>
  process.platform === 'linux'
    ? [`/usr/bin/${name}`, `/bin/${name}`].find((file) => existsSync(file))
    : undefined;

/**
 * util-linux's `setpriv`, when the machine has it (Linux): it starts the command with a
 * parent-death signal, so a tool outlives no server killed with SIGKILL (issue 19).
 */
const SETPRIV = linuxTool('setpriv');
/** coreutils' `nice`: media tools run below the API's priority (issue 20). */
const NICE = linuxTool('nice');

/**
 * The command and arguments to spawn: under `setpriv --pdeathsig KILL` where it exists, and under
 * `nice` (each execs the next: one process, the tool's pid), for a tool given by its path (a missing
 * tool then still fails to spawn, as `missing_binary`).
 */
export function toolCommand(command: string, args: readonly string[]): [string, string[]] {
  if (!SETPRIV || !path.isAbsolute(command) || !existsSync(command)) return [command, [...args]];
  const guarded = [SETPRIV, '--pdeathsig', 'KILL', '--', command, ...args];
  return NICE ? [NICE, ['-n', String(BACKGROUND_NICENESS), ...guarded]] : [SETPRIV, guarded.slice(1)];
}

/**
 * The shell that leads a tool's process group: it starts the tool and waits for it. Told by its
 * parent-death signal (TERM) that the server died, it kills its group, itself included (`-$$`: only
 * ever its own group, which it leads).
 */
const GROUP_LEADER_SCRIPT = 'trap "kill -9 -$$" TERM; "$@" & wait $!';

/**
 * The command and arguments to spawn, detached, for a tool run in a process group of its own: a
 * shell leads the group, under `setpriv --pdeathsig TERM` where it exists and under `nice`. A
 * parent-death signal reaches only the process it is set on, not the helpers a tool starts; the
 * shell passes it on to the whole group. A tool not given by an existing path is left bare (it then
 * fails to spawn, as `missing_binary`).
 */
export function groupCommand(command: string, args: readonly string[]): [string, string[]] {
  if (process.platform === 'win32' || !path.isAbsolute(command) || !existsSync(command)) {
    return [command, [...args]];
  }
  const leader = ['/bin/sh', '-c', GROUP_LEADER_SCRIPT, 'tool-group', command, ...args];
  const guarded = SETPRIV ? [SETPRIV, '--pdeathsig', 'TERM', '--', ...leader] : leader;
  return NICE ? [NICE, ['-n', String(BACKGROUND_NICENESS), ...guarded]] : [guarded[0]!, guarded.slice(1)];
}

/**
 * Runs one command to completion. It is killed (SIGKILL: a half-written file is removed anyway) on
 * abort or time-out, and the `cleanup` paths are removed in every case.
 */
export async function runProcess(
  command: string,
  args: readonly string[],
  options: RunProcessOptions = {},
): Promise<RunProcessResult> {
  const label = options.label ?? command;
  try {
    if (options.signal?.aborted) throw cancelledError(options.signal);
    return await new Promise<RunProcessResult>((resolve, reject) => {
      const started = performance.now();
      // The tool dies with this process, whatever kills it, and yields to the API (toolCommand).
      const group = options.processGroup === true && process.platform !== 'win32';
      const [program, programArgs] = (group ? groupCommand : toolCommand)(command, args);
      const child = spawn(program, programArgs, {
        stdio: ['ignore', 'pipe', 'pipe'],
        windowsHide: true,
        // A group of its own (setsid), which is then killed whole.
        detached: group,
      });
      const kill = () => {
        if (group && child.pid !== undefined) {
          try {
            process.kill(-child.pid, 'SIGKILL');
            return;
          } catch {
            // The group is gone already.
          }
        }
        child.kill('SIGKILL');
      };
      const maxStdout = options.maxStdoutBytes ?? DEFAULT_MAX_STDOUT_BYTES;
      let stdout = '';
      let stdoutBytes = 0;
      let pending = '';
      let stderrTail = '';
      let peakRssBytes: number | undefined;
      let cpuSeconds: number | undefined;
      let failure: MediaError | undefined;
      let settled = false;

      const stop = (error: MediaError) => {
        failure ??= error;
        kill();
      };
      const onAbort = () => stop(cancelledError(options.signal));
      options.signal?.addEventListener('abort', onAbort, { once: true });
      const timer =
        options.timeoutMs !== undefined
          ? setTimeout(
              () =>
                stop(
                  new MediaError('timed_out', 'The media step took too long and was stopped.', {
                    details: `${label} exceeded ${options.timeoutMs} ms`,
                  }),
                ),
              options.timeoutMs,
            )
          : undefined;
      const sampler =
        options.trackResources && child.pid !== undefined
          ? setInterval(() => {
              void readResources(child.pid as number).then((sample) => {
                if (sample.peakRssBytes !== undefined)
                  peakRssBytes = Math.max(peakRssBytes ?? 0, sample.peakRssBytes);
                if (sample.cpuSeconds !== undefined)
                  cpuSeconds = Math.max(cpuSeconds ?? 0, sample.cpuSeconds);
              });
            }, MEMORY_SAMPLE_MS)
          : undefined;

      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => {
        if (options.collectStdout) {
          stdoutBytes += Buffer.byteLength(chunk);
          if (stdoutBytes > maxStdout) {
            stop(new MediaError('process_failed', 'The media tool answered too much.', { details: label }));
          } else {
            stdout += chunk;
          }
        }
        if (options.onStdoutLine) {
          pending += chunk;
          let newline = pending.indexOf('\n');
          while (newline >= 0) {
            options.onStdoutLine(pending.slice(0, newline));
            pending = pending.slice(newline + 1);
            newline = pending.indexOf('\n');
          }
        }
      });
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk: string) => {
        stderrTail = (stderrTail + chunk).slice(-STDERR_TAIL_BYTES);
      });

      const finish = (error: MediaError | undefined) => {
        if (settled) return;
        settled = true;
        if (timer) clearTimeout(timer);
        if (sampler) clearInterval(sampler);
        options.signal?.removeEventListener('abort', onAbort);
        if (error) reject(error);
        else
          resolve({
            stdout,
            stderrTail,
            elapsedMs: performance.now() - started,
            ...(peakRssBytes !== undefined ? { peakRssBytes } : {}),
            ...(cpuSeconds !== undefined ? { cpuSeconds } : {}),
          });
      };

      child.on('error', (error: NodeJS.ErrnoException) => {
        finish(
          error.code === 'ENOENT'
            ? new MediaError('missing_binary', 'A media tool is not installed.', {
                cause: error,
                details: `${command} not found`,
              })
            : new MediaError('process_failed', 'A media tool could not be started.', { cause: error }),
        );
      });
      // A helper left behind by a group's tool would hold its output open (and run on): it ends too.
      if (group) child.once('exit', kill);
      child.on('close', (code, signal) => {
        if (pending && options.onStdoutLine) options.onStdoutLine(pending);
        if (failure) return finish(failure);
        if (code === 0) return finish(undefined);
        finish(
          new MediaError('process_failed', 'Processing the media failed.', {
            details: `${label} exited with ${code ?? signal}: ${stderrTail.trim().split('\n').slice(-6).join('\n')}`,
          }),
        );
      });
    });
  } finally {
    await removePaths(options.cleanup);
  }
}

import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Duplex } from 'node:stream';
import v8 from 'node:v8';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { PGliteOptions } from '@electric-sql/pglite';
import { PGLITE_WORKER_SOURCE } from './pglite-worker-source';

/**
 * One end of a connection to the PGlite thread, shaped as the socket node-postgres expects (its
 * `stream` option): bytes written are PostgreSQL protocol messages, bytes read are PGlite's answers.
 */
class PgliteConnection extends Duplex {
  private pending: Buffer[] = [];

  constructor(private readonly port: MessagePort) {
    super();
    port.on('message', (answer: Uint8Array) =>
      this.push(Buffer.from(answer.buffer, answer.byteOffset, answer.length)),
    );
    port.on('close', () => {
      this.push(null);
      if (!this.destroyed) this.destroy();
    });
  }

  connect(): this {
    process.nextTick(() => this.emit('connect'));
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  // The pool unrefs an idle connection (and refs it again when lent out), as it does a socket.
  ref(): this {
    this.port.ref();
    return this;
  }

  unref(): this {
    this.port.unref();
    return this;
  }

  // Answers are pushed as the thread posts them; there is nothing to pull.
  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    // node-postgres writes a query as several messages in one go: post them to the thread together,
    // so PGlite runs the query in one turn.
    if (this.pending.length === 0) queueMicrotask(() => this.flush());
    this.pending.push(chunk);
    callback();
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.flush();
    this.port.close();
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.port.close();
    callback(error);
  }

  private flush(): void {
    if (this.pending.length === 0 || this.destroyed) {
      this.pending = [];
      return;
    }
    // Copied once into a buffer of their exact size, which is then moved to the thread: posting a
    // Buffer itself would clone the whole 8 kB pool slab most small Buffers are cut from (issue 20).
    const message = new Uint8Array(this.pending.reduce((length, chunk) => length + chunk.length, 0));
    let at = 0;
    for (const chunk of this.pending) {
      message.set(chunk, at);
      at += chunk.length;
    }
    this.pending = [];
    this.port.postMessage(message, [message.buffer]);
  }
}

export interface PgliteThreadOptions {
  /** PGlite's data folder, or `memory://`. */
  dataDir: string;
  /** A `dumpDataDir` tarball to start a new folder from. */
  loadDataDir?: Blob;
  /** Told when the thread dies without being asked to close. */
  onCrash(error: Error): void;
}

/** PGlite in a thread of its own: it runs its queries there, never on the caller's event loop. */
export interface PgliteThread {
  /** A new connection, for node-postgres's `stream` option. */
  connect(): Duplex;
  /** Closes the database and ends the thread. */
  close(): Promise<void>;
}

const CLOSE_TIMEOUT_MS = 10_000;

const pglitePath = createRequire(import.meta.url).resolve('@electric-sql/pglite');
const pgliteFile = (name: string) => path.join(path.dirname(pglitePath), name);

type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;
// The ES2023 lib the server compiles against declares no WebAssembly global, though Node has one.
const { WebAssembly: wasm } = globalThis as unknown as {
  WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> };
};

interface PgliteArtifacts {
  pgliteWasmModule: WasmModule;
  initdbWasmModule: WasmModule;
}

const PGLITE_THREAD_YOUNG_GENERATION_MB = 4;

let artifacts: Promise<PgliteArtifacts> | undefined;
/**
 * PGlite's WebAssembly, compiled once per process and handed to every thread: a thread compiling
 * its own costs about half a second, which tests opening many databases would pay each time.
 */
function pgliteArtifacts(): Promise<PgliteArtifacts> {
  artifacts ??= (async () => {
    limitWasmCompilationTasks();
    const [pgliteWasm, initdbWasm] = await Promise.all(
      ['pglite.wasm', 'initdb.wasm'].map((name) => fs.promises.readFile(pgliteFile(name))),
    );
    return {
      pgliteWasmModule: await wasm.compile(pgliteWasm!),
      initdbWasmModule: await wasm.compile(initdbWasm!),
    };
  })();
  return artifacts;
}

/**
 * V8 optimises PGlite's hot functions (the expression interpreter, the SQL parser: functions of
 * hundreds of KB) with TurboFan on background threads, by default several at a time, and each
 * compilation holds tens of MB of scratch memory. glibc keeps most of what those compilations free
 * (small blocks, fragmented), so the peak stays in the process's resident memory for good: 80-100 MB
 * of it at an idle embedded server. One compilation at a time peaks at about a third of that and the
 * queries are as fast once their functions are optimised (issue 20, decision 030). It is a process
 * setting, read when V8 schedules a compilation, so setting it here, before PGlite's module is
 * compiled, holds wherever the server is started from (npm start, a service unit, a container).
 */
function limitWasmCompilationTasks(): void {
  v8.setFlagsFromString('--wasm-num-compilation-tasks=1');
}

export async function startPgliteThread(options: PgliteThreadOptions): Promise<PgliteThread> {
  const worker = new Worker(PGLITE_WORKER_SOURCE, {
    eval: true,
    // The thread's JavaScript only passes messages; V8's default young generation (up to 48 MB)
    // would hold 16 MB of it resident for nothing. 4 MB keeps its scavenges rare (issue 20).
    resourceLimits: { maxYoungGenerationSizeMb: PGLITE_THREAD_YOUNG_GENERATION_MB },
    workerData: {
      pglitePath,
      dataDir: options.dataDir,
      fsBundlePath: pgliteFile('pglite.data'),
      options: {
        ...(await pgliteArtifacts()),
        ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      },
    },
  });
  const connections = new Set<PgliteConnection>();
  let stopped: Error | undefined;
  let closing = false;

  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: { type: string }) => {
      if (message.type === 'ready') resolve();
    });
    worker.on('error', (error) => {
      stopped = new Error(`The embedded database stopped: ${error.message}`, { cause: error });
      reject(stopped);
    });
    worker.once('exit', (code) => {
      stopped ??= new Error(`The embedded database stopped (thread exit code ${code})`);
      reject(stopped);
      for (const connection of connections) connection.destroy(stopped);
      connections.clear();
      if (!closing) options.onCrash(stopped);
    });
  });
  try {
    await ready;
  } catch (error) {
    closing = true;
    throw error;
  }

  return {
    connect() {
      const { port1, port2 } = new MessageChannel();
      const connection = new PgliteConnection(port1);
      if (stopped) {
        const reason = stopped;
        process.nextTick(() => connection.destroy(reason));
        return connection;
      }
      connections.add(connection);
      connection.once('close', () => connections.delete(connection));
      worker.postMessage({ type: 'connect', port: port2 }, [port2]);
      return connection;
    },
    async close() {
      if (closing) return exited;
      closing = true;
      if (stopped) return exited;
      worker.postMessage({ type: 'close' });
      // A thread that cannot close its database in time is ended: the process must be able to stop.
      const timer = setTimeout(() => void worker.terminate(), CLOSE_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

/*
 * The body of the thread that owns the embedded database (CommonJS, evaluated from a string so the
 * bundled server needs no extra file). It speaks the PostgreSQL wire protocol: each connection is a
 * MessagePort carrying the bytes node-postgres would send to a server, and PGlite answers them.
 *
 * PGlite is one backend session, so connections take turns: one that starts a transaction or an
 * extended query keeps the session until PGlite reports it idle again (ReadyForQuery 'I'), and a
 * connection that goes away while holding it has its transaction rolled back.
 *
 * Messages from the main thread: { type: 'connect', port } opens a connection; { type: 'close' }
 * closes the database and ends the thread. To the main thread: { type: 'ready' } once the database is
 * open, { type: 'closed' } once it is closed. A failure to open, or PGlite itself failing, throws out
 * of the thread: the main thread sees the error and the exit.
 */
export const PGLITE_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.pglitePath);

const READY_FOR_QUERY = 0x5a;
const IDLE = 0x49;
const SYNC = Uint8Array.of(0x53, 0, 0, 0, 4);
const ROLLBACK = (() => {
  const text = Buffer.from('ROLLBACK\\0');
  const message = Buffer.alloc(5 + text.length);
  message[0] = 0x51;
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return message;
})();

let db;
const waiting = [];
let owner = null;
let draining = false;
let closing = false;

async function run(message) {
  const chunks = [];
  let length = 0;
  // PGlite hands out views of its own memory: copy them before it reuses the buffer.
  await db.execProtocolRawStream(message, {
    onRawData: (data) => {
      chunks.push(data.slice());
      length += data.length;
    },
  });
  if (chunks.length === 1) return chunks[0];
  const answer = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    answer.set(chunk, at);
    at += chunk.length;
  }
  return answer;
}

function isIdleAfter(answer) {
  const end = answer.length;
  return end >= 6 && answer[end - 6] === READY_FOR_QUERY && answer[end - 1] === IDLE;
}

async function drain() {
  if (draining) return;
  draining = true;
  try {
    for (;;) {
      const index = owner ? waiting.findIndex((entry) => entry.connection === owner) : 0;
      if (index === -1 || waiting.length === 0) break;
      const [{ connection, message }] = waiting.splice(index, 1);
      if (connection.closed) continue;
      const answer = await run(message);
      owner = isIdleAfter(answer) ? null : connection;
      // The answer owns its whole buffer (run): moved to the main thread, not copied again.
      if (answer.length > 0 && !connection.closed) connection.port.postMessage(answer, [answer.buffer]);
    }
  } finally {
    draining = false;
  }
}

async function release(connection) {
  for (let index = waiting.length - 1; index >= 0; index -= 1) {
    if (waiting[index].connection === connection) waiting.splice(index, 1);
  }
  if (owner === connection && !closing) {
    // Finish whatever query it left half-sent, then undo its open transaction.
    await run(SYNC);
    if (db.isInTransaction()) await run(ROLLBACK);
    owner = null;
  }
}

function serve(port) {
  const connection = { port, closed: false };
  port.on('message', (message) => {
    waiting.push({ connection, message });
    drain().catch(fail);
  });
  port.on('close', () => {
    connection.closed = true;
    waitForDrain().then(() => release(connection)).then(() => drain()).catch(fail);
  });
}

async function waitForDrain() {
  while (draining) await new Promise((resolve) => setImmediate(resolve));
}

function fail(error) {
  // PGlite failed outside SQL (SQL errors are answers): nothing it says can be trusted any more.
  setImmediate(() => {
    throw error;
  });
}

parentPort.on('message', async (message) => {
  if (message.type === 'connect') serve(message.port);
  if (message.type === 'close') {
    closing = true;
    await waitForDrain();
    await db.close();
    parentPort.postMessage({ type: 'closed' });
    parentPort.close();
  }
});

(async () => {
  // PostgreSQL's default 128 MB of shared buffers is most of PGlite's memory, and all of it is
  // resident once PGlite has started. 4 MB (512 pages) holds the hot rows of a single-server install;
  // a page that is not there is read from the data folder through the system's file cache
  // (issue 20, decision 030: the embedded default idles under 200 MB).
  const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=4MB'];
  // The data bundle is read here, from its file: a copy held by the main thread would stay there.
  const fsBundle = await require('node:fs').openAsBlob(workerData.fsBundlePath);
  db = await PGlite.create(workerData.dataDir, { ...workerData.options, fsBundle, startParams });
  parentPort.postMessage({ type: 'ready' });
})().catch(fail);
`;

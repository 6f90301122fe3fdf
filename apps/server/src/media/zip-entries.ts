/**
 * A zip's entries read within limits (issue 37): the central directory lists them, and an entry is
 * inflated as a stream (zlib) that counts what comes out, so it stops at its limit whatever size it
 * declares. Only the entries asked for are inflated.
 */
import zlib from 'node:zlib';

/** The file is no zip, or a damaged one, or one this reader does not take (encrypted entries). */
export class ZipFormatError extends Error {
  override readonly name = 'ZipFormatError';
}

/** An entry inflated beyond its limit, or the reading beyond its budget. */
export class ZipLimitError extends Error {
  override readonly name = 'ZipLimitError';
}

export interface ZipEntry {
  name: string;
  /** 0: stored, 8: deflated. */
  method: number;
  flags: number;
  compressedSize: number;
  /** As the directory declares it: never trusted for memory. */
  declaredSize: number;
  localOffset: number;
}

export interface ZipDirectory {
  /** The first entry of each name. */
  entries: Map<string, ZipEntry>;
  /** The declared unpacked size of every entry. */
  declaredTotal: number;
}

/** The inflated bytes a reading may still produce, shared by the entries it reads. */
export interface InflateBudget {
  remaining: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const MAX_COMMENT = 0xffff;
/** Inflated bytes handed on at a time. */
const CHUNK_BYTES = 64 * 1024;

function reader(data: Uint8Array) {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const check = (offset: number, size: number) => {
    if (offset < 0 || offset + size > data.byteLength) throw new ZipFormatError('Out of bounds');
  };
  return {
    u16: (offset: number) => (check(offset, 2), view.getUint16(offset, true)),
    u32: (offset: number) => (check(offset, 4), view.getUint32(offset, true)),
    u64: (offset: number) => {
      check(offset, 8);
      const value = view.getBigUint64(offset, true);
      if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipFormatError('Size out of range');
      return Number(value);
    },
  };
}

/**
 * The entries of a zip held in memory, from its central directory; refuses more than `maxEntries`.
 */
export function readZipDirectory(data: Uint8Array, maxEntries: number): ZipDirectory {
  const { u16, u32, u64 } = reader(data);
  let end = data.byteLength - 22;
  const lowest = Math.max(0, end - MAX_COMMENT);
  while (end >= lowest && u32(end) !== END_OF_DIRECTORY) end -= 1;
  if (end < lowest) throw new ZipFormatError('No end of central directory');
  let count = u16(end + 10);
  let offset = u32(end + 16);
  const zip64 = count === 0xffff || offset === 0xffffffff;
  if (zip64) {
    // The zip64 locator, just before the end record, says where the zip64 end record is.
    const record = u64(end - 12);
    if (u32(record) !== ZIP64_END_OF_DIRECTORY) throw new ZipFormatError('No zip64 end of directory');
    count = u64(record + 32);
    offset = u64(record + 48);
  }
  if (count > maxEntries) throw new ZipLimitError(`More than ${maxEntries} entries`);
  const entries = new Map<string, ZipEntry>();
  let declaredTotal = 0;
  const decoder = new TextDecoder();
  for (let index = 0; index < count; index += 1) {
    if (u32(offset) !== DIRECTORY_ENTRY) throw new ZipFormatError('Bad central directory entry');
    const flags = u16(offset + 8);
    const method = u16(offset + 10);
    let compressedSize = u32(offset + 20);
    let declaredSize = u32(offset + 24);
    const nameLength = u16(offset + 28);
    const extraLength = u16(offset + 30);
    const commentLength = u16(offset + 32);
    let localOffset = u32(offset + 42);
    const nameStart = offset + 46;
    if (nameStart + nameLength > data.byteLength) throw new ZipFormatError('Name out of bounds');
    // Bit 11: the name is UTF-8; otherwise code page 437, the same as ASCII for the names read here.
    const nameBytes = data.subarray(nameStart, nameStart + nameLength);
    const name = flags & 0x800 ? decoder.decode(nameBytes) : String.fromCharCode(...nameBytes);
    if (declaredSize === 0xffffffff || compressedSize === 0xffffffff || localOffset === 0xffffffff) {
      // The zip64 extra field holds, in this order, the values that are 0xffffffff above.
      let field = nameStart + nameLength;
      const extraEnd = field + extraLength;
      while (field + 4 <= extraEnd && u16(field) !== 1) field += 4 + u16(field + 2);
      if (field + 4 > extraEnd) throw new ZipFormatError('No zip64 extra field');
      let at = field + 4;
      const next = () => {
        const value = u64(at);
        at += 8;
        return value;
      };
      if (declaredSize === 0xffffffff) declaredSize = next();
      if (compressedSize === 0xffffffff) compressedSize = next();
      if (localOffset === 0xffffffff) localOffset = next();
    }
    if (!entries.has(name)) {
      entries.set(name, { name, method, flags, compressedSize, declaredSize, localOffset });
    }
    declaredTotal += declaredSize;
    offset = nameStart + nameLength + extraLength + commentLength;
  }
  return { entries, declaredTotal };
}

/**
 * Inflates one entry, streamed: its bytes go to `onData` as zlib writes them, in pieces of 64 KB.
 * Rejects with ZipLimitError as soon as the entry passes `maxBytes` or the reading's `budget` runs
 * out (inflating stops there), with ZipFormatError for a damaged or encrypted entry, and with what
 * `onData` throws (inflating stops too).
 */
export async function inflateEntry(
  data: Uint8Array,
  entry: ZipEntry,
  limits: { maxBytes: number; budget: InflateBudget },
  onData: (chunk: Uint8Array) => void,
): Promise<void> {
  if (entry.flags & 0x1) throw new ZipFormatError('Encrypted entry');
  const { u16, u32 } = reader(data);
  if (u32(entry.localOffset) !== LOCAL_HEADER) throw new ZipFormatError('Bad local header');
  const start = entry.localOffset + 30 + u16(entry.localOffset + 26) + u16(entry.localOffset + 28);
  const end = start + entry.compressedSize;
  if (end > data.byteLength) throw new ZipFormatError('Entry out of bounds');
  let produced = 0;
  const take = (chunk: Uint8Array) => {
    produced += chunk.byteLength;
    limits.budget.remaining -= chunk.byteLength;
    if (produced > limits.maxBytes || limits.budget.remaining < 0) {
      throw new ZipLimitError(`${entry.name} inflates beyond its limit`);
    }
    if (chunk.byteLength > 0) onData(chunk);
  };
  if (entry.method === 0) {
    for (let at = start; at < end; at += CHUNK_BYTES)
      take(data.subarray(at, Math.min(end, at + CHUNK_BYTES)));
    return;
  }
  if (entry.method !== 8) throw new ZipFormatError(`Compression method ${entry.method}`);
  const inflater = zlib.createInflateRaw({ chunkSize: CHUNK_BYTES });
  await new Promise<void>((resolve, reject) => {
    let stopped = false;
    inflater.on('data', (chunk: Buffer) => {
      if (stopped) return;
      try {
        take(chunk);
      } catch (error) {
        stopped = true;
        inflater.destroy();
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    inflater.once('error', (error) => {
      stopped = true;
      reject(new ZipFormatError(`${entry.name}: ${error.message}`));
    });
    inflater.once('end', resolve);
    inflater.end(data.subarray(start, end));
  });
}

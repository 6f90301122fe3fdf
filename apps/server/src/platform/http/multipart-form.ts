import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { AnyCall, MultipartFileField } from '@reelcraft/contract';
import { badRequest, type HttpError } from './http-error';
import { refuseForbiddenText } from './register-call';

/** The answer to a multipart body the parser cannot read. */
export const MALFORMED_FORM =
  'The form could not be read: it is malformed or was cut off. Please send it again.';

/** One uploaded file, held in memory (each is bounded by its field's `maxBytes`). */
export interface ReceivedFile {
  field: string;
  /** As the client named it; for display only, never a path. */
  filename: string;
  /** What the client claimed; never trusted for the type (the bytes are sniffed). */
  claimedType: string;
  data: Buffer;
}

export interface MultipartForm {
  /** Text fields by name; a repeated field keeps its last value. */
  fields: Record<string, string>;
  /** The files in the order they arrived (empty when `onFile` took them). */
  files: ReceivedFile[];
}

/** The answers a call gives when its files break the contract's limits (texts differ per screen). */
export interface MultipartLimitErrors {
  tooManyFiles(field: MultipartFileField): HttpError;
  fileTooLarge(field: MultipartFileField): HttpError;
}

export interface ReadMultipartOptions {
  errors: MultipartLimitErrors;
  /** Takes each file as it arrives, so only one is held at a time; otherwise files are collected. */
  onFile?: (file: ReceivedFile) => Promise<void>;
}

// Text fields are short (prompts, JSON lists of URIs); a larger one is a mistake or an attack.
const FIELD_MAX_BYTES = 64 * 1024;
const FIELDS_MAX_COUNT = 50;

function hasCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

async function discard(stream: Readable): Promise<void> {
  stream.resume();
  await new Promise<void>((resolve) => {
    if (stream.readableEnded || stream.destroyed) resolve();
    else
      stream
        .once('end', resolve)
        .once('close', resolve)
        .once('error', () => resolve());
  });
}

/**
 * Reads a multipart request of a contract call: text fields, and the files of the call's declared
 * file fields with their count and size limits (busboy stops reading a file at the limit, so an
 * oversized one is never held whole). Any other file field is refused. After a refusal the rest of
 * the request is still read and dropped, so the client gets the answer instead of a reset.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  call: AnyCall,
  options: ReadMultipartOptions,
): Promise<MultipartForm> {
  const declared = new Map((call.files ?? []).map((field) => [field.name, field]));
  const maxFileBytes = Math.max(0, ...[...declared.values()].map((field) => field.maxBytes));
  const maxFiles = [...declared.values()].reduce(
    (sum, field) => sum + (field.repeated ? (field.maxCount ?? 100) : 1),
    0,
  );
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  const counts = new Map<string, number>();
  let refusal: Error | undefined;

  // An error of our own file handler (storage) is a server fault; anything else the parser throws
  // means the request itself is broken.
  let handlerFailure: unknown;
  try {
    const parts = request.parts({
      limits: {
        // One more than allowed, so that the extra file gets this call's own answer.
        files: maxFiles + 1,
        fileSize: Math.max(1, maxFileBytes),
        fields: FIELDS_MAX_COUNT,
        fieldSize: FIELD_MAX_BYTES,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated) refusal ??= badRequest(`The field ${part.fieldname} is too long`);
        // A part sent as application/json arrives parsed; the contract reads JSON fields as text.
        else
          fields[part.fieldname] = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        continue;
      }
      const field = declared.get(part.fieldname);
      if (refusal || !field) {
        refusal ??= badRequest(`Unexpected file field: ${part.fieldname}`);
        await discard(part.file);
        continue;
      }
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (error) {
        if (!hasCode(error, 'FST_REQ_FILE_TOO_LARGE')) throw error;
        refusal = options.errors.fileTooLarge(field);
        continue;
      }
      // A form with an empty file input still sends the part, with no name and no bytes.
      if (data.length === 0 && !part.filename) continue;
      const count = (counts.get(field.name) ?? 0) + 1;
      counts.set(field.name, count);
      if (count > (field.repeated ? (field.maxCount ?? Infinity) : 1)) {
        refusal = field.repeated
          ? options.errors.tooManyFiles(field)
          : badRequest(`Send one ${field.name} only`);
        continue;
      }
      if (data.length > field.maxBytes) {
        refusal = options.errors.fileTooLarge(field);
        continue;
      }
      const file: ReceivedFile = {
        field: field.name,
        filename: part.filename ?? '',
        claimedType: part.mimetype,
        data,
      };
      if (options.onFile) {
        try {
          await options.onFile(file);
        } catch (error) {
          handlerFailure = error;
          throw error;
        }
      } else files.push(file);
    }
  } catch (error) {
    // The parser stopped reading; drop what the client still sends so it can read our answer.
    request.raw.resume();
    if (refusal) throw refusal;
    if (hasCode(error, 'FST_REQ_FILE_TOO_LARGE')) {
      const field = [...declared.values()][0];
      if (field) throw options.errors.fileTooLarge(field);
    }
    if (hasCode(error, 'FST_FILES_LIMIT')) {
      const field = [...declared.values()].find((candidate) => candidate.repeated);
      if (field) throw options.errors.tooManyFiles(field);
      throw badRequest('Too many files');
    }
    if (hasCode(error, 'FST_FIELDS_LIMIT') || hasCode(error, 'FST_PARTS_LIMIT')) {
      throw badRequest('Too many form fields');
    }
    if (error === handlerFailure) throw error;
    // No boundary, a body cut off mid-part, a broken header: the client's form, not our fault.
    throw badRequest(MALFORMED_FORM);
  }
  if (refusal) throw refusal;
  refuseForbiddenText({ body: fields });
  return { fields, files };
}

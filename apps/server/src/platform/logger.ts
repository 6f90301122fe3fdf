import pino, { type Logger } from 'pino';

// Query parameters that carry secrets: the /ws token, mailed verification and reset tokens, the
// Google sign-in result, signed-URL signatures.
const SECRET_QUERY_PARAMETERS = /([?&](?:token|access_token|reset_token|signature|code|state)=)[^&#]*/gi;
// The mailed verification link carries its token in the path: the web app's `/verify/<token>` and
// the API's `/api/v1/verify/<token>`.
const SECRET_PATH_SEGMENTS = /^((?:\/api\/v1)?\/verify\/)[^/?#]+/i;

/** A URL as it may be logged: secret query values and path tokens replaced. */
export function redactQuerySecrets(url: string): string {
  return url.replace(SECRET_PATH_SEGMENTS, '$1[redacted]').replace(SECRET_QUERY_PARAMETERS, '$1[redacted]');
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
}

/**
 * An error as logged: pino's standard form, without the values of a failed SQL query. Drizzle puts
 * them in the message and in `params`, and they can be a password hash or a token (issue 19); the
 * query text itself, with its placeholders, is kept.
 */
export function serializeError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  if (error instanceof Error && 'query' in error && 'params' in error) {
    const safeMessage = `Failed query: ${String(error.query)}`;
    const stack =
      typeof serialized.stack === 'string' ? serialized.stack.replace(error.message, safeMessage) : undefined;
    return { ...serialized, message: safeMessage, stack, params: '[redacted]' };
  }
  return serialized;
}

/** Structured logs (JSON lines); secrets in headers never reach them. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    serializers: {
      err: serializeError,
      // Fastify's request serializer, with the secrets of the query taken out.
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: request.url === undefined ? undefined : redactQuerySecrets(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'password',
        '*.password',
        'token',
        '*.token',
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

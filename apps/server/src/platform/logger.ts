import pino, { type Logger } from 'pino';

// Query parameters that carry secrets: the /ws token, mailed verification and reset tokens, the
// Google sign-in result, signed-URL signatures.
const SECRET_QUERY_PARAMETERS = /([?&](?:token|access_token|reset_token|signature|code|state)=)[^&#]*/gi;

/** A URL as it may be logged: secret query values replaced. */
export function redactQuerySecrets(url: string): string {
  return url.replace(SECRET_QUERY_PARAMETERS, '$1[redacted]');
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
}

/** Structured logs (JSON lines); secrets in headers never reach them. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    serializers: {
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
  });
}

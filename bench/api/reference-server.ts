/**
 * The reference of the API benchmark: a bare Fastify 5 server that does what every authenticated
 * read of the product must do at the least, check the product's own HS256 bearer token, with the
 * product's TokenService (jose, same secret, issuer and algorithm), and answer a small JSON body.
 * No database, no plugins, no logging. Run by bench/api.ts in a process of its own; prints `ready`.
 */
import Fastify from 'fastify';
import { InvalidTokenError, TokenService } from '../../apps/server/src/platform/auth/token-service';

const secret = process.env.JWT_SECRET;
if (!secret) throw new Error('JWT_SECRET must be set to the product server’s secret');
const tokens = new TokenService(secret, 3600);

const app = Fastify({ logger: false });
app.get('/api/v1/auth/me', async (request, reply) => {
  const [scheme, token] = (request.headers.authorization ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token)
    return reply.code(401).send({ detail: 'Not authenticated' });
  try {
    const { userId } = await tokens.verify(token);
    return { id: userId };
  } catch (error) {
    if (error instanceof InvalidTokenError) return reply.code(401).send({ detail: 'Invalid token' });
    throw error;
  }
});

await app.listen({ port: Number(process.env.REFERENCE_PORT ?? 0), host: '127.0.0.1' });
console.log('ready');

/**
 * The reference of the API benchmark: a bare Fastify 5 server that does what every authenticated
 * read of the product must do at the least, check the product's own HS256 bearer token (jose, same
 * secret, issuer and algorithm as the product's TokenService) on every request, and answer a small
 * JSON body. It calls jose directly: the product keeps tokens it verified, which would turn the
 * reference's check into a map lookup. No database, no plugins, no logging. Run by bench/api.ts in a
 * process of its own; prints `ready`.
 */
import Fastify from 'fastify';
import { jwtVerify } from 'jose';

const secret = process.env.JWT_SECRET;
if (!secret) throw new Error('JWT_SECRET must be set to the product server’s secret');
const key = new TextEncoder().encode(secret);

const app = Fastify({ logger: false });
app.get('/api/v1/auth/me', async (request, reply) => {
  const [scheme, token] = (request.headers.authorization ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token)
    return reply.code(401).send({ detail: 'Not authenticated' });
  try {
    const { payload } = await jwtVerify(token, key, { issuer: 'reelcraft', algorithms: ['HS256'] });
    return { id: payload.sub };
  } catch {
    return reply.code(401).send({ detail: 'Invalid token' });
  }
});

await app.listen({ port: Number(process.env.REFERENCE_PORT ?? 0), host: '127.0.0.1' });
console.log('ready');

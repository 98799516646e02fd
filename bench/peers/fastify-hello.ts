// The ceiling for the hot-path bench: a bare Fastify answering a constant JSON, no database, no
// hooks. What the app's GET /api/user reaches of it is the share the framework leaves for our code.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log(`fastify hello on ${process.env.PORT}`);

// Reference point for the benchmark: the smallest NestJS app on Fastify answering the same route —
// the framework's own cost, with none of the campus's logging, metrics, cookies or security.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const requireFromServer = createRequire(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../server/package.json'));
requireFromServer('reflect-metadata');
const { Controller, Get, Module } = requireFromServer('@nestjs/common');
const { NestFactory } = requireFromServer('@nestjs/core');
const { FastifyAdapter } = requireFromServer('@nestjs/platform-fastify');

class NowController {
  now() {
    return { value: Date.now() };
  }
}
Get('now')(NowController.prototype, 'now', Object.getOwnPropertyDescriptor(NowController.prototype, 'now'));
Controller('api/v1')(NowController);

class HelloModule {}
Module({ controllers: [NowController] })(HelloModule);

const app = await NestFactory.create(HelloModule, new FastifyAdapter({ routerOptions: { ignoreTrailingSlash: true } }), { logger: false });
await app.listen(Number(process.env.PORT ?? 3000), '127.0.0.1');
console.log('listening');

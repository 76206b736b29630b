require('reflect-metadata');
const { Controller, Get, Module, Header } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { FastifyAdapter } = require('@nestjs/platform-fastify');
const { randomUUID } = require('node:crypto');
class C { now() { return { value: Date.now() }; } }
const d = Object.getOwnPropertyDescriptor(C.prototype, 'now');
Get('now')(C.prototype, 'now', d);
if (process.env.V >= 2) Header('cache-control', 'no-store')(C.prototype, 'now', d);
Controller('v1')(C);
class M {}
Module({ controllers: [C] })(M);
const opts = process.env.V >= 1 ? { routerOptions: { ignoreTrailingSlash: true }, trustProxy: true, genReqId: () => randomUUID() } : {};
NestFactory.create(M, new FastifyAdapter(opts), { logger: false }).then(async (app) => {
  app.setGlobalPrefix('api');
  await app.listen(Number(process.env.PORT));
});

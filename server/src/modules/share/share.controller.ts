import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { ZodValidationPipe } from '../../common/validation/zod-validation.pipe.js';
import { shortenUrlRequestSchema } from '../../contracts/share.js';
import { ShortenUrlCommand } from './commands/shorten-url/shorten-url.command.js';
import { ResolveShortLinkQuery } from './queries/resolve-short-link/resolve-short-link.query.js';

@Controller()
export class ShareController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Post('v1/shorten-url')
  @HttpCode(200)
  shorten(@Body(new ZodValidationPipe(shortenUrlRequestSchema)) body: { value: string }) {
    return this.commandBus.execute(new ShortenUrlCommand(body.value));
  }

  /** A top-level navigation from a shared post (outside /api, see create-api-app). Unknown codes get the 404 page. */
  @Get('s/:code')
  async follow(@Param('code') code: string, @Res() reply: FastifyReply) {
    const url = await this.queryBus.execute(new ResolveShortLinkQuery(code));
    // The target may change between content imports, so browsers must ask again each time.
    return reply.status(302).header('cache-control', 'no-store').redirect(url);
  }
}

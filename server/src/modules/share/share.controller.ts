import { Body, Controller, Get, Param, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { shortenUrl } from '../../contracts/routes/share.js';
import { ShortenUrlCommand } from './commands/shorten-url/shorten-url.command.js';
import { ResolveShortLinkQuery } from './queries/resolve-short-link/resolve-short-link.query.js';

@Controller()
export class ShareController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Endpoint(shortenUrl)
  shorten(@Body() body: { value: string }) {
    return this.commandBus.execute(new ShortenUrlCommand(body.value));
  }

  /** A top-level navigation from a shared post, a page address rather than an API route (outside /api, see create-api-app). Unknown codes get the 404 page. */
  @Get('s/:code')
  async follow(@Param('code') code: string, @Res() reply: FastifyReply) {
    const url = await this.queryBus.execute(new ResolveShortLinkQuery(code));
    // The target may change between content imports, so browsers must ask again each time.
    return reply.status(302).header('cache-control', 'no-store').redirect(url);
  }
}

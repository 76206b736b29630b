import { Module } from '@nestjs/common';
import { ShortenUrlHandler } from './commands/shorten-url/shorten-url.handler.js';
import { ResolveShortLinkHandler } from './queries/resolve-short-link/resolve-short-link.handler.js';
import { ShareController } from './share.controller.js';

@Module({ controllers: [ShareController], providers: [ShortenUrlHandler, ResolveShortLinkHandler] })
export class ShareModule {}

import { Controller, Headers, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { download } from '../../contracts/routes/lessons.js';
import { DownloadProxy } from './download-proxy.js';

@Controller()
export class DownloadsController {
  constructor(private readonly proxy: DownloadProxy) {}

  /** A plain GET (media elements and the PDF viewer load it), so no XHR header is asked for. */
  @Endpoint(download)
  download(@Query() query: { url: string }, @Headers('range') range: string | undefined, @Res() reply: FastifyReply) {
    return this.proxy.send(query.url, range, reply);
  }
}

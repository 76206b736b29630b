import { Controller, Get, Headers, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ZodValidationPipe } from '../../common/validation/zod-validation.pipe.js';
import { downloadQuerySchema } from '../../contracts/lessons.js';
import { DownloadProxy } from './download-proxy.js';

@Controller('v1')
export class DownloadsController {
  constructor(private readonly proxy: DownloadProxy) {}

  /** A plain GET (media elements and the PDF viewer load it), so no XHR header is asked for. */
  @Get('download')
  download(
    @Query(new ZodValidationPipe(downloadQuerySchema, 'url')) query: z.infer<typeof downloadQuerySchema>,
    @Headers('range') range: string | undefined,
    @Res() reply: FastifyReply,
  ) {
    return this.proxy.send(query.url, range, reply);
  }
}

import { Controller, Get, Header, UseGuards } from '@nestjs/common';
import { MetricsAccessGuard } from './metrics-access.guard.js';
import { HttpMetrics } from './metrics.js';

@Controller('metrics')
@UseGuards(MetricsAccessGuard)
export class MetricsController {
  constructor(private readonly metrics: HttpMetrics) {}

  @Get()
  @Header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
  @Header('cache-control', 'no-store')
  scrape() {
    return this.metrics.exposition();
  }
}

import { Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';
import { HttpMetrics } from './metrics.js';
import { MetricsController } from './metrics.controller.js';

@Module({
  controllers: [HealthController, MetricsController],
  providers: [HttpMetrics],
  exports: [HttpMetrics],
})
export class HealthModule {}

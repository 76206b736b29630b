import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller.js';
import { HttpMetrics } from './metrics.js';
import { MetricsController } from './metrics.controller.js';

@Module({
  imports: [TerminusModule.forRoot({ logger: false })],
  controllers: [HealthController, MetricsController],
  providers: [HttpMetrics],
  exports: [HttpMetrics],
})
export class HealthModule {}

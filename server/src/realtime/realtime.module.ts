import { Global, Module } from '@nestjs/common';
import { RealtimePublisher } from './realtime-publisher.js';

/** The publisher, for API and worker alike. The gateway is added by the API's module only. */
@Global()
@Module({ providers: [RealtimePublisher], exports: [RealtimePublisher] })
export class RealtimeModule {}

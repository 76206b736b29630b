import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { EventPushes } from './event-pushes.js';
import { RealtimePublisher } from './realtime-publisher.js';

/** The publisher and the pushes of each commit, for API and worker alike. The gateway is added by the API's module only. */
@Global()
@Module({ imports: [DiscoveryModule], providers: [RealtimePublisher, EventPushes], exports: [RealtimePublisher] })
export class RealtimeModule {}

import { DynamicModule, Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { EventPushes } from './event-pushes.js';
import { PushCatalogue } from './push-catalogue.js';
import { RealtimePublisher } from './realtime-publisher.js';

/** The publisher and the pushes of each commit, for API and worker alike. The gateway is added by the API's module only. */
@Global()
@Module({})
export class RealtimeModule {
  static forRoot(catalogue: PushCatalogue): DynamicModule {
    return {
      module: RealtimeModule,
      imports: [DiscoveryModule],
      providers: [RealtimePublisher, EventPushes, { provide: PushCatalogue, useValue: catalogue }],
      exports: [RealtimePublisher],
    };
  }
}

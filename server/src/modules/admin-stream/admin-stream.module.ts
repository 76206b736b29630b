import { Module } from '@nestjs/common';
import { StreamToAdminsWhenEventAppendedHandler } from './reactions/stream-to-admins-when-event-appended.handler.js';

@Module({ providers: [StreamToAdminsWhenEventAppendedHandler] })
export class AdminStreamModule {}

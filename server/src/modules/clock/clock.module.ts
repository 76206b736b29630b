import { Module } from '@nestjs/common';
import { ClockController } from './clock.controller.js';

@Module({ controllers: [ClockController] })
export class ClockModule {}

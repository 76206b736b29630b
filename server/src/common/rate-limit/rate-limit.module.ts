import { Module } from '@nestjs/common';
import { RateLimiter } from './rate-limiter.js';

/** API processes only: the worker serves no requests. */
@Module({ providers: [RateLimiter], exports: [RateLimiter] })
export class RateLimitModule {}

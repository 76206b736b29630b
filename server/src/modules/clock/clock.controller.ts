import { Controller, Get, Header } from '@nestjs/common';

/** The server clock is the only clock: clients compute their offset from it. */
@Controller('v1')
export class ClockController {
  @Get('now')
  @Header('cache-control', 'no-store')
  now() {
    return { value: Date.now() };
  }
}

import { Controller, Header } from '@nestjs/common';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { getServerTime } from '../../contracts/routes/clock.js';

/** The server clock is the only clock: clients compute their offset from it. */
@Controller()
export class ClockController {
  @Endpoint(getServerTime)
  @Header('cache-control', 'no-store')
  now() {
    return { value: Date.now() };
  }
}

import { Command } from '@nestjs/cqrs';
import type { WalletOffer } from '../../../../contracts/wallet-offers.js';

/** The holder asks to put their certificate's credential into a wallet app (「ウォレットに追加」). */
export class CreateWalletOfferCommand extends Command<WalletOffer> {
  constructor(
    readonly certificateId: string,
    readonly userId: string,
  ) {
    super();
  }
}

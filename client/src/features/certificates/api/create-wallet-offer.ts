import { createWalletOffer as createWalletOfferRoute } from '@campus/contracts/routes/wallet-offers';
import type { WalletOffer } from '@campus/contracts/wallet-offers';
import { callApi } from '../../../lib/call-api';

/**
 * Statuses the wallet dialog shows itself (with もう一度): no answer, not found, revoked (410), too many,
 * server trouble. 401 and the agreements' 400 keep the app's popups (log in, accept the terms).
 */
export const WALLET_OFFER_HANDLED_STATUSES: readonly number[] = [0, 404, 410, 429, 500, 502, 503, 504];

/** A fresh OpenID4VCI offer of the learner's own certificate's credential (the previous one stops working). */
export function createWalletOffer(certificateId: string): Promise<WalletOffer> {
  return callApi(createWalletOfferRoute, { params: { certificateId } }, { skipStatuses: WALLET_OFFER_HANDLED_STATUSES });
}

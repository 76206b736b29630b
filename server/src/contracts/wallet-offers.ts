import { z } from 'zod';

/** How long a wallet offer's pre-authorised code may be redeemed, and how long the access token it buys lasts. */
export const WALLET_OFFER_TTL_SECONDS = 300;

/**
 * What the holder's 「ウォレットに追加」 answers: an OpenID4VCI credential offer carried inline in the
 * `openid-credential-offer://` URI (the QR code and the 「ウォレットアプリで開く」 link), its end, and the
 * plain public URLs for wallets that import a credential by URL or as a file instead.
 */
export const walletOfferSchema = z
  .object({
    /** `openid-credential-offer://?credential_offer=…`: the pre-authorised code travels only inside it, never in a URL sent to a server. */
    offerUri: z.string(),
    /** When the code stops being accepted (ISO 8601). */
    expiresAt: z.string(),
    /** The same, counted from the answer: a countdown needs no agreement between the two clocks. */
    expiresInSeconds: z.number().int(),
    /** The credential's public URL (the JWT to a plain fetch, the JSON-LD form to an Accept naming JSON). */
    credentialUrl: z.string(),
    /**
     * The same URL asking for the JSON-LD credential itself: what wallets importing by URL are given (the
     * Learner Credential Wallet fetches without an Accept header) and the file to import.
     */
    jsonUrl: z.string(),
  })
  .meta({ id: 'WalletOffer' });

/** The token endpoint's answer (RFC 6749 §5.1): an opaque bearer token for the credential endpoint. */
export const walletAccessTokenSchema = z
  .object({ access_token: z.string(), token_type: z.literal('Bearer'), expires_in: z.number().int() })
  .meta({ id: 'WalletAccessToken' });

/** The credential endpoint's answer (OpenID4VCI 1.0 §8.3; `credential` for requests in the format-based drafts). */
export const walletCredentialSchema = z
  .object({
    credentials: z.array(z.object({ credential: z.union([z.string(), z.record(z.string(), z.unknown())]) })).optional(),
    credential: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
    format: z.string().optional(),
  })
  .meta({ id: 'WalletCredential' });

export type WalletOffer = z.infer<typeof walletOfferSchema>;
export type WalletAccessToken = z.infer<typeof walletAccessTokenSchema>;

import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import * as vc from '@digitalbazaar/vc';
import type { IssuerKey } from './credential-signing-key.js';
import { documentLoaderWith, type DidResolver } from './json-ld-document-loader.js';

export type SignedCredential = Record<string, unknown> & { proof: Record<string, unknown> };

/**
 * The credential with an embedded `DataIntegrityProof` (cryptosuite `eddsa-rdfc-2022`), signed by the
 * issuer's Multikey listed in its did:web document. `created` is fixed by the caller, and Ed25519 is
 * deterministic, so signing the same credential at the same moment gives the same bytes.
 */
export async function signWithDataIntegrity(credential: object, key: IssuerKey, created: Date): Promise<SignedCredential> {
  const suite = new DataIntegrityProof({ signer: key.multikey.signer(), cryptosuite, date: created });
  const ownDid: DidResolver = async (did) => (did === key.did ? key.didDocument : null);
  return vc.issue({ credential: structuredClone(credential), suite, documentLoader: documentLoaderWith(ownDid) });
}

export interface DataIntegrityVerification {
  verified: boolean;
  /** Why not, in the library's words (a bad signature, an unknown key, a context it cannot load). */
  errors: string[];
}

/** Checks a credential's `eddsa-rdfc-2022` proof, resolving keys through `resolveDid` only; status is the caller's to check. */
export async function verifyDataIntegrity(credential: object, resolveDid: DidResolver, now = new Date()): Promise<DataIntegrityVerification> {
  const suite = new DataIntegrityProof({ cryptosuite });
  const result = await vc.verifyCredential({
    credential,
    suite,
    documentLoader: documentLoaderWith(resolveDid),
    // The status list is read separately (ours from the table, another issuer's by the caller).
    checkStatus: async () => ({ verified: true }),
    now,
  });
  const errors = [result.error, ...(result.error?.errors ?? []), ...(result.results ?? []).map((entry) => entry.error)]
    .filter((error): error is Error => error instanceof Error)
    .map((error) => error.message);
  return { verified: result.verified, errors: [...new Set(errors)] };
}

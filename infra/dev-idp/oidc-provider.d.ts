// oidc-provider ships no type declarations; the dev IdP only needs it as an untyped module.
declare module 'oidc-provider';

/** Replaced by `true` in a Vite build and `false` under `vite dev` (client/vite.config.ts `define`); undefined in jest. */
declare const __CAMPUS_SERVICE_WORKER__: boolean | undefined;

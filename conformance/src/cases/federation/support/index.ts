/**
 * What the federation cases share, one concern per file: signing keys (`keys.ts`), token minting
 * (`tokens.ts`), the target's clock and the margins kept from time boundaries (`clock.ts`), issuer,
 * service-account and rule fixtures (`fixtures.ts`), the exchange call (`exchange.ts`), and the
 * oracle that says what the exchange must answer (`verdicts.ts`).
 */
export * from './clock.js';
export * from './exchange.js';
export * from './fixtures.js';
export * from './keys.js';
export * from './tokens.js';
export * from './verdicts.js';

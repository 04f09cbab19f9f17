/** The motoroute version: injected by the bundler, a dev marker when run from source. */
export const VERSION: string = typeof MOTOROUTE_VERSION === 'string' ? MOTOROUTE_VERSION : '0.0.0-dev';

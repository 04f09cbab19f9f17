/** The package version, replaced at build time by esbuild's `define`. */
declare const MOTOROUTE_VERSION: string;

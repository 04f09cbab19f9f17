// An empty module: bench/lib/import-cost.mjs imports it first to start the module loader, as an application's own modules would.
export {};

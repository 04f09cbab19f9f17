// Another empty module: the import-cost floor that bench/run.mjs reports beside the library's entries.
export {};

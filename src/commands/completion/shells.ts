/** The shells `motoroute completion` writes scripts for. */
export const SHELLS = ['bash', 'zsh', 'fish'] as const;

/** One of {@link SHELLS}. */
export type Shell = (typeof SHELLS)[number];

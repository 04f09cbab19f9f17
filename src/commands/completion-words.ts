/** What `completion` refuses, per language. */
export const COMPLETION_WORDS = {
  en: {
    notAShell: (shell: string, shells: readonly string[]) =>
      `completion: "${shell}" is not a supported shell; use one of ${shells.join(', ')}.`,
  },
  fr: {
    notAShell: (shell: string, shells: readonly string[]) =>
      `completion\u00a0: \u00ab\u202f${shell}\u202f\u00bb n\u2019est pas un shell pris en charge\u202f; utilisez ${shells.join(', ')}.`,
  },
} as const;

/** What `job` refuses, per language. */
export const JOB_WORDS = {
  en: { notAnId: (value: string) => `"${value}" is not a job id; use the id that job create printed.` },
  fr: {
    notAnId: (value: string) =>
      `\u00ab\u202f${value}\u202f\u00bb n\u2019est pas un identifiant de job\u202f; utilisez celui qu\u2019a écrit job create.`,
  },
} as const;

/** What `list` refuses, per language. */
export const LIST_WORDS = {
  en: { rawNeedsJson: '--raw prints records untouched, so it needs --format json or --format ndjson.' },
  fr: {
    rawNeedsJson: '--raw écrit les enregistrements tels quels, il demande donc --format json ou --format ndjson.',
  },
} as const;

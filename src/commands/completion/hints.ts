import { FORMULAS } from '../../booking/formula.js';
import { CONFIG_KEYS } from '../../config/keys.js';
import type { CompletionHints } from './model.js';
import { SHELLS } from './shells.js';

const CONFIG_KEY_NAMES = CONFIG_KEYS.map((key) => key.name);

/**
 * Values that are not commander `choices` but are still enumerated, each taken from its source of truth:
 * the formulas (parsed by `book` with aliases, so not a commander choice), the config keys and the shells.
 */
export const COMPLETION_HINTS: CompletionHints = {
  optionValues: { '--formula': FORMULAS },
  positionalValues: {
    'config get': [CONFIG_KEY_NAMES],
    'config set': [CONFIG_KEY_NAMES],
    'config unset': [CONFIG_KEY_NAMES],
    completion: [SHELLS],
  },
  // `config set KEY VALUE`: the values of the settings that have a list of them (format, lang, strict).
  positionalValuesAfter: {
    'config set': {
      1: Object.fromEntries(CONFIG_KEYS.filter((key) => key.allowed).map((key) => [key.name, key.allowed ?? []])),
    },
  },
};

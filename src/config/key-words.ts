import { frenchQuoted } from '../domain/french-writing.js';
/** The languages a setting's bad value is refused in. */
export type SettingLang = 'en' | 'fr';

/** What the settings say about a value they refuse, per language (./keys.ts); `name` is the setting's or the flag's. */
export const SETTING_WORDS = {
  en: {
    notOneOf: (name: string, value: string, allowed: readonly string[]) =>
      `${name}: "${value}" is not valid; use one of ${allowed.join(', ')}.`,
    notUrl: (name: string, value: string, example: string) => `${name}: "${value}" is not a URL; use e.g. ${example}.`,
    onlyHttp: (name: string, protocol: string) => `${name}: only http and https URLs are supported, not ${protocol}`,
    positiveNumber: (name: string, value: string, max: number) =>
      `${name}: "${value}" must be a number above 0 and at most ${max}.`,
    wholeNumber: (name: string, value: string, min: number, max: number) =>
      `${name}: "${value}" must be a whole number from ${min} to ${max}.`,
    yesNo: (name: string, value: string) => `${name}: "${value}" is not valid; use true or false.`,
    notEmail: (name: string, value: string) => `${name}: "${value}" is not an e-mail address.`,
    controlCharacters: (name: string, multiline: boolean) =>
      `${name}: control characters${multiline ? '' : ' and line breaks'} are not allowed${multiline ? ' (only line breaks, typed or written \\n)' : ''}.`,
    emptyText: (name: string) => `${name}: give some text, or unset it with: motoroute config unset ${name}.`,
    notSender: (name: string, value: string) =>
      `${name}: "${value}" is not a sender; write an address (jeanne@example.fr) or a name and address (Jeanne Dupont <jeanne@example.fr>).`,
    notNotifyTarget: (value: string) =>
      `notify: "${value}" is not a target; start it with https://, ntfy://, ntfys://, desktop:// or exec://.`,
    unknownSetting: (name: string, known: readonly string[]) =>
      `Unknown setting "${name}"; known settings: ${known.join(', ')}.`,
  },
  fr: {
    notOneOf: (name: string, value: string, allowed: readonly string[]) =>
      `${name}\u00a0: ${frenchQuoted(value)} n\u2019est pas valide\u202f; choisissez parmi ${allowed.join(', ')}.`,
    notUrl: (name: string, value: string, example: string) =>
      `${name}\u00a0: ${frenchQuoted(value)} n\u2019est pas une URL\u202f; par exemple ${example}.`,
    onlyHttp: (name: string, protocol: string) =>
      `${name}\u00a0: seules les URL http et https sont acceptées, pas ${protocol}`,
    positiveNumber: (name: string, value: string, max: number) =>
      `${name}\u00a0: ${frenchQuoted(value)} doit être un nombre supérieur à 0 et au plus égal à ${max}.`,
    wholeNumber: (name: string, value: string, min: number, max: number) =>
      `${name}\u00a0: ${frenchQuoted(value)} doit être un nombre entier de ${min} à ${max}.`,
    yesNo: (name: string, value: string) =>
      `${name}\u00a0: ${frenchQuoted(value)} n\u2019est pas valide\u202f; écrivez true ou false.`,
    notEmail: (name: string, value: string) =>
      `${name}\u00a0: ${frenchQuoted(value)} n\u2019est pas une adresse e-mail.`,
    controlCharacters: (name: string, multiline: boolean) =>
      multiline
        ? `${name}\u00a0: les caractères de contrôle ne sont pas permis (seuls les sauts de ligne, tapés ou écrits \\n).`
        : `${name}\u00a0: les caractères de contrôle et les sauts de ligne ne sont pas permis.`,
    emptyText: (name: string) =>
      `${name}\u00a0: donnez un texte, ou retirez le réglage avec\u00a0: motoroute config unset ${name}.`,
    notSender: (name: string, value: string) =>
      `${name}\u00a0: ${frenchQuoted(value)} n\u2019est pas un expéditeur\u202f; écrivez une adresse (jeanne@example.fr) ou un nom et une adresse (Jeanne Dupont <jeanne@example.fr>).`,
    notNotifyTarget: (value: string) =>
      `notify\u00a0: ${frenchQuoted(value)} n\u2019est pas une cible\u202f; commencez-la par https://, ntfy://, ntfys://, desktop:// ou exec://.`,
    unknownSetting: (name: string, known: readonly string[]) =>
      `Réglage inconnu ${frenchQuoted(name)}\u202f; réglages connus\u00a0: ${known.join(', ')}.`,
  },
} as const satisfies Record<SettingLang, Record<string, unknown>>;

/** What is said of a config file motoroute cannot or will not use, per language (./read.ts). */
export const CONFIG_FILE_WORDS = {
  en: {
    unreadable: (path: string, reason: string) => `Cannot read the config file ${path}: ${reason}.`,
    notJson: (path: string) => `The config file ${path} is not valid JSON; fix it or reset it with: rm '${path}'`,
    otherOwner: (path: string, uid: number) =>
      `The config file ${path} belongs to another user (uid ${uid}); motoroute does not use it. Fix it with: chown "$(id -u)" '${path}' (or remove it)`,
    writableFile: (path: string, mode: string) =>
      `The config file ${path} can be written by others (mode ${mode}); motoroute does not use it. Fix it with: chmod 600 '${path}'`,
    writableFolder: (directory: string, mode: string) =>
      `The config directory ${directory} can be written by others (mode ${mode}); motoroute does not use its config file. Fix it with: chmod 700 '${directory}'`,
    unwritable: (directory: string, reason: string) => `Cannot write the config file in ${directory}: ${reason}.`,
    locked: (lock: string) =>
      `The config file is being changed by another motoroute (lock ${lock}); try again, or delete the lock if none is running.`,
  },
  fr: {
    unreadable: (path: string, reason: string) => `Impossible de lire le fichier de réglages ${path}\u00a0: ${reason}.`,
    notJson: (path: string) =>
      `Le fichier de réglages ${path} n\u2019est pas du JSON valide\u202f; corrigez-le, ou repartez de zéro avec\u00a0: rm '${path}'`,
    otherOwner: (path: string, uid: number) =>
      `Le fichier de réglages ${path} appartient à un autre utilisateur (uid ${uid})\u202f; motoroute ne s\u2019en sert pas. Pour corriger\u00a0: chown "$(id -u)" '${path}' (ou supprimez-le)`,
    writableFile: (path: string, mode: string) =>
      `Le fichier de réglages ${path} peut être modifié par d\u2019autres (mode ${mode})\u202f; motoroute ne s\u2019en sert pas. Pour corriger\u00a0: chmod 600 '${path}'`,
    writableFolder: (directory: string, mode: string) =>
      `Le dossier de réglages ${directory} peut être modifié par d\u2019autres (mode ${mode})\u202f; motoroute ne se sert pas de son fichier de réglages. Pour corriger\u00a0: chmod 700 '${directory}'`,
    unwritable: (directory: string, reason: string) =>
      `Impossible d\u2019écrire le fichier de réglages dans ${directory}\u00a0: ${reason}.`,
    locked: (lock: string) =>
      `Un autre motoroute modifie le fichier de réglages (verrou ${lock})\u202f; réessayez, ou supprimez le verrou si aucun ne tourne.`,
  },
} as const satisfies Record<SettingLang, Record<string, unknown>>;

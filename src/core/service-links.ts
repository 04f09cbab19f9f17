import { CORE_WORDS } from './words.js';

/**
 * Whether a link the service sent may reach a screen, a file or a clipboard: an absolute http: or https: address.
 * A `javascript:`, `data:` or `file:` link (a hostile or broken service) runs or reads something when clicked.
 */
export function isWebLink(text: string): boolean {
  if (!/^https?:\/\//i.test(text.trim())) return false;
  try {
    const url = new URL(text.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The link to give for booking: the service's when it is a web link, else the configured booking form. */
export interface BookingLink {
  url: string;
  /** The service sent a link that is not http(s): it was replaced (worth a note). */
  replaced: boolean;
}

/** The service's booking link if it is a web link; otherwise (none, or another scheme) the configured form. */
export function bookingLink(fromService: string | undefined, configured: string): BookingLink {
  if (fromService === undefined || fromService === '') return { url: configured, replaced: false };
  if (isWebLink(fromService)) return { url: fromService.trim(), replaced: false };
  return { url: configured, replaced: true };
}

/** The note said when the service's booking link was replaced. */
export function replacedLinkNote(lang: 'en' | 'fr'): string {
  return CORE_WORDS[lang].replacedLink;
}

import type { BookingEmail } from './compose.js';

/** Who else the draft names: a copy, the address replies go to, the sender, and the form link added to the text. */
export interface DraftOptions {
  /** Cc: (besides the customer, whom an e-mail in the desk's voice copies already). */
  cc?: string | undefined;
  /**
   * Reply-To: when the e-mail does not decide it. An e-mail composed in the desk's voice has none (the answer goes
   * to the desk that sends it); one in the customer's voice has the customer's e-mail.
   */
  replyTo?: string | undefined;
  /** From: the `from` setting, an address or `Name <address>`. */
  from?: string | undefined;
  /** A paragraph added above the closing and signature (the form link, worded in the e-mail's language). */
  footer?: string | undefined;
  /** Date: header; the moment of composition by default. */
  date?: Date | undefined;
}

/**
 * The e-mail as an RFC 5322 message with `X-Unsent: 1`, so that Outlook, Thunderbird and Apple Mail open it as an
 * editable draft: UTF-8 text, encoded headers, CRLF line ends. Built by nodemailer's MailComposer, which only
 * builds the message and sends nothing; it is loaded on first use (a vendor bundle of the CLI). Not exported by
 * motoroute/booking, which stays free of dependencies.
 */
export async function buildDraftMessage(email: BookingEmail, options: DraftOptions = {}): Promise<Buffer> {
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer');
  const body = withFooter(email, options.footer);
  const replyTo = email.voice === undefined ? options.replyTo : email.replyTo;
  const cc = [...new Set([email.cc, options.cc].filter((address): address is string => Boolean(address)))];
  const composer = new MailComposer({
    to: email.to,
    ...(cc.length > 0 ? { cc: cc.join(', ') } : {}),
    ...(replyTo ? { replyTo } : {}),
    ...(options.from ? { from: options.from } : {}),
    subject: email.subject,
    // MailComposer keeps the text's own line ends inside the encoding: give it CRLF, as RFC 5322 wants.
    text: `${body.replace(/\r\n|\r|\n/g, '\r\n')}\r\n`,
    date: options.date ?? new Date(),
    headers: { 'X-Unsent': '1' },
  });
  return new Promise((resolve, reject) => {
    composer.compile().build((error, message) => (error ? reject(error) : resolve(message)));
  });
}

/** The body with the footer above its closing and signature; at the end when the body (a template's, say) ends otherwise. */
function withFooter(email: BookingEmail, footer: string | undefined): string {
  if (!footer) return email.body;
  const signOff = email.signOff ? `\n\n${email.signOff}` : '';
  if (signOff && email.body.endsWith(signOff)) return `${email.body.slice(0, -signOff.length)}\n\n${footer}${signOff}`;
  return `${email.body}\n\n${footer}`;
}

import type { BookingEmail } from './compose.js';

/** Who else the draft names: a copy, the address replies go to, the sender, and the form link added under the text. */
export interface DraftOptions {
  /** Cc: (the customer, say). */
  cc?: string | undefined;
  /** Reply-To: (the customer's e-mail when given). */
  replyTo?: string | undefined;
  /** From: the `from` setting, an address or `Name <address>`. */
  from?: string | undefined;
  /** A last paragraph of the body (the form link, worded in the e-mail's language). */
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
  const body = [email.body, ...(options.footer ? [options.footer] : [])].join('\n\n');
  const composer = new MailComposer({
    to: email.to,
    ...(options.cc ? { cc: options.cc } : {}),
    ...(options.replyTo ? { replyTo: options.replyTo } : {}),
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

// The server's mail transport (MARQUEE_SMTP_URL): notices that also go to the bell are emailed where
// a mail server is configured, and nowhere else. Sending never fails the request that caused it: an
// SMTP server that is down or refuses the message is logged, the decision stands.
import { createTransport } from 'nodemailer';

/** One email: plain text, to one address. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Sends in the background: resolves once sent or once the failure is logged; never rejects. */
  send(mail: Mail): Promise<void>;
}

/** How long an unreachable or silent SMTP server is waited for (ms): a decision's email is not worth more. */
const SMTP_TIMEOUT_MS = 15_000;

/** No mail transport configured: nothing is sent, no error (the notice is in the bell). */
export const NO_MAIL: Mailer = { send: async () => {} };

/** A mailer over SMTP: `smtpUrl` is smtp:// (STARTTLS when offered) or smtps:// (TLS), with credentials in it if any. */
export function smtpMailer(settings: { smtpUrl: string; from: string }, log: (message: string) => void = console.error): Mailer {
  const transport = createTransport({
    url: settings.smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    async send(mail) {
      try {
        await transport.sendMail({ from: settings.from, to: mail.to, subject: mail.subject, text: mail.text });
      } catch (error) {
        // The address only, never the SMTP URL (it may hold a password).
        log(`Email to ${mail.to} ("${mail.subject}") was not sent: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  };
}

/** The mailer of a configuration: SMTP where MARQUEE_SMTP_URL is set, else none. */
export function configuredMailer(mail: { smtpUrl: string; from: string } | undefined): Mailer {
  return mail ? smtpMailer(mail) : NO_MAIL;
}

// What a studio is told once its verification application is decided: one title and message for the
// bell (read-models/notifications.ts) and for the email sent where a mail transport is configured.
import type { Application } from '../db/verification.ts';
import type { Mail, Mailer } from './mail.ts';

/** The mail side of verification decisions: the mailer (NO_MAIL without a transport) and the page the email links to. */
export interface DecisionMail {
  mailer: Mailer;
  /** The Verification page's public address; none: the email has no link. */
  pageUrl?: string;
}

type Decided = Pick<Application, 'status' | 'studioName' | 'rejectionReason'>;

export function verificationNotice(application: Decided): { title: string; message: string } {
  if (application.status === 'approved') {
    return { title: 'Studio verified', message: `${application.studioName} is verified: its films may raise up to the verified funding cap.` };
  }
  return {
    title: 'Verification declined',
    message: `${application.studioName} was not verified: ${application.rejectionReason ?? 'no reason given'}. You may apply again.`,
  };
}

/** The decision's email to the application's contact address. */
export function verificationMail(application: Decided & Pick<Application, 'contactEmail'>, pageUrl: string | undefined): Mail {
  const { title, message } = verificationNotice(application);
  const link = pageUrl ? `\n\nSee your application: ${pageUrl}` : '';
  return { to: application.contactEmail, subject: `Marquee: ${title}`, text: `${message}${link}\n\nThe Marquee team` };
}

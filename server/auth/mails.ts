// Auth's mailed links (GoTrue's recovery, confirmation and email_change mails): a one-time token,
// its link to /auth/v1/verify and the mail, written in one transaction, so there is never a link
// that was not mailed nor a mail whose link does not work. Mail goes through ctx.mail (SMTP or the
// local mailbox).
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { issueOneTimeToken } from './users.ts';

/** The one-time token kinds; email_change has one per address when both must confirm. */
export type LinkKind = 'recovery' | 'signup' | 'email_change_new' | 'email_change_current';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const WORDING: Record<LinkKind, (newEmail: string) => { subject: string; intro: string; action: string }> = {
  recovery: () => ({
    subject: 'Reset your BrawlCup password',
    intro: 'Someone asked to reset the password of your BrawlCup account.',
    action: 'Choose a new password',
  }),
  signup: () => ({
    subject: 'Confirm your BrawlCup account',
    intro: 'Welcome to BrawlCup! Confirm this address to start playing.',
    action: 'Confirm your address',
  }),
  email_change_new: (to) => ({
    subject: 'Confirm your new BrawlCup address',
    intro: `Confirm ${to} as the new address of your BrawlCup account.`,
    action: 'Confirm the new address',
  }),
  email_change_current: (to) => ({
    subject: 'Confirm the change of your BrawlCup address',
    intro: `Someone asked to change the address of your BrawlCup account to ${to}.`,
    action: 'Confirm the change',
  }),
};

/** GoTrue's verify type for each token kind. */
const VERIFY_TYPE: Record<LinkKind, string> = {
  recovery: 'recovery',
  signup: 'signup',
  email_change_new: 'email_change',
  email_change_current: 'email_change',
};

export async function sendLinkMail(
  ctx: ServerContext,
  tx: Queryable,
  kind: LinkKind,
  user: { id: string; email: string },
  to: string,
  redirectTo: string,
  newEmail = '',
): Promise<void> {
  const token = await issueOneTimeToken(tx, user.id, kind);
  const link = `${ctx.config.apiUrl}/auth/v1/verify?token=${token}&type=${VERIFY_TYPE[kind]}&redirect_to=${encodeURIComponent(redirectTo)}`;
  const { subject, intro, action } = WORDING[kind](newEmail);
  const ignore = 'If it was not you, ignore this message. The link works once, for one hour.';
  await ctx.mail.send(
    {
      to,
      subject,
      text: `${intro}\n\n${action}:\n${link}\n\n${ignore}`,
      html: `<h2>${escapeHtml(subject)}</h2><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${ignore}</p>`,
      link,
    },
    tx,
  );
}

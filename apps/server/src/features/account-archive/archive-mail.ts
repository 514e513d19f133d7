import type { ProductMail } from '../product-mail/index.js';

/** What a person typed, on one line: a plain-text email's lines are the product's. */
const oneLine = (value: string) => value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();

/**
 * The email that says an archive is ready. It carries no way to the file itself: the link opens the
 * account page, where the download needs the account manager's session (decision 0274).
 */
export function archiveReadyMail(opts: { to: string; name: string; accountName: string; appUrl: string; expiresAt: Date }): ProductMail {
  const until = opts.expiresAt.toISOString().replace('T', ' ').slice(0, 16);
  const name = oneLine(opts.name);
  const practice = oneLine(opts.accountName);
  return {
    to: opts.to,
    subject: 'Your data export is ready',
    body: [
      `Hello${name ? ` ${name}` : ''},`,
      '',
      `The export of all of ${practice ? `${practice}'s` : "your practice's"} data that you asked for is ready.`,
      '',
      `Download it from the Account page (sign in first): ${opts.appUrl.replace(/\/$/, '')}/myAccount`,
      '',
      `It can be downloaded until ${until} UTC; then it is removed.`,
      '',
      'If you did not ask for this export, tell the people who manage your practice in Willow.',
    ].join('\n'),
  };
}

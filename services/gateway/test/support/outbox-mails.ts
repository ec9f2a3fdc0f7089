// The mails a test run's services wrote to OUTBOX_DIR (no SMTP_URL in tests), read back by recipient.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually } from '../../../../scripts/jest/helpers.mjs';

/** Every mail written to the run's outbox for `email`, oldest first, quoted-printable decoded. */
export function mailsTo(email: string): string[] {
  const dir = process.env.OUTBOX_DIR!;
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .filter((m) => new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(m))
    .map((m) =>
      m.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    );
}

/** The first link to `path` (with a `token` query) in a mail. */
export function linkIn(mail: string, path: string): URL {
  const found = mail.match(
    new RegExp(`https?://[^\\s"<>]+${path.replace(/[/?]/g, '\\$&')}\\?token=[A-Za-z0-9_-]+[^\\s"<>]*`),
  );
  if (!found) throw new Error(`no ${path} link in the mail`);
  return new URL(found[0].replace(/&amp;/g, '&'));
}

/** The link to `path` in the newest mail to `email` that has one, once it has arrived. */
export function newestLink(email: string, path: string): Promise<URL> {
  return eventually(async () => {
    const mail = mailsTo(email)
      .reverse()
      .find((m) => {
        try {
          return Boolean(linkIn(m, path));
        } catch {
          return false;
        }
      });
    if (!mail) throw new Error(`no mail to ${email} with a ${path} link yet`);
    return linkIn(mail, path);
  }) as Promise<URL>;
}

/**
 * `npm run admin -- create --email … --phone … [--name … --name-en … --locale ru|en]`: creates an administrator
 * without a password in the portal's database (DATABASE_URL, else the embedded database of DATA_DIR, which must not
 * be open in a running server) and issues the single-use activation link, as the console does for new staff. With
 * SMTP_URL the link is mailed before the command ends; otherwise it is printed. Exits 1 when nothing was created
 * (invalid arguments, a taken e-mail or phone, a database in use) or when the mail could not be sent.
 */
import { parseArgs } from 'node:util';
import { staffDataSchema } from '@portal/contract/backoffice-staff';
import { isMessageKey, message } from '@portal/contract/messages';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/connection.ts';
import { acquireEmbeddedLock, EmbeddedLockError } from '../db/embedded-lock.ts';
import { migrate } from '../db/migrate.ts';
import { AppError } from '../http/errors.ts';
import { smtpMailer } from '../integrations/mail.ts';
import { invitationEmail } from '../modules/auth/emails.ts';
import { companyName } from '../modules/company/service.ts';
import { deliverEmailNow, enqueueEmail } from '../modules/outbox/outbox.ts';
import { createStaffAccount } from '../modules/staff/service.ts';

const USAGE =
  'usage: npm run admin -- create --email <e-mail> --phone <+7 phone> [--name <name> --name-en <English name>] [--locale ru|en]';

function fail(text: string): never {
  console.error(text);
  process.exit(1);
}

let parsed: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      phone: { type: 'string' },
      name: { type: 'string' },
      'name-en': { type: 'string' },
      locale: { type: 'string' },
    },
  });
}
try {
  parsed = parse();
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
const { values, positionals } = parsed;
if (positionals.length !== 1 || positionals[0] !== 'create') fail(USAGE);

const input = staffDataSchema.safeParse({
  name: values.name ?? 'Администратор',
  nameEn: values['name-en'] ?? (values.name ? '' : 'Administrator'),
  email: values.email,
  phone: values.phone,
  role: 'ADMIN',
  locale: values.locale ?? 'ru',
});
if (!input.success) {
  const problems = input.error.issues.map((issue) => {
    const field = issue.path.join('.') === 'nameEn' ? 'name-en' : issue.path.join('.');
    return `  --${field}: ${isMessageKey(issue.message) ? message(issue.message, 'en') : issue.message}`;
  });
  fail(`Invalid arguments:\n${problems.join('\n')}\n${USAGE}`);
}
const data = input.data;

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

let lock: ReturnType<typeof acquireEmbeddedLock> | null = null;
if (!config.databaseUrl) {
  try {
    lock = acquireEmbeddedLock(config.dataDir, 'npm run admin');
  } catch (error) {
    if (error instanceof EmbeddedLockError) fail(error.message);
    throw error;
  }
}

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(database);
  const created = await database.db.transaction().execute(async (trx) => {
    const account = await createStaffAccount(trx, config.publicUrl, data, null);
    if (!config.smtpUrl) return { ...account, outboxId: null };
    // Queued in the outbox too: should the delivery below fail, the server's worker retries it.
    const mail = invitationEmail(data.locale, account.url, 'staff', await companyName(trx, data.locale));
    const outboxId = await enqueueEmail(trx, { to: data.email, ...mail });
    return { ...account, outboxId };
  });
  console.log(`Administrator ${data.email} (${data.phone}) created, user id ${created.userId}.`);
  if (config.smtpUrl && created.outboxId !== null) {
    const mailer = smtpMailer(config.smtpUrl, config.mailFrom);
    try {
      await deliverEmailNow(database.db, mailer, created.outboxId);
      console.log(`The activation link was mailed to ${data.email}; it works once, within 24 hours.`);
    } catch (error) {
      console.error(
        `The activation e-mail could not be sent (${(error as Error).message}); the server will retry it.\n` +
          `Meanwhile the administrator can activate the account at:\n${created.url}`,
      );
      process.exitCode = 1;
    } finally {
      mailer.close();
    }
  } else {
    console.log(
      `Mail is not configured (SMTP_URL): open this activation link to set the password (it works once, within 24 hours):\n${created.url}`,
    );
  }
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  console.error(message(error.messageKey, 'en'));
  process.exitCode = 1;
} finally {
  await database.close();
  lock?.release();
}

// The operator's command for the administrator role: npm run admin -- grant|revoke <email>.
// Works on the same database npm start uses (DATA_DIR's PGlite, or DATABASE_URL); stop the server
// first when it runs on PGlite, which allows one process at a time.
import { readOptions } from '../config.ts';
import { openStackDatabase } from '../stack.ts';
import { migrate } from '../db/migrate.ts';
import { setAdmin } from '../auth/admin.ts';

const usage = 'Usage: npm run admin -- grant <email> | revoke <email> | list';

async function main(argv: string[]): Promise<number> {
  const [command, email] = argv;
  const options = readOptions();
  if (command !== 'list' && (!['grant', 'revoke'].includes(command ?? '') || !email)) {
    console.error(usage);
    return 2;
  }
  const db = await openStackDatabase(options);
  try {
    await migrate(db, options.supabaseDir);
    if (command === 'list') {
      const { rows } = await db.query<{ email: string }>(
        "select email from auth.users where raw_app_meta_data ->> 'role' = 'admin' order by email",
      );
      console.log(rows.length ? rows.map((r) => r.email).join('\n') : 'No administrators.');
      return 0;
    }
    const changed = await setAdmin(db, email!, command === 'grant');
    if (!changed) {
      console.error(`No account with the email ${email}. The person must sign up first.`);
      return 1;
    }
    console.log(
      command === 'grant'
        ? `${email} is now an administrator. It takes effect at their next sign-in (or token refresh).`
        : `${email} is no longer an administrator. It takes effect at their next sign-in (or token refresh).`,
    );
    return 0;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

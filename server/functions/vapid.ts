// The VAPID key pair web push is signed with: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set, else
// made on first start and kept in DATA_DIR/vapid.json (0600), like the JWT secret. Changing it
// invalidates every browser's subscription, so it is made once.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export async function loadVapidKeys(dir: string | undefined, env: NodeJS.ProcessEnv = process.env): Promise<VapidKeys> {
  const subject = env.VAPID_SUBJECT || 'mailto:admin@brawlcup.local';
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  }
  if (dir) {
    const file = join(dir, 'vapid.json');
    const stored = await readFile(file, 'utf8').then(
      (text) => JSON.parse(text) as Partial<VapidKeys>,
      () => undefined,
    );
    if (stored?.publicKey && stored.privateKey)
      return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
    const made = webpush.generateVAPIDKeys();
    await mkdir(dir, { recursive: true });
    await writeFile(file, JSON.stringify(made) + '\n', { mode: 0o600 });
    return { ...made, subject };
  }
  return { ...webpush.generateVAPIDKeys(), subject };
}

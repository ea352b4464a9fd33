// Evidence: screenshots a match's captains attach to its result or a dispute, kept by Storage in the
// private `evidence` bucket at `<match id>/<file>`. The bucket's limits (config.toml) and its
// policies (supabase/schemas/storage.sql) decide; the app checks the same limits first, in the same
// words as lib/errors.ts gives Storage's refusals. Both the match dialog and the admin screens use it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { env } from '@/config/env';
import { supabase } from '@/lib/supabase';
import { useAuth } from '@/lib/auth';
import { AppError, EVIDENCE_MESSAGES, unwrap } from '@/lib/errors';

export const EVIDENCE_BUCKET = 'evidence';
export const EVIDENCE_MAX_BYTES = 5 * 1024 * 1024;
export const EVIDENCE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** Signed thumbnail links last an hour; the list is read again well before. */
const LINK_SECONDS = 3600;

export const evidenceFileSchema = z
  .instanceof(File)
  .refine((f) => (EVIDENCE_TYPES as readonly string[]).includes(f.type), EVIDENCE_MESSAGES.type)
  .refine((f) => f.size <= EVIDENCE_MAX_BYTES, EVIDENCE_MESSAGES.size);

/**
 * The evidence bucket through Storage's client, fetched the first time evidence is shown or sent:
 * the build leaves supabase-js's own `storage` out of every screen's first download (vite.config.ts,
 * lib/supabase-unused.ts). It speaks as the signed-in person, as supabase.storage would.
 */
async function evidenceBucket() {
  const [{ StorageClient }, { data }] = await Promise.all([import('@supabase/storage-js'), supabase.auth.getSession()]);
  const token = data.session?.access_token ?? env.SUPABASE_ANON_KEY;
  const client = new StorageClient(`${env.SUPABASE_URL}/storage/v1`, {
    apikey: env.SUPABASE_ANON_KEY,
    Authorization: `Bearer ${token}`,
  });
  return client.from(EVIDENCE_BUCKET);
}

export type Evidence = { name: string; url: string; uploadedAt: string | null };

/** Per match and per person: who is signed in decides what the policies show. */
export const evidenceKey = (matchId: string, userId: string | null) => ['evidence', matchId, userId] as const;

/** A file name Storage accepts: letters, digits, dot, dash and underscore, after a time stamp. */
function objectName(matchId: string, file: File): string {
  const extension = file.type.split('/')[1] === 'jpeg' ? 'jpg' : file.type.split('/')[1];
  const base =
    file.name
      .replace(/\.[^.]*$/, '')
      .replace(/[^\w-]+/g, '-')
      .slice(0, 40) || 'screenshot';
  return `${matchId}/${Date.now()}-${base}.${extension}`;
}

export async function uploadEvidence(matchId: string, file: File): Promise<void> {
  const parsed = evidenceFileSchema.safeParse(file);
  if (!parsed.success) throw new AppError(parsed.error.issues[0]!.message, { userFacing: true });
  // The bytes themselves with their type (not a form): Storage takes both, and this one needs no
  // multipart encoding from whatever fetch the page has.
  const body = await file.arrayBuffer();
  const bucket = await evidenceBucket();
  unwrap(await bucket.upload(objectName(matchId, file), body, { contentType: file.type }));
}

/** The match's screenshots the caller may see, oldest first, each with a signed link. */
export async function listEvidence(matchId: string): Promise<Evidence[]> {
  const bucket = await evidenceBucket();
  const listed = unwrap(await bucket.list(matchId, { sortBy: { column: 'name', order: 'asc' } })) ?? [];
  const files = listed.filter((f) => f.id);
  if (files.length === 0) return [];
  const paths = files.map((f) => `${matchId}/${f.name}`);
  const links = unwrap(await bucket.createSignedUrls(paths, LINK_SECONDS)) ?? [];
  return files.flatMap((f, i) =>
    links[i]?.signedUrl ? [{ name: f.name, url: links[i]!.signedUrl, uploadedAt: f.created_at ?? null }] : [],
  );
}

export function useEvidence(matchId: string) {
  const userId = useAuth().user?.id ?? null;
  return useQuery({
    queryKey: evidenceKey(matchId, userId),
    queryFn: () => listEvidence(matchId),
    staleTime: 5 * 60_000,
    enabled: userId !== null,
  });
}

export function useUploadEvidence(matchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadEvidence(matchId, file),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['evidence', matchId] }),
  });
}

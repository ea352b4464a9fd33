// The messages sent through the contact form, for the administrators (RLS shows them to no one
// else), newest first; and marking one answered or waiting again (their update alone: answered_at).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database';

export type ContactMessage = Pick<
  Tables<'contact_messages'>,
  'id' | 'email' | 'subject' | 'message' | 'created_at' | 'answered_at'
>;

export const contactKeys = { messages: ['contact', 'messages'] as const };

export async function getContactMessages(): Promise<ContactMessage[]> {
  const { data } = await supabase
    .from('contact_messages')
    .select('id, email, subject, message, created_at, answered_at')
    .order('created_at', { ascending: false })
    .throwOnError();
  return data;
}

export function useContactMessages() {
  return useQuery({ queryKey: contactKeys.messages, queryFn: getContactMessages });
}

export async function markContactMessage({ id, answered }: { id: string; answered: boolean }): Promise<void> {
  await supabase
    .from('contact_messages')
    .update({ answered_at: answered ? new Date().toISOString() : null })
    .eq('id', id)
    .select('id')
    .single()
    .throwOnError();
}

export function useMarkContactMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markContactMessage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactKeys.messages }),
  });
}

/** The reply, in the administrator's own mail program: to the sender, "Re: <subject>". */
export function replyLink(m: Pick<ContactMessage, 'email' | 'subject'>): string {
  return `mailto:${encodeURIComponent(m.email).replace('%40', '@')}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`;
}

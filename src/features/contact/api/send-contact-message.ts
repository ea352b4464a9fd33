// Sending a contact message: to the external form service (CONTACT_FORM_URL, success on 2xx) when
// one is configured, otherwise into the contact_messages table (anyone may insert).
import { z } from '@/lib/zod';
import { env } from '@/config/env';
import { AppError, toAppError, unwrap } from '@/lib/errors';

export const CONTACT_SENT = 'Message submitted successfully!';

export const contactSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { message: 'Email is required.' })
    .pipe(z.email({ message: 'Enter a valid email address.' })),
  subject: z
    .string()
    .trim()
    .min(1, { message: 'Subject is required.' })
    .max(200, { message: 'Subject must be 200 characters or fewer.' }),
  message: z
    .string()
    .trim()
    .min(1, { message: 'Message is required.' })
    .max(5000, { message: 'Message must be 5000 characters or fewer.' }),
});

export type ContactInput = z.infer<typeof contactSchema>;

export async function sendContactMessage(
  input: ContactInput,
  formUrl: string | undefined = env.CONTACT_FORM_URL,
): Promise<void> {
  // The client's code comes with the first call, not with the screen (bench/bundle).
  const { supabase } = await import('@/lib/supabase');
  if (formUrl) {
    let response: Response;
    try {
      response = await fetch(formUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(input),
      });
    } catch (error) {
      throw toAppError(error);
    }
    if (response.status === 429) throw new AppError('Too many requests', { status: 429 });
    if (!response.ok) {
      throw new AppError(
        `Your message could not be sent (the form service answered ${response.status}). Please try again.`,
        {
          status: response.status,
          userFacing: true,
        },
      );
    }
    return;
  }
  unwrap(await supabase.from('contact_messages').insert(input));
}

// Contact Us: email, subject and message, all required. The button reads "Submitting..." while
// sending; success clears the fields. A signed-in player's email is filled in.
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { FormError } from '@/components/ui/form-error';
import {
  CONTACT_SENT,
  contactSchema,
  sendContactMessage,
  type ContactInput,
} from '@/features/contact/api/send-contact-message';

export function ContactForm() {
  const { user } = useAuth();
  const [sent, setSent] = useState(false);
  const form = useForm<ContactInput>({
    resolver: zodResolver(contactSchema),
    defaultValues: { email: user?.email ?? '', subject: '', message: '' },
  });
  const { errors, isSubmitting } = form.formState;

  // The session may arrive after the first render: fill in the email unless someone typed one.
  useEffect(() => {
    if (user?.email && !form.getValues('email')) form.setValue('email', user.email);
  }, [user?.email, form]);

  const onSubmit = form.handleSubmit(async (input) => {
    setSent(false);
    try {
      await sendContactMessage(input);
      form.reset({ email: '', subject: '', message: '' });
      setSent(true);
    } catch (error) {
      form.setError('root', { message: errorMessage(error) });
    }
  });

  return (
    <Card maw={640} mx="auto" w="100%" p={{ base: 'md', sm: 'xl' }} radius="lg" shadow="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={1} fz={{ base: 26, sm: 30 }}>
              Contact Us
            </Title>
            <Text c="dimmed">Questions about a tournament? Send us a message.</Text>
          </div>
          <FormError message={errors.root?.message} />
          {sent && (
            <Alert color="green" variant="light" role="status">
              {CONTACT_SENT}
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            required
            autoComplete="email"
            {...form.register('email')}
            error={errors.email?.message}
          />
          <TextInput label="Subject" required {...form.register('subject')} error={errors.subject?.message} />
          <Textarea
            label="Message"
            required
            minRows={5}
            autosize
            {...form.register('message')}
            error={errors.message?.message}
          />
          <Button type="submit" size="md" disabled={isSubmitting} fullWidth>
            {isSubmitting ? 'Submitting...' : 'Submit'}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

// /contactus (open to everyone)
import { ContactForm } from '@/features/contact/components/contact-form';

export default function ContactRoute() {
  return <ContactForm />;
}

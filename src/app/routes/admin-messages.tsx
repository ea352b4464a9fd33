// /admindashboard/messages: the contact form's messages, for administrators to read and answer (the
// dashboard's frame around it; the router admits administrators only, RLS shows them to no one else).
import { ContactMessages } from '@/features/contact/components/contact-messages';

export default function AdminMessagesRoute() {
  return <ContactMessages />;
}

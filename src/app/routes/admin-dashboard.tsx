// Placeholder until the tournaments/admin engineer commits this screen.
export default function AdminDashboardRoute() {
  return null;
}

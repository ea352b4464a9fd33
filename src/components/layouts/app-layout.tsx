// The frame of signed-in screens: the navigation header above the page, and the server-state cache
// they read through (the landing page and the sign-in screens go without it).
import '@/components/layouts/styles-app';
import { Container } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { Header } from '@/components/layouts/header';
import { QueryProvider } from '@/lib/query-client';

export default function AppLayout() {
  return (
    <QueryProvider>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <Container component="main" id="main" size="lg" py="xl" px={{ base: 'sm', sm: 'md' }}>
        <Outlet />
      </Container>
    </QueryProvider>
  );
}

// The frame of signed-in screens: the navigation header above the page.
import '@/app/styles-app';
import { Container } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { Header } from '@/components/layouts/header';

export default function AppLayout() {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <Container component="main" id="main" size="lg" py="xl" px={{ base: 'sm', sm: 'md' }}>
        <Outlet />
      </Container>
    </>
  );
}

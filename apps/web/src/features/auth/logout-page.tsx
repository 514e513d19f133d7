import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSignOut } from './use-sign-out';

export default function LogoutPage() {
  useDocumentTitle('Signing out');
  const signOut = useSignOut();
  const navigate = useNavigate();
  // StrictMode runs effects twice in development; sign out once.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signOut().then(() => navigate('/login', { replace: true }));
  }, [signOut, navigate]);
  return <PageLoader fullScreen />;
}

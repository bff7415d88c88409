import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { PageFrame } from './page-frame';

/** {@link PageFrame} inside the router: the brand goes home without a reload. */
export function PageScreen({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return <PageFrame onHome={() => void navigate('/')}>{children}</PageFrame>;
}

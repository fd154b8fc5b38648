import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/layout/Logo';

/** Sign-in screens have no shell: a centred card on the dark backdrop. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="auth">
      <main className="auth__card" id="main">
        <Link to="/" className="auth__logo" aria-label="cuview TV home">
          <Logo />
        </Link>
        <h1 className="auth__title">{title}</h1>
        {children}
      </main>
    </div>
  );
}

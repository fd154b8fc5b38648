import { Link } from 'react-router';
import { Logo } from './Logo';

export function Footer() {
  return (
    <footer className="footer">
      <Link to="/" aria-label="cuview TV home">
        <Logo />
      </Link>
      <p>© 2024 cuview. All rights reserved.</p>
    </footer>
  );
}

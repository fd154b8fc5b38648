import { Link } from 'react-router';

/** An edit screen's heading with the way back to its list. */
export function EditPageHeader({ title, back, backText }: { title: string; back: string; backText: string }) {
  return (
    <header className="admin-page__header">
      <h1>{title}</h1>
      <Link to={back} className="button button--ghost button--small">
        {backText}
      </Link>
    </header>
  );
}

import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** Shown when a route fails to render or its chunk fails to load (for example after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="page page--center">
      <h1>{notFound ? 'Page not found' : 'Something went wrong'}</h1>
      {!notFound && (
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          Reload
        </button>
      )}
      <Link to="/">Go to the home page</Link>
    </div>
  );
}

export function NotFound() {
  return (
    <div className="page page--center">
      <h1>Page not found</h1>
      <Link to="/">Go to the home page</Link>
    </div>
  );
}

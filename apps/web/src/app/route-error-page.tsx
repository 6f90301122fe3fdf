import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage, StatusPage } from './not-found-page';

/** Shown when a route throws while rendering or loading, instead of a blank screen. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <StatusPage
      title="Something went wrong"
      code="Error"
      message="An unexpected error stopped this page. Reload to try again; if it keeps happening, let us know."
    />
  );
}

import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

/** /redirect/:path* re-opens a path (used to refresh a tab). */
export default function Redirect() {
  const params = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(`/${params['*'] ?? ''}${search}`, { replace: true });
  }, [navigate, params, search]);
  return null;
}

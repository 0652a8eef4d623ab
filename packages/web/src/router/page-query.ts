// A page's own query (?batchId=, ?tab=…) as React state, mirrored into the address bar.
//
// Why not read the URL on every render: a query change is a router navigation, which React runs as a
// transition. Two quick clicks (one tab, then another) could leave the second one untaken, or the tab
// bar and the shown tab disagreeing, while the first navigation was still pending. The state here
// changes at once; the URL follows with `replace` (no history entry per tab). The URL leads only when
// someone arrives by a link, a notice or the back button (a push or pop to this page's own path).
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router';

export function usePageQuery(): [URLSearchParams, (patch: Record<string, string | null>) => void] {
  const location = useLocation();
  const navigationType = useNavigationType();
  const [urlParams, setUrlParams] = useSearchParams();
  const own = useRef(location.pathname);
  const [params, setParams] = useState(() => new URLSearchParams(urlParams));

  // Only the page's own path leads it. A hidden tab's page keeps the address it was last shown at
  // (shell/Layout.tsx KeptLocation), so this guards what is left: a first render on a path spelled otherwise.
  useEffect(() => {
    if (location.pathname !== own.current || navigationType === 'REPLACE') return;
    setParams(new URLSearchParams(location.search));
  }, [location.pathname, location.search, navigationType]);

  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    setParams(next);
    if (location.pathname === own.current) setUrlParams(next, { replace: true });
  };
  return [params, update];
}
